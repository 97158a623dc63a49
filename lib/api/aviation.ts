import * as z from 'zod/mini';
import { defineEndpoint } from '../http/definition';
import { sampleField } from '../http/sample';
import { InvalidParameterError, MissingParameterError } from '../http/errors';
import { decimalParam, enumParam, integerParam, patternParam, textParam } from '../http/params';
import { countryCodeOf, usStateName } from '../airQuality/places';
import { AIRCRAFT_BOUNDS, AIRCRAFT_ENGINE_TYPES } from '../aviation/search';
import { REFERENCE_DATA, liveData } from '../http/caching';

/** Rejects min_x > max_x for each pair. */
function checkRanges(params: Record<string, unknown>, pairs: readonly (readonly [string, string])[]) {
  for (const [min, max] of pairs) {
    const low = params[min];
    const high = params[max];
    if (typeof low === 'number' && typeof high === 'number' && low > high) {
      throw new InvalidParameterError(`Parameter '${min}' (${low}) must not be greater than '${max}' (${high}).`, min);
    }
  }
}

function requireOneOf(params: Record<string, unknown>, names: readonly string[]) {
  if (!names.some((name) => params[name] !== undefined)) {
    throw new InvalidParameterError(`Give at least one of these parameters: ${names.join(', ')}.`);
  }
}

const s = () => z.nullable(z.string());
const aircraftRecord = () => z.object({
  manufacturer: z.string(),
  model: z.string(),
  notes: s(),
  icao_type: s(),
  iata_types: z.array(z.string()),
  aircraft_class: s(),
  engine_count: z.nullable(z.int()),
  engine_type: s(),
  engine_horsepower: s(),
  engine_thrust_lbf: s(),
  engine_thrust_lb_ft: z.nullable(z.string().check(z.meta({ deprecated: true, description: 'Deprecated: use engine_horsepower or engine_thrust_lbf.' }))),
  max_speed_knots: s(),
  cruise_speed_knots: s(),
  stall_knots: s(),
  ceiling_ft: s(),
  rate_of_climb_ft_per_min: s(),
  takeoff_over_50ft_ft: s(),
  takeoff_ground_run_ft: s(),
  landing_over_50ft_ft: s(),
  landing_ground_roll_ft: s(),
  gross_weight_lbs: s(),
  empty_weight_lbs: s(),
  length_ft: s(),
  height_ft: s(),
  wing_span_ft: s(),
  range_nautical_miles: s(),
  faa_weight_class: s(),
  icao_wake_category: s(),
  faa_cwt_category: s(),
});

/** A field no imported source has: null means unknown, never "none" (OpenFlights has no such column). */
const unknown = <T extends z.ZodMiniType>(schema: T, what: string) =>
  z.nullable(schema).check(
    z.meta({ description: `${what}. Always null for now: unknown, not empty. OpenFlights, the airline source, has no such data and no other open source is imported yet.` }),
  );

const airlineRecord = () => z.object({
  name: z.string(),
  country: s(),
  year_created: unknown(z.string(), 'Year the airline was founded'),
  base: z.nullable(z.string()).check(
    z.meta({
      description:
        'Name of the base or hub airport (several joined by ", ", in OpenTravelData\'s alphabetical order of their codes), from ' +
        'OpenTravelData optd_airlines.csv (CC BY 4.0) with airport names from OurAirports; null where OPTD has no current record of the ' +
        'airline whose code and name both agree, or lists no base: unknown, not "no base".',
    }),
  ),
  iata: s(),
  icao: s(),
  fleet: unknown(z.record(z.string(), z.int()), 'Aircraft type → number in service'),
  logo_url: unknown(z.string(), 'Logo image URL'),
  brandmark_url: unknown(z.string(), 'Brandmark image URL'),
  tail_logo_url: unknown(z.string(), 'Tail logo image URL'),
});

