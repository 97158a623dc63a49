import type { JobSummary } from '../ingest/job';
import type { SecClient } from '../sources/sec';
import type { YahooChartClient } from '../sources/yahooChart';
import type { WriteContext } from '../store/marketData';
import { collectFundProfiles } from './profiles';
import { fundClasses, fundNavs, fundProfiles, type NavBar } from './store';
import { fundClassesOf, fundWatchlist, type FundClass } from './tickers';

/**
 * The fundProfiles and fundPrices jobs (functions/ingest/fund*.ts pass in the real clients; tests pass
 * clients with short backoff). Both cover the FUND_WATCHLIST funds, fetch everything first and write
 * only then. One fund failing leaves that fund's stored data as it was and is noted; a run in which
 * every fund failed throws (the job run is recorded as failed, Lambda retries it), and so does a price run
 * in which no fund had a NAV to store.
 */

/** The watchlist's share classes: from the stored SEC list, or the SEC file itself for any not stored yet. */
async function watchlistClasses(sec: SecClient, watchlist: readonly string[], now: Date): Promise<{ classes: FundClass[]; unknown: string[] }> {
  const stored = await fundClasses.getMany(watchlist, now);
  let byTicker = new Map([...stored].map(([ticker, record]) => [ticker, record.value]));
  if (watchlist.some((ticker) => !byTicker.has(ticker))) {
    byTicker = new Map(fundClassesOf(await sec.mutualFundTickers()).map((c) => [c.ticker, c]));
  }
  return {
    classes: watchlist.flatMap((ticker) => byTicker.get(ticker) ?? []),
    unknown: watchlist.filter((ticker) => !byTicker.has(ticker)),
  };
}

export async function ingestFundProfiles(context: WriteContext, sec: SecClient): Promise<JobSummary> {
  const { classes, unknown } = await watchlistClasses(sec, fundWatchlist(), context.now);
  const run = await collectFundProfiles(sec, classes);
  const notes = [...unknown.map((t) => `${t}: not in the SEC mutual fund list`), ...run.notes];
  if (run.profiles.length === 0 && run.failed.length > 0) throw new Error(`no fund profile could be built: ${notes.join('; ')}`);
  await fundProfiles.put(run.profiles, context);
  return { written: run.profiles.length, notes };
}

/** A month of daily bars: enough to fill a few missed runs. */
const NAV_RANGE = '1mo';

export async function ingestFundPrices(context: WriteContext, yahoo: YahooChartClient): Promise<JobSummary> {
  const notes: string[] = [];
  const navs = new Map<string, NavBar[]>();
  let failed = 0;
  const watchlist = fundWatchlist();
  for (const ticker of watchlist) {
    try {
      const chart = await yahoo.chart(ticker, { interval: '1d', range: NAV_RANGE });
      if (!chart) notes.push(`${ticker}: unknown to Yahoo`);
      else if (chart.meta.instrumentType !== 'MUTUALFUND') notes.push(`${ticker}: Yahoo lists it as ${chart.meta.instrumentType}, not a mutual fund`);
      else if (chart.meta.currency !== 'USD') notes.push(`${ticker}: NAV in ${chart.meta.currency ?? 'an unknown currency'}, not USD`);
      else if (chart.bars.length === 0) notes.push(`${ticker}: no NAV in the last month`);
      else navs.set(ticker, chart.bars.map((bar) => ({ time: bar.time, nav: bar.close })));
    } catch (error) {
      failed += 1;
      notes.push(`${ticker}: left as stored (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (navs.size === 0 && failed > 0) throw new Error(`no NAV could be fetched: ${notes.join('; ')}`);
  let written = 0;
  for (const [ticker, bars] of navs) {
    await fundNavs.put(ticker, '1d', bars, context);
    written += bars.length;
  }
  return { written, requested: watchlist.length, notes };
}
