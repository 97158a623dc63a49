import { NoDataError, UpstreamError } from '../http/errors';
import { errorFacts, logger } from '../http/observability';
import { UpstreamFailure } from '../sources/http';
import { openMeteoClient, parseAirQualityPayload, type OpenMeteoClient } from '../sources/openMeteo';
import { cacheKey, getCached, putCached } from '../store/cache';
import { airQualityFromPayload, roundedLocation, type AirQualityResult } from './airQuality';
import { choosePlace, countryCodeOf, usStateName } from './places';

/**
 * /v1/airquality: live Open-Meteo answers behind a short cache in the `cache` table.
 * - air quality per location rounded to 2 decimals (≈ 1 km), kept 30 minutes (the model is hourly);
 * - geocoding matches kept 7 days.
 * An upstream failure with nothing cached is 502 upstream_error — except in a local run with
 * AIR_QUALITY_SAMPLE_FALLBACK=true, which answers from the sample payload the local server registered
 * (useSampleWhenOffline), flagged `"sample": true`. A deployed function holds no sample (it lives under
 * test/fixtures, which no bundle may hold), so it never serves one.
 */
export const AIR_QUALITY_TTL_SECONDS = 30 * 60;
export const GEOCODING_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface ResultCache {
  get<T>(key: string, now: Date): Promise<T | undefined>;
  put(key: string, value: unknown, ttlSeconds: number, now: Date): Promise<void>;
}

export interface AirQualityDeps {
  client?: OpenMeteoClient;
  cache?: ResultCache;
  /** default: AIR_QUALITY_SAMPLE_FALLBACK=true in the environment (local runs only) */
  sampleFallback?: boolean;
  /** the Open-Meteo payload the fallback answers from; default: the one registered by useSampleWhenOffline */
  samplePayload?: unknown;
}

let offlineSample: unknown;

/** Registers the Open-Meteo payload a local run answers from when the upstream cannot be reached (infra/local/server.ts). */
export function useSampleWhenOffline(payload: unknown): void {
  offlineSample = payload;
}

const tableCache: ResultCache = { get: getCached, put: putCached };

/** Cache trouble never fails a call: it is logged and the upstream is asked. */
async function cached<T>(cache: ResultCache, key: string, now: Date): Promise<T | undefined> {
  try {
    return await cache.get<T>(key, now);
  } catch (error) {
    logger.warn('air quality: cache read failed', errorFacts(error));
    return undefined;
  }
}

async function store(cache: ResultCache, key: string, value: unknown, ttl: number, now: Date): Promise<void> {
  try {
    await cache.put(key, value, ttl, now);
  } catch (error) {
    logger.warn('air quality: cache write failed', errorFacts(error));
  }
}

function sampleFallbackOn(deps: AirQualityDeps): boolean {
  return deps.sampleFallback ?? process.env.AIR_QUALITY_SAMPLE_FALLBACK?.toLowerCase() === 'true';
}

/** The failure as the client sees it: 502, or (local runs only) the recorded sample. */
function upstreamFailed(error: unknown, deps: AirQualityDeps): AirQualityResult {
  if (!(error instanceof UpstreamFailure)) throw error;
  const sample = deps.samplePayload ?? offlineSample;
  if (sample !== undefined && sampleFallbackOn(deps)) {
    logger.warn('air quality: Open-Meteo unreachable; serving RECORDED SAMPLE data (AIR_QUALITY_SAMPLE_FALLBACK=true, local runs only)', {
      failure: error.kind,
    });
    return { ...airQualityFromPayload(parseAirQualityPayload(sample)), sample: true };
  }
  logger.warn('air quality: Open-Meteo failed', { failure: error.kind, status: error.status, attempts: error.attempts });
  throw new UpstreamError('The air-quality source is not answering right now; please retry in a few minutes.');
}

export async function airQualityAt(latitude: number, longitude: number, now: Date, deps: AirQualityDeps = {}): Promise<AirQualityResult> {
  const cache = deps.cache ?? tableCache;
  const location = roundedLocation(latitude, longitude);
  const key = cacheKey('airquality', location.key);
  const hit = await cached<AirQualityResult>(cache, key, now);
  if (hit) return hit;
  let result: AirQualityResult;
  try {
    const client = deps.client ?? openMeteoClient();
    result = airQualityFromPayload(await client.airQuality(location.latitude, location.longitude));
  } catch (error) {
    return upstreamFailed(error, deps);
  }
  if (result.overall_aqi === null) throw new NoDataError('No air-quality readings are available for this location.');
  await store(cache, key, result, AIR_QUALITY_TTL_SECONDS, now);
  return result;
}

export interface CityQuery {
  city: string;
  state?: string;
  country?: string;
}

export async function airQualityInCity(query: CityQuery, now: Date, deps: AirQualityDeps = {}): Promise<AirQualityResult> {
  const cache = deps.cache ?? tableCache;
  const state = query.state === undefined ? undefined : usStateName(query.state);
  const countryCode = query.state !== undefined ? 'US' : query.country === undefined ? undefined : countryCodeOf(query.country);
  const countryName = countryCode === undefined ? query.country : undefined;
  const key = cacheKey('geocode', [query.city, state ?? '', countryCode ?? countryName ?? ''].join('|').toLowerCase());

  let place = await cached<{ latitude: number; longitude: number }>(cache, key, now);
  if (!place) {
    let places;
    try {
      places = await (deps.client ?? openMeteoClient()).searchPlaces(query.city, countryCode);
    } catch (error) {
      return upstreamFailed(error, deps);
    }
    const match = choosePlace(places, { city: query.city, state, countryCode, countryName });
    if (!match) {
      const where = [state, query.country].filter(Boolean).join(', ');
      throw new NoDataError(`No city named '${query.city}'${where ? ` in ${where}` : ''} was found.`);
    }
    place = { latitude: match.latitude, longitude: match.longitude };
    await store(cache, key, place, GEOCODING_TTL_SECONDS, now);
  }
  return airQualityAt(place.latitude, place.longitude, now, deps);
}
