import { NoDataError, UpstreamError } from '../http/errors';
import { sampleMark } from '../http/sample';
import type { Stored } from '../store/marketData';
import { roundDecimal } from '../numbers/round';
import { MAX_DAYS_BETWEEN_SESSIONS } from '../markets/timeSeries';
import { addDays } from '../time/calendarDate';
import type { StockSnapshot } from './chartRead';
import { latestDailyTransition, sessionDateOf, isPublished, type DailyBar } from './dailyBars';
import { isOnWatchlist, readThrough, requestPathClient } from './readThrough';
import { readDaily } from './sourceRead';
import { dailyBars, dailyCoverage, stockSnapshots, stockTickers } from './store';
import { STOCK_TICKERS_JOB } from './tickers';
import { fundClasses, FUND_TICKERS_JOB } from '../funds/store';
import { jobHasSucceeded } from '../ingest/job';
import { sessionCloseTime } from './tradingCalendar';

/**
 * /v1/stockprice. Free keys get the close of the most recent completed session (the newest daily bar
 * visible under the publication schedule, lib/stocks/dailyBars.ts), `updated` = that session's close on the
 * US clock (16:00 ET, as the spec says, also on NYSE early-close days), `volume` = the session's volume. Premium keys
 * get the live price, its time and the day's volume so far.
 * `previous_close` is the close of the session before the one `price` belongs to (null when no such
 * session is stored, or the newest stored one before is too far back to be it: MAX_DAYS_BETWEEN_SESSIONS);
 * `change` = price − previous_close in the price's precision (null without previous_close).
 *
 * Where the data come from: watchlist tickers are kept by the ingestion jobs; any other ticker (or one
 * with nothing stored yet) is read on demand and written to the store, and read again once stored data
 * are out of date (live: after LIVE_QUOTE_SECONDS; close: after the next 17:00/04:00 ET transition).
 * A US-form ticker with nothing stored that is in none of the listings we hold is 404 no_data without
 * asking the source (inNoListing).
 */
export const LIVE_QUOTE_SECONDS = 60;


/** The stored bar of the session before `session` (bars newest first), or undefined when it is not stored. */
function sessionBefore(bars: Stored<DailyBar>[], session: string): Stored<DailyBar> | undefined {
  const before = bars.find((bar) => bar.value.session < session);
  return before && before.value.session >= addDays(session, -MAX_DAYS_BETWEEN_SESSIONS) ? before : undefined;
}

/** A ticker in the US form (letters and digits, parts joined by '-': AAPL, BRK-B): the SEC lists cover those. */
const US_FORM = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/**
 * Whether a ticker with nothing stored is in none of the listings we hold (CONTRACT: 404 no_data without
 * asking an upstream): a US-form ticker, not on the watchlist, in neither the SEC company list (`listing`,
 * already read) nor the SEC fund share classes, once both lists have been ingested. Index (^), exchange
 * suffix (7203.T) and futures or FX (=) forms are listings we do not hold, so the source is asked for them.
 */
async function inNoListing(ticker: string, listing: unknown, now: Date): Promise<boolean> {
  if (listing || !US_FORM.test(ticker) || isOnWatchlist(ticker)) return false;
  const [fund, stocksListed, fundsListed] = await Promise.all([
    fundClasses.get(ticker, now),
    jobHasSucceeded(STOCK_TICKERS_JOB, now),
    jobHasSucceeded(FUND_TICKERS_JOB, now),
  ]);
  return !fund && stocksListed && fundsListed;
}

export interface StockPrice {
  ticker: string;
  name: string;
  price: number;
  exchange: string | null;
  updated: number;
  currency: string | null;
  volume: number | null;
  previous_close: number | null;
  change: number | null;
  sample?: true;
}

export async function stockPrice(ticker: string, live: boolean, now: Date): Promise<StockPrice> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // the newest bars are read beside the records (one round trip), and again only after a read on demand stored new ones
  const readBars = () => dailyBars.query(ticker, '1d', { limit: 8, order: 'newest' }, now);
  let storedBars = readBars();
  storedBars.catch(() => undefined); // awaited below unless replaced; a failure then surfaces there
  const [listing, storedSnapshot, coverage] = await Promise.all([stockTickers.get(ticker, now), stockSnapshots.get(ticker, now), dailyCoverage.get(ticker, now)]);
  let snapshot: Stored<StockSnapshot> | undefined = storedSnapshot;
  const outdated =
    !storedSnapshot ||
    !coverage ||
    (!isOnWatchlist(ticker) &&
      (live ? storedSnapshot.storedAt < nowSeconds - LIVE_QUOTE_SECONDS : coverage.value.read_at < latestDailyTransition(nowSeconds)));
  if (!storedSnapshot && (await inNoListing(ticker, listing, now))) {
    throw new NoDataError(`No stock or index with ticker '${ticker}' is known: it is in neither the SEC company nor fund ticker lists.`);
  }
  if (outdated) {
    const outcome = await readThrough(() => readDaily(requestPathClient(), ticker, nowSeconds, coverage?.value), now);
    if ('read' in outcome) {
      snapshot = { value: outcome.read.snapshot, sample: false, storedAt: nowSeconds };
      storedBars = readBars();
    } else if (!storedSnapshot) {
      if ('unknown' in outcome) throw new NoDataError(`No stock or index with ticker '${ticker}' is known.`);
      throw new UpstreamError(`The price source could not be reached for '${ticker}' and nothing is stored yet; try again shortly.`);
    }
  }
  const quote = snapshot!;
  const bars = (await storedBars).filter((bar) => isPublished(bar.value.session, nowSeconds));
  const decimals = quote.value.price_decimals;

  let price: number;
  let updated: number;
  let volume: number | null;
  let previous: Stored<DailyBar> | undefined;
  const used: { sample: boolean }[] = [quote];
  if (live && quote.value.price !== null && quote.value.price_time !== null) {
    price = quote.value.price;
    updated = quote.value.price_time;
    volume = quote.value.volume;
    previous = sessionBefore(bars, sessionDateOf(updated, quote.value.time_zone));
  } else {
    const [latest] = bars;
    if (!latest) throw new NoDataError(`'${ticker}' has no completed trading session yet.`);
    price = latest.value.close;
    updated = sessionCloseTime(latest.value.session);
    volume = latest.value.volume;
    previous = sessionBefore(bars, latest.value.session);
    used.push(latest);
  }
  if (previous) used.push(previous);
  if (listing) used.push(listing);
  const previousClose = previous?.value.close ?? null;
  return {
    ticker,
    name: listing?.value.name ?? quote.value.name ?? ticker,
    price,
    exchange: listing?.value.exchange ?? quote.value.exchange,
    updated,
    currency: quote.value.currency,
    volume,
    previous_close: previousClose,
    change: previousClose === null ? null : roundDecimal(price - previousClose, decimals),
    ...sampleMark(...used),
  };
}
