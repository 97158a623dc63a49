import { ingestionJob } from '../../lib/ingest/job';
import { secClient } from '../../lib/sources/sec';
import { fundClasses } from '../../lib/funds/store';
import { fundClassesOf } from '../../lib/funds/tickers';
import { fundJobs } from '../../lib/api/funds';

/** The SEC fund share-class list, stored whole (classes no longer listed are removed). */
export const handler = ingestionJob(fundJobs.fundTickers, async (context) => {
  const entries = await secClient().mutualFundTickers();
  const classes = fundClassesOf(entries);
  if (classes.length === 0) throw new Error('company_tickers_mf.json has no usable share-class rows');
  await fundClasses.replaceAll(classes, context);
  const skipped = entries.length - classes.length;
  return { written: classes.length, notes: skipped ? [`${skipped} rows without a plain ticker or with a duplicate ticker skipped`] : [] };
});
