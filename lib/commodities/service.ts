import { DataUnavailableError, NoDataError, PlanRequiredError } from '../http/errors';
import { ACCESS, type Plan } from '../http/plans';
import { sampleMark } from '../http/sample';
import { timeWindow, type Period } from '../markets/timeSeries';
import { changeOf } from '../energy/pricing';
import { COMMODITIES, commodityNamed, type CommodityInfo } from './catalog';
import { parseContractSymbol } from './contracts';
import { freeCommodities } from './rotation';
import { frontMonthHistory } from './history';
import { futuresContracts, futuresQuotes, type ContractQuote } from './store';

/**
 * What /v1/commodityprice, /v1/commoditypricehistorical, /v1/commoditycontract and
 * /v1/commoditycontractlist answer, from the stored futures data (lib/commodities/store.ts).
 * Nothing ingested yet for the call → 503 data_unavailable; every object carries the sample mark.
 */
const DAY = 86_400;

function commodity(name: string): CommodityInfo {
  // the params schema admits only the 30 names
  return commodityNamed(name)!;
}

/** Free keys: this week's 7 only; the 403 lists them. */
export function checkCommodityAccess(name: string, plan: Plan, now: Date): void {
  if (ACCESS.premium.allows(plan)) return;
  const free = freeCommodities(now).map((c) => c.name);
  if (free.includes(name)) return;
  throw new PlanRequiredError(
    'parameter',
    'premium',
    `'${name}' needs a Premium plan (any paid plan) this week. Free keys can query 7 commodities a week; this week (until Sunday 24:00 UTC): ${free.join(', ')}.`,
    'name',
  );
}

/**
 * The front-month quote (lib/commodities/quotes.ts, from Yahoo's chart: last trade, the trading day's high
 * and low, the 52-week range, the previous trading day's close) in the exchange's quotation (`unit`, `currency_unit` from the
 * catalog); change_24h and change_24h_percent against previous_close as on /v1/oilprice. What the quote
 * lacks is null.
 */
export async function commodityPrice(name: string, plan: Plan, now: Date) {
  checkCommodityAccess(name, plan, now);
  const info = commodity(name);
  const stored = await futuresQuotes.get(info.yahooSymbol, now);
  if (!stored) throw new DataUnavailableError(`The ${name} price has not been ingested yet; try again in a few minutes.`);
  const quote = stored.value;
  return {
    exchange: info.exchange,
    name: info.displayName,
    value: info.name,
    price: quote.price,
    unit: info.unit,
    currency_unit: info.currencyUnit,
    previous_close: quote.previous_close,
    ...changeOf(quote.price, quote.previous_close),
    high_24h: quote.day_high,
    low_24h: quote.day_low,
    high_52w: quote.high_52w,
    low_52w: quote.low_52w,
    updated: quote.updated,
    ...sampleMark(stored),
  };
}

export async function commodityPriceHistory(params: { name: string; period: Period; start?: number; end?: number }, now: Date) {
  const info = commodity(params.name);
  const window = timeWindow(params, params.period, now, DAY);
  const stored = await frontMonthHistory(info.yahooSymbol, params.name, params.period, window, now);
  return stored.map((bar) => {
    const { open, low, high, close, volume, time } = bar.value;
    return { open, low, high, close, volume, time, ...sampleMark(bar) };
  });
}

const servedContract = (stored: { value: ContractQuote; sample: boolean }) => ({
  symbol: stored.value.symbol,
  last_price: stored.value.last_price,
  last_updated: stored.value.last_updated,
  ...sampleMark(stored),
});

const CATALOG_INDEX = new Map(COMMODITIES.map((c, i) => [c.name, i]));

/**
 * Contracts in catalog order, then by contract month (YYYY-MM: compared as text, not with localeCompare,
 * whose first call sets up ICU's collator: ~6 ms of a cold start).
 */
function inListOrder<T extends { value: ContractQuote }>(contracts: T[]): T[] {
  const month = (contract: T) => contract.value.contract_month;
  return [...contracts].sort(
    (a, b) =>
      (CATALOG_INDEX.get(a.value.commodity) ?? 99) - (CATALOG_INDEX.get(b.value.commodity) ?? 99) ||
      (month(a) < month(b) ? -1 : month(a) > month(b) ? 1 : 0),
  );
}

async function allContracts(now: Date) {
  const contracts = await futuresContracts.list(now);
  if (contracts.length === 0) throw new DataUnavailableError('Futures contract prices have not been ingested yet; try again later.');
  return inListOrder(contracts);
}

/** `symbol`: one contract (unknown → 404). */
export async function contractBySymbol(symbol: string, now: Date) {
  const stored = await futuresContracts.get(symbol, now);
  if (stored) return servedContract(stored);
  await allContracts(now); // 503 when nothing is ingested at all
  const parsed = parseContractSymbol(symbol);
  throw new NoDataError(
    parsed
      ? `No price for contract ${symbol}: it is not among the listed months we track (${parsed.commodity.name}: see /v1/commoditycontractlist).`
      : `No contract ${symbol}; symbols are root + month code + 2-digit year, e.g. GCZ26 (see /v1/commoditycontractlist).`,
  );
}

/** `symbol_root`: every contract whose symbol starts with it (literally: SI also matches SIL micro silver); none → []. */
export async function contractsByRoot(root: string, now: Date) {
  const matching = (await allContracts(now)).filter((c) => c.value.symbol.startsWith(root));
  return matching.map(servedContract);
}

export async function contractList(now: Date) {
  return (await allContracts(now)).map((c) => ({ symbol: c.value.symbol, commodity: c.value.commodity, ...sampleMark(c) }));
}
