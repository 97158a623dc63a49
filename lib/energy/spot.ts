import type { Benchmark } from './benchmarks';

/**
 * Daily spot prices (USD per native unit: $/bbl, $/gal, $/MMBtu) from upstream observations: the priced
 * trading days and the latest quote (newest day and the one before it) that /v1/oilspot serves.
 * Days without a value (holidays, `.`/empty upstream) are dropped. `updated` is the first time the service stored this
 * trading day's price (Unix s): re-running the job with nothing new keeps it, so an unmoved price keeps
 * its timestamp; a revised value for the same day counts as new.
 */
export interface SpotObservation {
  /** YYYY-MM-DD, the trading day */
  date: string;
  /** USD per native unit; may be negative (WTI, 2020-04-20) */
  price: number;
}

export type SpotSourceName = 'FRED' | 'EIA';

export interface SpotQuote {
  benchmark: Benchmark;
  date: string;
  price: number;
  previous_date: string | null;
  previous_close: number | null;
  source: SpotSourceName;
  /** upstream series id */
  series: string;
  /** Unix seconds: first stored */
  updated: number;
}

/** Upstream observations (null = no value) → the priced trading days, oldest first, one per date. */
export function pricedDays(observations: readonly { date: string; value: number | null }[]): SpotObservation[] {
  const byDate = new Map<string, number>();
  for (const o of observations) if (o.value !== null) byDate.set(o.date, o.value);
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, price]) => ({ date, price }));
}

/**
 * The latest quote from priced days (oldest first), or undefined when there are none. `stored` is the
 * current latest quote: it is kept when it is newer (an upstream answering with a shorter history never
 * moves the price back), and its `updated` is kept when the day and price are unchanged.
 */
export function latestQuote(
  benchmark: Benchmark,
  days: readonly SpotObservation[],
  source: { name: SpotSourceName; series: string },
  now: Date,
  stored?: SpotQuote,
): SpotQuote | undefined {
  const last = days.at(-1);
  if (!last) return undefined;
  if (stored && stored.date > last.date) return stored;
  const previous = days.at(-2) ?? (stored && stored.date < last.date ? { date: stored.date, price: stored.price } : undefined);
  const unchanged = stored && stored.date === last.date && stored.price === last.price;
  return {
    benchmark,
    date: last.date,
    price: last.price,
    previous_date: previous?.date ?? (unchanged ? stored.previous_date : null),
    previous_close: previous?.price ?? (unchanged ? stored.previous_close : null),
    source: source.name,
    series: source.series,
    updated: unchanged ? stored.updated : Math.floor(now.getTime() / 1000),
  };
}
