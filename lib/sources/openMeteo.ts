/**
 * Open-Meteo air-quality and geocoding APIs (SOURCES.md §9). The free hosts are non-commercial only; with
 * an API key (OPEN_METEO_API_KEY locally, its SSM parameter in Lambda: lib/sources/upstreamKey.ts) the client
 * uses the `customer-` hosts and sends `apikey=`, as Open-Meteo's terms require for commercial use.
 * OPEN_METEO_AIR_QUALITY_URL / OPEN_METEO_GEOCODING_URL override the base URLs (tests point them at a fake
 * upstream on 127.0.0.1).
 */
import { createHttpClient, isJsonObject, type HttpClient, type HttpClientOptions } from './http';
import { upstreamKey } from './upstreamKey';

export const AIR_QUALITY_VARIABLES = ['pm10', 'pm2_5', 'carbon_monoxide', 'nitrogen_dioxide', 'sulphur_dioxide', 'ozone'] as const;
export type AirQualityVariable = (typeof AIR_QUALITY_VARIABLES)[number];

export interface OpenMeteoConfig {
  airQualityUrl: string;
  geocodingUrl: string;
  apiKey?: string;
}

export function openMeteoConfig(
  env: Record<string, string | undefined> = process.env,
  apiKey: string | undefined = env.OPEN_METEO_API_KEY?.trim() || undefined,
): OpenMeteoConfig {
  const customer = apiKey ? 'customer-' : '';
  return {
    airQualityUrl: env.OPEN_METEO_AIR_QUALITY_URL?.trim() || `https://${customer}air-quality-api.open-meteo.com`,
    geocodingUrl: env.OPEN_METEO_GEOCODING_URL?.trim() || `https://${customer}geocoding-api.open-meteo.com`,
    ...(apiKey ? { apiKey } : {}),
  };
}

/** One air-quality answer: the current reading and the hourly series up to it (µg/m³; null = no value). */
export interface AirQualityPayload {
  latitude: number;
  longitude: number;
  current: { time: string; values: Record<AirQualityVariable, number | null> } | null;
  hourly: { time: string[]; values: Record<AirQualityVariable, (number | null)[]> };
}

const isReading = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v));

/** Checks an /v1/air-quality body (with `current` and `hourly` of AIR_QUALITY_VARIABLES); throws on anything else. */
export function parseAirQualityPayload(body: unknown): AirQualityPayload {
  if (!isJsonObject(body)) throw new Error('not a JSON object');
  if (body.error === true) throw new Error(`error payload: ${String(body.reason ?? '')}`);
  const { latitude, longitude, hourly, current } = body;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') throw new Error('latitude/longitude missing');
  if (!isJsonObject(hourly) || !Array.isArray(hourly.time) || !hourly.time.every((t) => typeof t === 'string')) {
    throw new Error('hourly.time missing');
  }
  const time = hourly.time as string[];
  const series = {} as Record<AirQualityVariable, (number | null)[]>;
  for (const variable of AIR_QUALITY_VARIABLES) {
    const values = hourly[variable];
    if (!Array.isArray(values) || values.length !== time.length || !values.every(isReading)) {
      throw new Error(`hourly.${variable} missing or not ${time.length} readings`);
    }
    series[variable] = values;
  }
  let currentReading: AirQualityPayload['current'] = null;
  if (current !== undefined) {
    if (!isJsonObject(current) || typeof current.time !== 'string') throw new Error('current.time missing');
    const values = {} as Record<AirQualityVariable, number | null>;
    for (const variable of AIR_QUALITY_VARIABLES) {
      const value = current[variable] ?? null;
      if (!isReading(value)) throw new Error(`current.${variable} is not a number`);
      values[variable] = value;
    }
    currentReading = { time: current.time, values };
  }
  return { latitude, longitude, current: currentReading, hourly: { time, values: series } };
}

/** One geocoding match (the fields we use; Open-Meteo omits empty ones). */
export interface Place {
  name: string;
  latitude: number;
  longitude: number;
  countryCode: string | null;
  country: string | null;
  admin1: string | null;
}

/** Checks a /v1/search body; no `results` key means no match. */
export function parseGeocodingPayload(body: unknown): Place[] {
  if (!isJsonObject(body)) throw new Error('not a JSON object');
  if (body.error === true) throw new Error(`error payload: ${String(body.reason ?? '')}`);
  if (body.results === undefined) return [];
  if (!Array.isArray(body.results)) throw new Error('results is not an array');
  return body.results.map((result, i) => {
    if (!isJsonObject(result) || typeof result.name !== 'string' || typeof result.latitude !== 'number' || typeof result.longitude !== 'number') {
      throw new Error(`results[${i}] lacks name/latitude/longitude`);
    }
    const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
    return {
      name: result.name,
      latitude: result.latitude,
      longitude: result.longitude,
      countryCode: text(result.country_code),
      country: text(result.country),
      admin1: text(result.admin1),
    };
  });
}

export interface OpenMeteoClient {
  /** current reading plus the past 24 hours, times in GMT */
  airQuality(latitude: number, longitude: number): Promise<AirQualityPayload>;
  /** places named `name` (English names), optionally within one ISO-2 country */
  searchPlaces(name: string, countryCode?: string): Promise<Place[]>;
}

/** The configuration of this deployment: base URLs from the environment, the key from its secret. */
export async function configuredOpenMeteo(): Promise<OpenMeteoConfig> {
  return openMeteoConfig(process.env, await upstreamKey(process.env.OPEN_METEO_API_KEY_PARAMETER, process.env.OPEN_METEO_API_KEY));
}

/** A client on `config`, or on this deployment's configuration, read at the first request. */
export function openMeteoClient(
  config: OpenMeteoConfig | (() => Promise<OpenMeteoConfig>) = configuredOpenMeteo,
  http: Partial<HttpClientOptions> = {},
): OpenMeteoClient {
  let clients: Promise<{ airQuality: HttpClient; geocoding: HttpClient }> | undefined;
  const ready = () =>
    (clients ??= Promise.resolve(typeof config === 'function' ? config() : config).then(({ airQualityUrl, geocodingUrl, apiKey }) => ({
      airQuality: createHttpClient({ timeoutMs: 4000, retries: 2, maxRetryAfterMs: 3000, ...http, baseUrl: airQualityUrl, query: { apikey: apiKey } }),
      geocoding: createHttpClient({ timeoutMs: 3000, retries: 2, maxRetryAfterMs: 3000, ...http, baseUrl: geocodingUrl, query: { apikey: apiKey } }),
    })));
  const variables = AIR_QUALITY_VARIABLES.join(',');
  return {
    airQuality: async (latitude, longitude) =>
      (await ready()).airQuality.getJson(
        '/v1/air-quality',
        { latitude, longitude, current: variables, hourly: variables, past_hours: 24, forecast_hours: 1, timezone: 'GMT' },
        parseAirQualityPayload,
      ),
    searchPlaces: async (name, countryCode) =>
      (await ready()).geocoding.getJson(
        '/v1/search',
        { name, count: 20, language: 'en', format: 'json', countryCode },
        parseGeocodingPayload,
      ),
  };
}
