/**
 * The five energy benchmarks of spec 4.3 (`type` of /v1/oilprice, /v1/oilspot, /v1/oilpricehistorical)
 * and where each is quoted:
 *
 * - futures: the Yahoo chart API front-month continuous symbol (NYMEX CL, ICE BZ, NYMEX NG, NYMEX RB RBOB
 *   gasoline, NYMEX HO ULSD/heating oil);
 * - spot: the EIA daily spot series at the physical delivery hub, published by EIA and mirrored on FRED
 *   (SOURCES.md §3 and §4). FRED is read without a key; EIA v2 when `EIA_API_KEY` is set.
 *
 * `dimension` decides which units a benchmark may be converted to (lib/energy/units.ts): crude and the
 * refined products are volumes (native: barrel for crude, US gallon for the products), natural gas is
 * energy (native: MMBtu). `diesel` is No. 2 heating oil, as the spec says.
 */
export const BENCHMARKS = ['wti', 'brent', 'natural_gas', 'gasoline', 'diesel'] as const;
export type Benchmark = (typeof BENCHMARKS)[number];

export type Dimension = 'volume' | 'energy';
export type NativeUnit = 'barrel' | 'gallon' | 'MMBtu';

export interface SpotSource {
  /** FRED series id (graph CSV or JSON API) */
  fredSeries: string;
  /** EIA v2 `facets[series][]` value */
  eiaSeries: string;
  /** EIA v2 route below /v2/, without the trailing /data/ (e.g. petroleum/pri/spt) */
  eiaRoute: string;
  /** the physical spot benchmark (delivery hub) */
  benchmark: string;
  /** what value is assessed */
  spotType: string;
}

export interface BenchmarkInfo {
  name: string;
  dimension: Dimension;
  nativeUnit: NativeUnit;
  /** Yahoo chart API symbol of the front-month continuous contract */
  futuresSymbol: string;
  spot: SpotSource;
}

export const BENCHMARK_INFO: Record<Benchmark, BenchmarkInfo> = {
  wti: {
    name: 'WTI Crude Oil',
    dimension: 'volume',
    nativeUnit: 'barrel',
    futuresSymbol: 'CL=F',
    spot: {
      fredSeries: 'DCOILWTICO',
      eiaSeries: 'RWTC',
      eiaRoute: 'petroleum/pri/spt',
      benchmark: 'WTI Cushing, Oklahoma',
      spotType: 'Spot Price FOB',
    },
  },
  brent: {
    name: 'Brent Crude Oil',
    dimension: 'volume',
    nativeUnit: 'barrel',
    futuresSymbol: 'BZ=F',
    spot: {
      fredSeries: 'DCOILBRENTEU',
      eiaSeries: 'RBRTE',
      eiaRoute: 'petroleum/pri/spt',
      benchmark: 'Brent, Europe',
      spotType: 'Spot Price FOB',
    },
  },
  natural_gas: {
    name: 'Natural Gas',
    dimension: 'energy',
    nativeUnit: 'MMBtu',
    futuresSymbol: 'NG=F',
    spot: {
      fredSeries: 'DHHNGSP',
      eiaSeries: 'RNGWHHD',
      eiaRoute: 'natural-gas/pri/fut',
      benchmark: 'Henry Hub, Louisiana',
      spotType: 'Spot Price',
    },
  },
  gasoline: {
    name: 'Gasoline',
    dimension: 'volume',
    nativeUnit: 'gallon',
    futuresSymbol: 'RB=F',
    spot: {
      fredSeries: 'DGASNYH',
      eiaSeries: 'EER_EPMRU_PF4_Y35NY_DPG',
      eiaRoute: 'petroleum/pri/spt',
      benchmark: 'NY Harbor Conventional Gasoline Regular',
      spotType: 'Spot Price FOB',
    },
  },
  diesel: {
    name: 'Diesel (No. 2 Heating Oil)',
    dimension: 'volume',
    nativeUnit: 'gallon',
    futuresSymbol: 'HO=F',
    spot: {
      fredSeries: 'DHOILNYH',
      eiaSeries: 'EER_EPD2F_PF4_Y35NY_DPG',
      eiaRoute: 'petroleum/pri/spt',
      benchmark: 'NY Harbor No. 2 Heating Oil',
      spotType: 'Spot Price FOB',
    },
  },
};

export function isBenchmark(value: string): value is Benchmark {
  return (BENCHMARKS as readonly string[]).includes(value);
}
