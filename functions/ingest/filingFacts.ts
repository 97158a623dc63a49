import { ingestionJob } from '../../lib/ingest/job';
import { ingestFacts, resolveWatchlist, watchlist } from '../../lib/filings/ingestion';
import { secClient } from '../../lib/sources/sec';
import { filingJobs } from '../../lib/api/filings';

export const handler = ingestionJob(filingJobs.filingFacts, async (context) => {
  const { companies, notes } = await resolveWatchlist(watchlist(), context.now);
  return ingestFacts(secClient(), companies, context, notes);
});
