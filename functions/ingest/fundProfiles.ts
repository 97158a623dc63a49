import { ingestionJob } from '../../lib/ingest/job';
import { secClient } from '../../lib/sources/sec';
import { ingestFundProfiles } from '../../lib/funds/ingest';
import { fundJobs } from '../../lib/api/funds';

/** A trust's whole-trust 485BPOS can run to tens of megabytes: a minute per download attempt. */
const DOCUMENT_TIMEOUT_MS = 60_000;

export const handler = ingestionJob(fundJobs.fundProfiles, (context) => ingestFundProfiles(context, secClient({ timeoutMs: DOCUMENT_TIMEOUT_MS })));
