import { BENCHMARK_INFO, type Benchmark } from './benchmarks';
import { requestedBenchmarks, type BatchParams } from './batch';
import { changeOf, roundPrice, servedPrice } from './pricing';
import { usdConversion } from '../fx/convert';
import { DataUnavailableError, PlanRequiredError } from '../http/errors';
import { ACCESS, type Plan } from '../http/plans';
import { sampleMark } from '../http/sample';
import { timeWindow, type Period } from '../markets/timeSeries';
import { frontMonthHistory } from '../commodities/history';
import { futuresQuotes } from '../commodities/store';
import { zonedDate } from '../time/zoned';
import { EXCHANGE_TIME_ZONE, isProvisional, latestDailyClose } from './dailyClose';

/**
 * /v1/oilprice and /v1/oilpricehistorical from the front-month futures the commodity jobs ingest
 * (CL=F, BZ=F, NG=F, RB=F, HO=F):
 *
 * - Premium keys: the real-time front-month quote of any benchmark, with day high/low (`high_24h`,
 *   `low_24h`: the current trading day's) and 52-week high/low; `previous_close` the previous trading day's close.
 * - Free keys: wti and brent only (others → 403), the latest published daily close (lib/energy/dailyClose.ts),
 *   `updated` its close time; no high/low fields.
 * - unit and currency conversion by lib/energy/pricing.ts (price, previous_close, change and high/low alike).
 * - `types`: an array in the order asked; one object otherwise.
 */
export const FREE_BENCHMARKS: readonly Benchmark[] = ['wti', 'brent'];

export interface OilPriceParams extends BatchParams {
  currency?: string;
}

const converted = (value: number | null, convert: (usd: number) => number) => (value === null ? null : roundPrice(convert(value)));

export async function oilPrices(params: OilPriceParams, plan: Plan, now: Date) {
  const benchmarks = requestedBenchmarks(params);
  const premium = ACCESS.premium.allows(plan);
  if (!premium) {
    const locked = benchmarks.find((b) => !FREE_BENCHMARKS.includes(b));
    if (locked) {
      throw new PlanRequiredError('parameter', 'premium', `Free keys get the daily close of wti and brent; ${locked} needs a Premium plan (any paid plan).`, params.types ? 'types' : 'type');
    }
  }
  const quotes = await futuresQuotes.getMany(benchmarks.map((b) => BENCHMARK_INFO[b].futuresSymbol), now);
  const fx = await usdConversion(params.currency ?? 'USD', now);
  const answers = benchmarks.map((benchmark) => {
    const info = BENCHMARK_INFO[benchmark];
    const stored = quotes.get(info.futuresSymbol);
    if (!stored) throw new DataUnavailableError(`The ${benchmark} futures price has not been ingested yet; try again in a few minutes.`);
    const quote = stored.value;
    const served = servedPrice(benchmark, params.unit, fx);
    const view = premium ? { price: quote.price, previous_close: quote.previous_close, updated: quote.updated } : latestDailyClose(quote, now, stored.storedAt);
    if (!view) throw new DataUnavailableError(`No daily close of ${benchmark} has been ingested yet; try again later.`);
    const price = served.convert(view.price);
    const previous = view.previous_close === null ? null : served.convert(view.previous_close);
    return {
      type: benchmark,
      name: info.name,
      price: roundPrice(price),
      unit: served.unit,
      currency_unit: served.currency_unit,
      previous_close: previous === null ? null : roundPrice(previous),
      ...changeOf(price, previous),
      ...(premium
        ? {
            high_24h: converted(quote.day_high, served.convert),
            low_24h: converted(quote.day_low, served.convert),
            high_52w: converted(quote.high_52w, served.convert),
            low_52w: converted(quote.low_52w, served.convert),
          }
        : {}),
      updated: view.updated,
      futures_contract: quote.futures_contract,
      futures_contract_month: quote.futures_contract_month,
      ...sampleMark(stored, fx),
    };
  });
  return params.types ? answers : answers[0];
}

export async function oilPriceHistory(params: { type: Benchmark; period: Period; start?: number; end?: number }, now: Date) {
  const symbol = BENCHMARK_INFO[params.type].futuresSymbol;
  const window = timeWindow(params, params.period, now);
  const stored = await frontMonthHistory(symbol, params.type, params.period, window, now);
  return stored.map((bar) => {
    const { open, low, high, close, volume, time } = bar.value;
    const provisional = params.period === '1d' && isProvisional(zonedDate(time, EXCHANGE_TIME_ZONE), bar.storedAt);
    return { open, low, high, close, volume, time, provisional, ...sampleMark(bar) };
  });
}
