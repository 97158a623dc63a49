import { ingestionJob } from '../../lib/ingest/job';
import { BENCHMARKS, BENCHMARK_INFO, type Benchmark } from '../../lib/energy/benchmarks';
import { latestQuote, pricedDays, type SpotObservation, type SpotQuote, type SpotSourceName } from '../../lib/energy/spot';
import { spotDays, spotQuotes } from '../../lib/energy/spotStore';
import { eiaClient } from '../../lib/sources/eia';
import { fredClient } from '../../lib/sources/fred';
import { utcDate } from '../../lib/time/calendarDate';
import { energyJobs } from '../../lib/api/energy';

/** Days of history asked for on every run: covers EIA's weekly publication lag and a missed week of runs. */
const WINDOW_DAYS = 45;

/**
 * Daily spot prices of the five benchmarks: EIA API v2 when EIA_API_KEY is set, else FRED (graph CSV
 * without a key, JSON API with FRED_API_KEY). All five series are fetched and parsed before anything is
 * written; any upstream failure fails the run with stored data untouched. A series with no priced day in
 * the window is skipped (its stored price stays) and named in the notes; none at all fails the run.
 */
export const handler = ingestionJob(energyJobs.oilSpot, async (context) => {
  const { now } = context;
  const start = utcDate(new Date(now.getTime() - WINDOW_DAYS * 86_400_000));
  const eia = await eiaClient();
  const fred = eia ? undefined : fredClient();
  const sourceName: SpotSourceName = eia ? 'EIA' : 'FRED';

  const fetched: { benchmark: Benchmark; series: string; days: SpotObservation[] }[] = [];
  for (const benchmark of BENCHMARKS) {
    const { spot } = BENCHMARK_INFO[benchmark];
    const observations = eia
      ? await eia.dailySeries(spot.eiaRoute, spot.eiaSeries, start)
      : await fred!.observations(spot.fredSeries, start, utcDate(now));
    fetched.push({ benchmark, series: eia ? spot.eiaSeries : spot.fredSeries, days: pricedDays(observations) });
  }
  const empty = fetched.filter((f) => f.days.length === 0).map((f) => f.benchmark);
  if (empty.length === fetched.length) throw new Error(`${sourceName} returned no spot prices since ${start} for any benchmark`);

  const stored = await spotQuotes.getMany(BENCHMARKS, now);
  const quotes: SpotQuote[] = [];
  for (const { benchmark, series, days } of fetched) {
    const current = stored.get(benchmark)?.value;
    const quote = latestQuote(benchmark, days, { name: sourceName, series }, now, current);
    // a stored quote newer than the upstream's answer stays as it is (not rewritten under this run's marks)
    if (quote && quote !== current) quotes.push(quote);
  }
  for (const { benchmark, days } of fetched) await spotDays(benchmark).put(days, context);
  await spotQuotes.put(quotes, context);
  return {
    written: fetched.reduce((sum, f) => sum + f.days.length, 0) + quotes.length,
    notes: [
      `source ${sourceName}`,
      ...quotes.map((q) => `${q.benchmark} ${q.date} ${q.price}`),
      ...(empty.length > 0 ? [`no prices since ${start} for ${empty.join(', ')}: stored prices kept`] : []),
    ],
  };
});