const described = <T extends z.ZodMiniType>(schema: T, description: string) => schema.check(z.meta({ description }));
const runway = () => z.object({
  length: z.nullable(z.int()),
  width: z.nullable(z.int()),
  has_lights: z.boolean(),
  surface: z.nullable(described(z.string(), "OurAirports' surface code as published (ASP, CON, TURF, GRVL, ...)")),
  closed: described(z.literal(false), 'always false: closed runways are not served'),
  le_ident: z.nullable(described(z.string(), 'designator of the low end, e.g. 09L')),
  he_ident: z.nullable(described(z.string(), 'designator of the high end, e.g. 27R')),
  le_heading_deg: z.nullable(described(z.number(), 'true heading of the low end, degrees')),
  he_heading_deg: z.nullable(described(z.number(), 'true heading of the high end, degrees')),
});
const airportRecord = () => z.object({
  icao: described(z.string(), '4-letter ICAO code; "" where the airport has none'),
  iata: described(z.string(), '3-character IATA code; "" where the airport has none'),
  ident: described(z.string(), "OurAirports' identifier (the ICAO code where there is one, else a local or made-up code)"),
  name: z.string(),
  city: s(),
  region: s(),
  region_code: z.nullable(described(z.string(), 'ISO 3166-2 region code as OurAirports has it, e.g. GB-ENG')),
  country: z.string(),
  country_name: s(),
  continent: z.nullable(described(z.string(), 'AF, AN, AS, EU, NA, OC or SA')),
  elevation_ft: z.nullable(z.int()),
  elevation_m: z.nullable(described(z.number(), 'elevation_ft in metres, 1 decimal')),
  latitude: z.number(),
  longitude: z.number(),
  timezone: s(),
  type: described(z.enum(['large_airport', 'medium_airport', 'small_airport', 'heliport', 'seaplane_base', 'balloonport']), "OurAirports' type"),
  size: z.enum(['large', 'medium', 'small']),
  scheduled_service: z.boolean(),
  is_closed: described(z.literal(false), 'always false: closed airports are not served'),
  gps_code: s(),
  local_code: s(),
  home_link: s(),
  wikipedia_link: s(),
  keywords: z.array(z.string()),
  num_runways: z.int(),
  longest_runway_ft: z.nullable(described(z.int(), 'length of the longest open runway, feet')),
  runways: z.array(runway()),
});

const pollutant = () => z.object({ concentration: z.nullable(z.number()), aqi: z.nullable(z.int()) });

const AIRCRAFT_FILTERS = ['manufacturer', 'model', 'engine_type', ...AIRCRAFT_BOUNDS.flatMap(([min, max]) => [min, max])] as const;
const AIRPORT_FILTERS = ['icao', 'iata', 'name', 'city', 'region', 'country', 'timezone', 'min_elevation', 'max_elevation'] as const;

