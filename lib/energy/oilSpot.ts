import { DataUnavailableError } from '../http/errors';
import { sampleMark } from '../http/sample';
import { usdConversion } from '../fx/convert';
import { BENCHMARK_INFO, type Benchmark } from './benchmarks';
import { requestedBenchmarks, type BatchParams } from './batch';
import { changeOf, roundPrice, servedPrice } from './pricing';
import type { SpotQuote } from './spot';
import { spotQuotes } from './spotStore';

/**
 * /v1/oilspot: the latest stored daily spot price per benchmark (lib/energy/spotStore.ts), in the asked
 * unit and currency (lib/energy/pricing.ts). A single `type` answers one object, `types` an array in the
 * order asked. A benchmark not ingested yet → 503 data_unavailable (for a batch: when any is missing, so
 * that a batch never silently drops an element). Built from sample recordings → `"sample": true`
 * (the spot quote or the exchange rates).
 */
export interface OilSpotParams extends BatchParams {
  currency: string;
}

export interface OilSpot {
  type: Benchmark;
  name: string;
  price: number;
  spot_type: string;
  date: string;
  benchmark: string;
  previous_close: number | null;
  change_24h: number | null;
  change_24h_percent: number | null;
  updated: number;
  unit: string;
  currency_unit: string;
  sample?: true;
}

export async function oilSpot(params: OilSpotParams, now: Date): Promise<OilSpot | OilSpot[]> {
  const benchmarks = requestedBenchmarks(params);
  const stored = await spotQuotes.getMany(benchmarks, now);
  const missing = benchmarks.filter((b) => !stored.has(b));
  if (missing.length > 0) {
    throw new DataUnavailableError(`Spot prices for ${missing.join(', ')} have not been ingested yet; try again later.`);
  }
  const fx = await usdConversion(params.currency, now);
  const answers = benchmarks.map((benchmark) => {
    const quote = stored.get(benchmark)!;
    return spotAnswer(benchmark, quote.value, params.unit, fx, sampleMark(quote, fx));
  });
  return params.types ? answers : answers[0]!;
}

function spotAnswer(
  benchmark: Benchmark,
  quote: SpotQuote,
  unit: string | undefined,
  fx: Parameters<typeof servedPrice>[2],
  mark: { sample?: true },
): OilSpot {
  const info = BENCHMARK_INFO[benchmark];
  const served = servedPrice(benchmark, unit, fx);
  const price = served.convert(quote.price);
  const previous = quote.previous_close === null ? null : served.convert(quote.previous_close);
  return {
    type: benchmark,
    name: info.name,
    price: roundPrice(price),
    spot_type: info.spot.spotType,
    date: quote.date,
    benchmark: info.spot.benchmark,
    previous_close: previous === null ? null : roundPrice(previous),
    ...changeOf(price, previous),
    updated: quote.updated,
    unit: served.unit,
    currency_unit: served.currency_unit,
    ...mark,
  };
}
