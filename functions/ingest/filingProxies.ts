import { ingestionJob } from '../../lib/ingest/job';
import { ingestProxies, resolveWatchlist, watchlist } from '../../lib/filings/ingestion';
import { secClient } from '../../lib/sources/sec';
import { filingJobs } from '../../lib/api/filings';

export const handler = ingestionJob(filingJobs.filingProxies, async (context) => {
  const { companies, notes } = await resolveWatchlist(watchlist(), context.now);
  return ingestProxies(secClient(), companies, context, notes);
});
