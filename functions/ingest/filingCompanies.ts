import { ingestionJob } from '../../lib/ingest/job';
import { ingestCompanies } from '../../lib/filings/ingestion';
import { secClient } from '../../lib/sources/sec';
import { filingJobs } from '../../lib/api/filings';

export const handler = ingestionJob(filingJobs.filingCompanies, (context) => ingestCompanies(secClient(), context));