/** Aviation and environment (spec 2.1–2.5, 4.11): aircraft, airlines, airports, air quality. */
export const aviationEndpoints = {
  aircraft: defineEndpoint({
    path: '/v1/aircraft',
    method: 'GET',
    entry: 'functions/aircraft.ts',
    summary: 'Airplane types and variants: performance, dimensions, weights, codes and categories',
    description:
      'At least one filter other than limit is required. manufacturer and model match case-insensitive substrings; ' +
      'min_/max_ bounds are inclusive integers (speed = maximum speed in knots, range in nautical miles, length/height/wingspan in feet) ' +
      'and a record without the bounded value does not match. Airplanes only (no helicopters, gyroplanes or tiltrotors). ' +
      'Records are sorted by manufacturer and model; no match → 200 []. ' +
      'Numbers are strings as in the spec, rounded (speeds 0.1 kt, dimensions 0.01 ft, everything else whole units); unknown values are null. ' +
      'engine_thrust_lb_ft is deprecated (horsepower for piston/propjet, pounds of thrust for jets): use engine_horsepower or engine_thrust_lbf. ' +
      'Sources: FAA Aircraft Characteristics Database (public domain), whatisflying type database (ODbL; metres and kilograms converted), ' +
      'an aircraft performance table (per-variant horsepower, thrust, take-off and landing distances), OpenFlights planes.dat (ODbL) for IATA codes.',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      manufacturer: z.optional(textParam(100, 'manufacturer, case-insensitive substring (e.g. cessna)')),
      model: z.optional(textParam(100, 'model name, case-insensitive substring (e.g. 737)')),
      engine_type: z.optional(enumParam(AIRCRAFT_ENGINE_TYPES, 'engine type')),
      min_speed: z.optional(integerParam(0, 5000, 'minimum maximum speed, knots')),
      max_speed: z.optional(integerParam(0, 5000, 'maximum maximum speed, knots')),
      min_range: z.optional(integerParam(0, 50000, 'minimum range, nautical miles')),
      max_range: z.optional(integerParam(0, 50000, 'maximum range, nautical miles')),
      min_length: z.optional(integerParam(0, 1000, 'minimum length, feet')),
      max_length: z.optional(integerParam(0, 1000, 'maximum length, feet')),
      min_height: z.optional(integerParam(0, 1000, 'minimum height, feet')),
      max_height: z.optional(integerParam(0, 1000, 'maximum height, feet')),
      min_wingspan: z.optional(integerParam(0, 1000, 'minimum wingspan, feet')),
      max_wingspan: z.optional(integerParam(0, 1000, 'maximum wingspan, feet')),
      limit: z._default(integerParam(1, 30, 'number of records, 1 to 30'), 1),
    }),
    rules: (p) => {
      requireOneOf(p, AIRCRAFT_FILTERS);
      checkRanges(p, AIRCRAFT_BOUNDS.map(([min, max]) => [min, max] as const));
    },
    response: { json: () => z.array(aircraftRecord()) },
    layers: ['referenceData'],
  }),
  airlines: defineEndpoint({
    path: '/v1/airlines',
    method: 'GET',
    entry: 'functions/airlines.ts',
    summary: 'Airlines by IATA or ICAO code or name',
    description:
      'At least one of iata, icao, name. Codes match exactly, name as a case-insensitive substring; all given filters must match. ' +
      'At most 30 airlines, those still operating first, then by name; no match → 200 []. ' +
      'Source: OpenFlights airlines.dat (ODbL); base from OpenTravelData (CC BY 4.0), matched by ICAO code, else IATA code (airlines ' +
      'still flying only), where the names agree too. No open source has founding years, fleets or logos: year_created, fleet and ' +
      'the logo URLs are null on every airline, meaning unknown (not an empty fleet).',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      iata: z.optional(patternParam(/^[A-Za-z0-9]{2}$/, 'a 2-character IATA airline code', 'IATA airline code (e.g. BA)')),
      icao: z.optional(patternParam(/^[A-Za-z]{3}$/, 'a 3-letter ICAO airline code', 'ICAO airline code (e.g. BAW)')),
      name: z.optional(textParam(100, 'airline name, case-insensitive substring')),
    }),
    rules: (p) => requireOneOf(p, ['iata', 'icao', 'name']),
    response: { json: () => z.array(airlineRecord()) },
    layers: ['referenceData'],
  }),
  airports: defineEndpoint({
    path: '/v1/airports',
    method: 'GET',
    entry: 'functions/airports.ts',
    summary: 'Airports with runways, elevation, coordinates and timezone',
    description:
      'At least one filter (offset is not one). icao, iata, country (ISO-2) and timezone (IANA name) match exactly, case-insensitive; ' +
      'name, city and region (state/province name) match case-insensitive substrings; elevation bounds are inclusive feet. ' +
      'At most 30 airports per call, large first, then medium, small, each by name; offset skips matches for the next page. ' +
      'No match (or an offset past the last match) → 200 []. size: large/medium from OurAirports large_airport/medium_airport; small covers small airports, ' +
      'seaplane bases, heliports and balloonports; closed airports and closed runways are left out (is_closed and a runway\'s closed are ' +
      'always false). icao and iata are "" where OurAirports has no 4-letter ICAO or 3-character IATA code. ident, region_code, ' +
      'continent, type, scheduled_service, gps_code, local_code, home_link, wikipedia_link and keywords are OurAirports\' own, ' +
      'country_name from its countries list; elevation_m is elevation_ft in metres; longest_runway_ft the longest open runway. ' +
      'elevation_ft is OurAirports\' except where it differs from the aeronautical authority\'s published figure: Los Angeles (KLAX) ' +
      '128 ft per the FAA airport master record, Tokyo Haneda (RJTT) 21 ft per AIP Japan. timezone is computed from the coordinates ' +
      '(geo-tz, time-zone-boundary-builder data). Source: OurAirports (public domain).',
    access: 'all',
    metering: 'quota',
    cache: REFERENCE_DATA,
    params: () => z.object({
      icao: z.optional(patternParam(/^[A-Za-z]{4}$/, 'a 4-letter ICAO airport code', 'ICAO airport code (e.g. KJFK)')),
      iata: z.optional(patternParam(/^[A-Za-z]{3}$/, 'a 3-letter IATA airport code', 'IATA airport code (e.g. JFK)')),
      name: z.optional(textParam(100, 'airport name, case-insensitive substring')),
      city: z.optional(textParam(100, 'city, case-insensitive substring')),
      region: z.optional(textParam(100, 'state or province name, case-insensitive substring')),
      country: z.optional(patternParam(/^[A-Za-z]{2}$/, 'a 2-letter ISO 3166 country code', 'ISO-2 country code (e.g. US)')),
      timezone: z.optional(patternParam(/^[A-Za-z0-9_+\-/]{1,64}$/, 'an IANA timezone name such as America/New_York', 'IANA timezone')),
      min_elevation: z.optional(integerParam(-2000, 30000, 'minimum elevation, feet')),
      max_elevation: z.optional(integerParam(-2000, 30000, 'maximum elevation, feet')),
      offset: z._default(integerParam(0, 100000, 'number of matching airports to skip'), 0),
    }),
    rules: (p) => {
      requireOneOf(p, AIRPORT_FILTERS);
      checkRanges(p, [['min_elevation', 'max_elevation']]);
    },
    response: { json: () => z.array(airportRecord()) },
    layers: ['referenceData'],
    memoryMb: 512,
  }),
  airQuality: defineEndpoint({
    path: '/v1/airquality',
    method: 'GET',
    entry: 'functions/airQuality.ts',
    summary: 'Current air quality with US EPA AQI per pollutant',
    description:
      'Either lat and lon, or city with optional state (US only: name or USPS code) and country (ISO-2 code or English name). ' +
      'Data: Open-Meteo air-quality API (CAMS model values, not station readings; geocoding by Open-Meteo). concentration is the ' +
      'current value in µg/m³ (CO included). aqi follows the US EPA 2024 breakpoints (PM2.5 revised Feb 2024) with gases converted at ' +
      '25 °C (ppb = µg/m³ × 24.45 / molecular weight) and EPA averaging where the hourly data allow: PM 24-hour mean, O3 max of 8-hour ' +
      'mean and 1-hour, CO 8-hour mean, SO2 1-hour (24-hour mean above 304 ppb), NO2 1-hour; no completeness rule; values beyond the ' +
      'table are 500. overall_aqi is the highest sub-index. Answers are cached 30 minutes per location rounded to 0.01°. ' +
      'Unknown city → 404 no_data; upstream failure with nothing cached → 502 upstream_error.',
    access: 'all',
    metering: 'quota',
    reachesInternet: true,
    cache: liveData(30 * 60),
    params: () => z.object({
      lat: z.optional(decimalParam(-90, 90, 'latitude, decimal degrees (with lon)')),
      lon: z.optional(decimalParam(-180, 180, 'longitude, decimal degrees (with lat)')),
      city: z.optional(textParam(100, 'city name (instead of lat/lon)')),
      state: z.optional(textParam(50, 'US state name or code (with city)')),
      country: z.optional(textParam(60, 'country ISO-2 code or English name (with city)')),
    }),
    rules: (p) => {
      const coordinates = p.lat !== undefined || p.lon !== undefined;
      if (coordinates && p.city !== undefined) throw new InvalidParameterError("Give either lat and lon, or city, not both.", 'city');
      if (coordinates) {
        if (p.lat === undefined) throw new MissingParameterError('lat', "Parameter 'lat' is required with 'lon'.");
        if (p.lon === undefined) throw new MissingParameterError('lon', "Parameter 'lon' is required with 'lat'.");
        if (p.state !== undefined) throw new InvalidParameterError("Parameter 'state' goes with 'city', not with lat/lon.", 'state');
        if (p.country !== undefined) throw new InvalidParameterError("Parameter 'country' goes with 'city', not with lat/lon.", 'country');
        return;
      }
      if (p.city === undefined) throw new InvalidParameterError('Give either lat and lon, or city.');
      if (p.state !== undefined) {
        if (!usStateName(p.state)) throw new InvalidParameterError("Parameter 'state' must be a US state name or its 2-letter code.", 'state');
        if (p.country !== undefined && countryCodeOf(p.country) !== 'US') {
          throw new InvalidParameterError("Parameter 'state' applies to US cities only.", 'state');
        }
      }
    },
    response: {
      json: () => z.object({
        CO: pollutant(),
        PM10: pollutant(),
        SO2: pollutant(),
        'PM2.5': pollutant(),
        O3: pollutant(),
        NO2: pollutant(),
        overall_aqi: z.nullable(z.int()),
        sample: sampleField(),
      }),
    },
    tables: { cache: 'readWrite' },
    timeoutSeconds: 20,
  }),
};
