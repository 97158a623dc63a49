import {
  aqiFor,
  overallAqi,
  ppbFromMicrograms,
  ppmFromMicrograms,
  subIndices,
  truncate,
  type Averaging,
  type PollutantAverages,
} from '../../lib/airQuality/aqi';

/**
 * The 2024 EPA AQI breakpoint table as published (EPA-454/B-24-002, Table 6; PM2.5 row revised 7 Feb 2024,
 * effective 6 May 2024), typed here from the publication rather than taken from the implementation.
 * [C_lo, C_hi, I_lo, I_hi]
 */
const PUBLISHED: Record<Averaging, [number, number, number, number][]> = {
  pm25_24h: [[0.0, 9.0, 0, 50], [9.1, 35.4, 51, 100], [35.5, 55.4, 101, 150], [55.5, 125.4, 151, 200], [125.5, 225.4, 201, 300], [225.5, 325.4, 301, 500]],
  pm10_24h: [[0, 54, 0, 50], [55, 154, 51, 100], [155, 254, 101, 150], [255, 354, 151, 200], [355, 424, 201, 300], [425, 604, 301, 500]],
  o3_8h: [[0.0, 0.054, 0, 50], [0.055, 0.07, 51, 100], [0.071, 0.085, 101, 150], [0.086, 0.105, 151, 200], [0.106, 0.2, 201, 300]],
  o3_1h: [[0.125, 0.164, 101, 150], [0.165, 0.204, 151, 200], [0.205, 0.404, 201, 300], [0.405, 0.604, 301, 500]],
  co_8h: [[0.0, 4.4, 0, 50], [4.5, 9.4, 51, 100], [9.5, 12.4, 101, 150], [12.5, 15.4, 151, 200], [15.5, 30.4, 201, 300], [30.5, 50.4, 301, 500]],
  so2_1h: [[0, 35, 0, 50], [36, 75, 51, 100], [76, 185, 101, 150], [186, 304, 151, 200]],
  so2_24h: [[305, 604, 201, 300], [605, 1004, 301, 500]],
  no2_1h: [[0, 53, 0, 50], [54, 100, 51, 100], [101, 360, 101, 150], [361, 649, 151, 200], [650, 1249, 201, 300], [1250, 2049, 301, 500]],
};

const noReadings: PollutantAverages = {
  pm25_24h: null,
  pm10_24h: null,
  o3_8h: null,
  o3_1h: null,
  co_8h: null,
  so2_1h: null,
  so2_24h: null,
  no2_1h: null,
};

/** µg/m³ that is `ppm` of the gas at 25 °C (the inverse of EPA's conversion, computed here). */
const microgramsForPpm = (ppm: number, molecularWeight: number) => (ppm * 1000 * molecularWeight) / 24.45;

describe('EPA worked examples', () => {
  // EPA Technical Assistance Document for the Reporting of Daily Air Quality (AQI), "calculating the AQI" example:
  // 8-hour ozone 0.078 ppm → 126, PM2.5 35.9 µg/m³ → 102, CO 8.4 ppm → 90; the reported AQI is 126 (ozone).
  test('8-hour ozone of 0.07853 ppm is truncated to 0.078 and gives an AQI of 126', () => {
    // Prepare
    const ppm = 0.07853;

    // Act
    const index = aqiFor('o3_8h', ppm);

    // Assess
    expect(index).toBe(126);
  });

  test('PM2.5 of 35.9 µg/m³ gives an AQI of 102', () => {
    // Act
    const index = aqiFor('pm25_24h', 35.9);

    // Assess
    expect(index).toBe(102);
  });

  test('CO of 8.4 ppm gives an AQI of 90', () => {
    // Act
    const index = aqiFor('co_8h', 8.4);

    // Assess
    expect(index).toBe(90);
  });

  test('the overall AQI of the example is the ozone index, the highest of the three', () => {
    // Prepare
    const averages: PollutantAverages = {
      ...noReadings,
      o3_8h: microgramsForPpm(0.0785, 48.0),
      pm25_24h: 35.9,
      co_8h: microgramsForPpm(8.45, 28.01),
    };

    // Act
    const indices = subIndices(averages);

    // Assess
    expect(indices).toMatchObject({ O3: 126, 'PM2.5': 102, CO: 90 });
    expect(overallAqi(indices)).toBe(126);
  });

  test('under the 2024 PM2.5 revision 9.0 µg/m³ is still Good (50) and 9.1 is Moderate (51)', () => {
    // Act
    const good = aqiFor('pm25_24h', 9.0);
    const moderate = aqiFor('pm25_24h', 9.1);

    // Assess
    expect(good).toBe(50);
    expect(moderate).toBe(51);
  });
});

