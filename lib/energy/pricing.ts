import type { UsdConversion } from '../fx/convert';
import { roundDecimal } from '../numbers/round';
import { BENCHMARK_INFO, type Benchmark } from './benchmarks';
import { pricePerUnit, unitFor, type Unit } from './units';

/**
 * From a stored price (USD per native unit) to the served one, the same way on /v1/oilprice and /v1/oilspot:
 * unit conversion (exact factors, lib/energy/units.ts), then currency (ECB cross rate, lib/fx/convert.ts),
 * then rounding to 4 decimal places (prices per litre or per therm are small numbers; a currency's minor
 * unit does not apply to a price per unit). `unit` in responses is the canonical unit name, `currency_unit`
 * the ISO 4217 code of the price.
 * Changes: change_24h = price − previous_close (same unit and currency, rounded the same way),
 * change_24h_percent = change relative to previous_close in percent, 2 decimals; both null without a
 * previous close (or a zero one).
 */
export const PRICE_DECIMALS = 4;
export const PERCENT_DECIMALS = 2;

export const roundPrice = (value: number) => roundDecimal(value, PRICE_DECIMALS);

export interface ServedPrice {
  unit: Unit;
  currency_unit: string;
  /** USD per native unit → the served price (not rounded) */
  convert(usdPerNativeUnit: number): number;
}

export function servedPrice(benchmark: Benchmark, unit: string | undefined, fx: UsdConversion): ServedPrice {
  const target = unit === undefined ? BENCHMARK_INFO[benchmark].nativeUnit : unitFor(benchmark, unit);
  return {
    unit: target,
    currency_unit: fx.currency,
    convert: (usd) => fx.convert(pricePerUnit(usd, benchmark, target)),
  };
}

export interface Change {
  change_24h: number | null;
  change_24h_percent: number | null;
}

/** price and previousClose already converted (unrounded). */
export function changeOf(price: number, previousClose: number | null): Change {
  if (previousClose === null) return { change_24h: null, change_24h_percent: null };
  const change = price - previousClose;
  return {
    change_24h: roundPrice(change),
    change_24h_percent: previousClose === 0 ? null : roundDecimal((change / Math.abs(previousClose)) * 100, PERCENT_DECIMALS),
  };
}
