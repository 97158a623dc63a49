import { ingestionJob } from '../../lib/ingest/job';
import { ingestRates } from '../../lib/rates/ingest';
import { chinamoneyClient } from '../../lib/sources/chinamoney';
import { rateJobs } from '../../lib/api/rates';

export const handler = ingestionJob(rateJobs.rateChinamoney, (context) =>
  ingestRates(['prime_cn'] as const, context, async () => ({ prime_cn: [await chinamoneyClient().lpr1y()] })),
);