describe('band edges of the 2024 table', () => {
  const edges = Object.entries(PUBLISHED).flatMap(([table, rows]) =>
    rows.flatMap(([cLo, cHi, iLo, iHi]) => [
      [table, cLo, iLo],
      [table, cHi, iHi],
    ]),
  ) as [Averaging, number, number][];

  test.each(edges)('%s at the breakpoint %p gives the index %p', (table, concentration, expected) => {
    // Act
    const index = aqiFor(table, concentration);

    // Assess
    expect(index).toBe(expected);
  });

  test('a concentration between two bands is truncated into the lower one', () => {
    // Act
    const pm25 = aqiFor('pm25_24h', 9.09);
    const pm10 = aqiFor('pm10_24h', 54.9);
    const o3 = aqiFor('o3_8h', 0.0549);

    // Assess
    expect(pm25).toBe(50);
    expect(pm10).toBe(50);
    expect(o3).toBe(50);
  });

  test('a concentration beyond the top breakpoint is reported as 500', () => {
    // Act
    const index = aqiFor('pm25_24h', 400);

    // Assess
    expect(index).toBe(500);
  });

  test('the 1-hour ozone table gives no index below 0.125 ppm', () => {
    // Act
    const index = aqiFor('o3_1h', 0.1);

    // Assess
    expect(index).toBeNull();
  });

  test('truncation ignores binary noise such as 0.07 × 1000', () => {
    // Act
    const value = truncate(0.07, 3);

    // Assess
    expect(value).toBe(0.07);
  });
});

describe('unit conversion at 25 °C', () => {
  test('1 ppb of each gas is the published µg/m³ equivalent (O3 1.963, NO2 1.882, SO2 2.620, CO 1.146)', () => {
    // Act
    const o3 = ppbFromMicrograms(1.963, 'O3');
    const no2 = ppbFromMicrograms(1.882, 'NO2');
    const so2 = ppbFromMicrograms(2.62, 'SO2');
    const co = ppmFromMicrograms(1146, 'CO');

    // Assess
    expect(o3).toBeCloseTo(1, 3);
    expect(no2).toBeCloseTo(1, 3);
    expect(so2).toBeCloseTo(1, 3);
    expect(co).toBeCloseTo(1, 3);
  });

  test('NO2 at the top of its Good band (53 ppb = 99.7 µg/m³) indexes 50 and one ppb more indexes 51', () => {
    // Prepare
    const top = microgramsForPpm(0.0535, 46.01);
    const next = microgramsForPpm(0.0545, 46.01);

    // Act
    const indices = [subIndices({ ...noReadings, no2_1h: top }).NO2, subIndices({ ...noReadings, no2_1h: next }).NO2];

    // Assess
    expect(indices).toEqual([50, 51]);
  });
});

describe('averaging rules', () => {
  test('ozone reports the higher of the 8-hour and the 1-hour index', () => {
    // Prepare: 8-hour 0.060 ppm (→ 51 + 49/0.015 × 0.005 = 67), 1-hour 0.150 ppm (→ 101 + 49/0.039 × 0.025 = 132)
    const averages = { ...noReadings, o3_8h: microgramsForPpm(0.0605, 48.0), o3_1h: microgramsForPpm(0.1505, 48.0) };

    // Act
    const { O3 } = subIndices(averages);

    // Assess
    expect(O3).toBe(Math.round((49 / 0.039) * 0.025 + 101));
  });

  test('an 8-hour ozone mean above 0.200 ppm is indexed by the 1-hour value', () => {
    // Prepare: 1-hour 0.450 ppm → 301 + 199/0.199 × 0.045 = 346
    const averages = { ...noReadings, o3_8h: microgramsForPpm(0.25, 48.0), o3_1h: microgramsForPpm(0.4505, 48.0) };

    // Act
    const { O3 } = subIndices(averages);

    // Assess
    expect(O3).toBe(Math.round((199 / 0.199) * 0.045 + 301));
  });

  test('SO2 above 304 ppb in the hour is indexed by its 24-hour mean, and 200 when that mean is below 305 ppb', () => {
    // Prepare
    const hourHigh = microgramsForPpm(0.4005, 64.07);
    const dayHigh = microgramsForPpm(0.4005, 64.07);
    const dayLow = microgramsForPpm(0.1005, 64.07);

    // Act
    const withHighDay = subIndices({ ...noReadings, so2_1h: hourHigh, so2_24h: dayHigh }).SO2;
    const withLowDay = subIndices({ ...noReadings, so2_1h: hourHigh, so2_24h: dayLow }).SO2;

    // Assess: 400 ppb on the 24-hour table → 201 + 99/299 × 95 = 232
    expect(withHighDay).toBe(Math.round((99 / 299) * 95 + 201));
    expect(withLowDay).toBe(200);
  });

  test('a pollutant without readings has no index and does not count towards the overall AQI', () => {
    // Prepare
    const averages = { ...noReadings, pm10_24h: 60 };

    // Act
    const indices = subIndices(averages);

    // Assess
    expect(indices.SO2).toBeNull();
    expect(overallAqi(indices)).toBe(indices.PM10);
  });
});
