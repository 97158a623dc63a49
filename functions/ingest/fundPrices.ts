import { ingestionJob } from '../../lib/ingest/job';
import { yahooChartClient } from '../../lib/sources/yahooChart';
import { ingestFundPrices } from '../../lib/funds/ingest';
import { fundJobs } from '../../lib/api/funds';

export const handler = ingestionJob(fundJobs.fundPrices, (context) => ingestFundPrices(context, yahooChartClient()));
