import { airQualityFromPayload, pollutantAverages, roundedLocation } from '../../lib/airQuality/airQuality';
import { parseAirQualityPayload } from '../../lib/sources/openMeteo';
import { fixtureJson } from '../support/fakeUpstream';

interface RawPayload {
  current: Record<string, number | null> & { time: string };
  hourly: Record<string, (number | null)[]> & { time: string[] };
}

const mean = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.reduce((a, b) => a + b, 0) / known.length;
};

/** EPA's formula on one band, written out here: round((I_hi − I_lo)/(C_hi − C_lo) × (C − C_lo) + I_lo). */
const linear = (c: number, [cLo, cHi, iLo, iHi]: [number, number, number, number]) => Math.round(((iHi - iLo) / (cHi - cLo)) * (c - cLo) + iLo);

describe('air quality from an Open-Meteo answer', () => {
  test('reports the current concentration of each pollutant in µg/m³', () => {
    // Prepare
    const raw = fixtureJson<RawPayload>('openMeteo', 'air-quality-berlin.json');

    // Act
    const result = airQualityFromPayload(parseAirQualityPayload(raw));

    // Assess
    expect(result.CO.concentration).toBe(raw.current.carbon_monoxide);
    expect(result.PM10.concentration).toBe(raw.current.pm10);
    expect(result.SO2.concentration).toBe(raw.current.sulphur_dioxide);
    expect(result['PM2.5'].concentration).toBe(raw.current.pm2_5);
    expect(result.O3.concentration).toBe(raw.current.ozone);
    expect(result.NO2.concentration).toBe(raw.current.nitrogen_dioxide);
  });

  test('averages PM over the last 24 hours and CO and ozone over the last 8 hours', () => {
    // Prepare
    const raw = fixtureJson<RawPayload>('openMeteo', 'air-quality-delhi.json');

    // Act
    const averages = pollutantAverages(parseAirQualityPayload(raw));

    // Assess
    expect(averages.pm25_24h).toBeCloseTo(mean(raw.hourly.pm2_5!.slice(-24)), 9);
    expect(averages.pm10_24h).toBeCloseTo(mean(raw.hourly.pm10!.slice(-24)), 9);
    expect(averages.co_8h).toBeCloseTo(mean(raw.hourly.carbon_monoxide!.slice(-8)), 9);
    expect(averages.o3_8h).toBeCloseTo(mean(raw.hourly.ozone!.slice(-8)), 9);
    expect(averages.no2_1h).toBe(raw.current.nitrogen_dioxide);
  });

  test('indexes Delhi PM2.5 from its 24-hour mean on the 2024 table and reports the highest index overall', () => {
    // Prepare: the fixture's 24-hour PM2.5 mean lies in the 35.5–55.4 band (101–150)
    const raw = fixtureJson<RawPayload>('openMeteo', 'air-quality-delhi.json');
    const pm25 = Math.floor(mean(raw.hourly.pm2_5!.slice(-24)) * 10) / 10;

    // Act
    const result = airQualityFromPayload(parseAirQualityPayload(raw));

    // Assess
    expect(pm25).toBeGreaterThanOrEqual(35.5);
    expect(pm25).toBeLessThanOrEqual(55.4);
    expect(result['PM2.5'].aqi).toBe(linear(pm25, [35.5, 55.4, 101, 150]));
    const indices = [result.CO, result.PM10, result.SO2, result['PM2.5'], result.O3, result.NO2].map((p) => p.aqi!);
    expect(result.overall_aqi).toBe(Math.max(...indices));
  });

  test('ignores hours after the current reading', () => {
    // Prepare: a forecast hour with an extreme PM2.5 value after "now"
    const raw = fixtureJson<RawPayload>('openMeteo', 'air-quality-berlin.json');
    const withForecast = structuredClone(raw);
    withForecast.hourly.time.push('2099-01-01T00:00');
    for (const key of Object.keys(withForecast.hourly)) if (key !== 'time') withForecast.hourly[key]!.push(999);

    // Act
    const plain = airQualityFromPayload(parseAirQualityPayload(raw));
    const extended = airQualityFromPayload(parseAirQualityPayload(withForecast));

    // Assess
    expect(extended).toEqual(plain);
  });

  test('gives null for a pollutant the model has no readings for and averages the known hours of the others', () => {
    // Prepare: no SO2 at all, PM2.5 missing for the first 12 of 25 hours
    const raw = fixtureJson<RawPayload>('openMeteo', 'air-quality-new-york-gaps.json');

    // Act
    const payload = parseAirQualityPayload(raw);
    const result = airQualityFromPayload(payload);
    const averages = pollutantAverages(payload);

    // Assess
    expect(result.SO2).toEqual({ concentration: null, aqi: null });
    expect(averages.pm25_24h).toBeCloseTo(mean(raw.hourly.pm2_5!.slice(-24)), 9);
    expect(result.overall_aqi).toEqual(expect.any(Number));
  });
});

describe('roundedLocation', () => {
  test('rounds to two decimals and never writes minus zero', () => {
    // Act
    const berlin = roundedLocation(52.52437, 13.41053);
    const nearZero = roundedLocation(-0.001, -0.004);

    // Assess
    expect(berlin).toEqual({ latitude: 52.52, longitude: 13.41, key: '52.52,13.41' });
    expect(nearZero.key).toBe('0.00,0.00');
  });
});
