/**
 * The rate identifiers of /v2/interestrate (CONTRACT "/v2/interestrate identifiers"), what each one is, who
 * publishes it and how far back the first ingestion fills its history.
 *
 * - 22 central banks, all from the BIS policy-rate dataflow WS_CBPOL (one source, one definition of "policy
 *   rate" across countries). Where a bank targets a band, BIS publishes the middle of the band: the US value
 *   is the midpoint of the FOMC target range (4.375 for 4.25–4.50). The euro area is BIS area XM.
 * - Benchmarks from their administrators: SOFR and EFFR (New York Fed), €STR (ECB), SONIA (Bank of England),
 *   TONA (Bank of Japan, uncollateralized overnight call rate), SARON (Swiss National Bank data portal),
 *   CORRA (Bank of Canada).
 * - Prime and base lending rates carry `rate_type` and `source` (spec 2.8). Brazil has no prime rate: `prime_br`
 *   is the TJLP, the long-term reference rate of BNDES development lending (SGS 256), and says so.
 *
 * History depth (spec 4.7): US and Canadian prime from 1990, Japan from 1989, Brazil from 2011; South
 * Africa, China and Malaysia publish only the current value, so their history starts when collection began.
 * Central banks and benchmarks are filled from 2000 (or the benchmark's first publication).
 */

export const CENTRAL_BANKS = {
  us: { area: 'US', bank: 'Federal Reserve', note: 'midpoint of the FOMC target range' },
  eu: { area: 'XM', bank: 'European Central Bank' },
  gb: { area: 'GB', bank: 'Bank of England' },
  jp: { area: 'JP', bank: 'Bank of Japan' },
  ca: { area: 'CA', bank: 'Bank of Canada' },
  ch: { area: 'CH', bank: 'Swiss National Bank' },
  au: { area: 'AU', bank: 'Reserve Bank of Australia' },
  nz: { area: 'NZ', bank: 'Reserve Bank of New Zealand' },
  se: { area: 'SE', bank: 'Sveriges Riksbank' },
  no: { area: 'NO', bank: 'Norges Bank' },
  dk: { area: 'DK', bank: 'Danmarks Nationalbank' },
  cn: { area: 'CN', bank: "People's Bank of China" },
  in: { area: 'IN', bank: 'Reserve Bank of India' },
  br: { area: 'BR', bank: 'Banco Central do Brasil' },
  mx: { area: 'MX', bank: 'Banco de México' },
  za: { area: 'ZA', bank: 'South African Reserve Bank' },
  kr: { area: 'KR', bank: 'Bank of Korea' },
  tr: { area: 'TR', bank: 'Central Bank of the Republic of Türkiye' },
  pl: { area: 'PL', bank: 'Narodowy Bank Polski' },
  cz: { area: 'CZ', bank: 'Czech National Bank' },
  hu: { area: 'HU', bank: 'Magyar Nemzeti Bank' },
  cl: { area: 'CL', bank: 'Banco Central de Chile' },
} as const satisfies Record<string, { area: string; bank: string; note?: string }>;

export type CentralBankCountry = keyof typeof CENTRAL_BANKS;
export const CENTRAL_BANK_COUNTRIES = Object.keys(CENTRAL_BANKS) as CentralBankCountry[];

export const BENCHMARK_IDS = ['sofr', 'effr', 'estr', 'sonia', 'tona', 'saron', 'corra'] as const;
export const LENDING_RATE_IDS = ['prime_us', 'prime_ca', 'prime_jp', 'prime_za', 'prime_cn', 'base_lending_my', 'prime_br'] as const;

export type CentralBankId = `central_bank_${CentralBankCountry}`;
export type BenchmarkId = (typeof BENCHMARK_IDS)[number];
export type LendingRateId = (typeof LENDING_RATE_IDS)[number];
export type RateId = CentralBankId | BenchmarkId | LendingRateId;

export const centralBankId = (country: CentralBankCountry): CentralBankId => `central_bank_${country}`;

/** Every identifier, in the order the API reference lists them. */
export const RATE_IDS = [...CENTRAL_BANK_COUNTRIES.map(centralBankId), ...BENCHMARK_IDS, ...LENDING_RATE_IDS] as unknown as [RateId, ...RateId[]];

export interface RateInfo {
  id: RateId;
  kind: 'central_bank' | 'benchmark' | 'lending';
  /** served as rate_name (current) and name (history) */
  name: string;
  /** prime and base lending rates only: what the number is */
  rateType?: string;
  /** prime and base lending rates only: who publishes it (and the series) */
  source?: string;
  /** the first day the first ingestion asks for; undefined: the source has only the current value */
  historyFrom?: string;
}

const CENTRAL_BANK_HISTORY_FROM = '2000-01-01';

const BENCHMARKS: Record<BenchmarkId, Omit<RateInfo, 'id' | 'kind'>> = {
  sofr: { name: 'SOFR (Secured Overnight Financing Rate)', historyFrom: '2018-04-02' },
  effr: { name: 'EFFR (Effective Federal Funds Rate)', historyFrom: '2000-01-01' },
  estr: { name: '€STR (Euro Short-Term Rate)', historyFrom: '2019-10-01' },
  sonia: { name: 'SONIA (Sterling Overnight Index Average)', historyFrom: '2000-01-01' },
  tona: { name: 'TONA (Tokyo Overnight Average Rate)', historyFrom: '2000-01-01' },
  saron: { name: 'SARON (Swiss Average Rate Overnight)', historyFrom: '2000-01-01' },
  corra: { name: 'CORRA (Canadian Overnight Repo Rate Average)', historyFrom: '2000-01-01' },
};

const LENDING_RATES: Record<LendingRateId, Omit<RateInfo, 'id' | 'kind'>> = {
  prime_us: {
    name: 'US prime rate',
    rateType: 'Bank prime loan rate: the rate posted by a majority of the top 25 insured US commercial banks',
    source: 'Board of Governors of the Federal Reserve System (H.15), via FRED series DPRIME',
    historyFrom: '1990-01-01',
  },
  prime_ca: {
    name: 'Canada prime rate',
    rateType: 'Chartered bank prime business lending rate (weekly, Wednesdays)',
    source: 'Bank of Canada, Valet series V80691311',
    historyFrom: '1990-01-01',
  },
  prime_jp: {
    name: 'Japan short-term prime rate',
    rateType: 'Short-term prime lending rate: the most frequent rate among city banks, dated by the day it changed',
    source: 'Bank of Japan, Long-Term and Short-Term Prime Lending Rates',
    historyFrom: '1989-01-01',
  },
  prime_za: {
    name: 'South Africa prime lending rate',
    rateType: 'Prime lending rate of South African banks (by convention the repo rate plus 3.5 percentage points)',
    source: 'South African Reserve Bank, web indicators (HomePageRates)',
  },
  prime_cn: {
    name: 'China 1-year Loan Prime Rate (LPR)',
    rateType: '1-year Loan Prime Rate, published monthly on the 20th',
    source: "National Interbank Funding Center (CFETS) for the People's Bank of China, chinamoney.com.cn",
  },
  base_lending_my: {
    name: 'Malaysia base lending rate',
    rateType: 'Base lending rate (BLR): the median of the rates of the banks listed by Bank Negara Malaysia, dated by the day it was read',
    source: 'Bank Negara Malaysia OpenAPI (base-rate)',
  },
  prime_br: {
    name: 'Brazil long-term interest rate (TJLP)',
    rateType:
      'TJLP (Taxa de Juros de Longo Prazo), % per year, set quarterly by the National Monetary Council. Brazil has no prime rate; ' +
      'the TJLP is the reference rate of BNDES development lending and the nearest documented lending reference',
    source: 'Banco Central do Brasil, SGS series 256',
    historyFrom: '2011-01-01',
  },
};

const CATALOGUE = new Map<RateId, RateInfo>([
  ...CENTRAL_BANK_COUNTRIES.map((country): [RateId, RateInfo] => {
    const bank: { bank: string; note?: string } = CENTRAL_BANKS[country];
    const id = centralBankId(country);
    const name = `${bank.bank} policy rate${bank.note ? ` (${bank.note})` : ''}`;
    return [id, { id, kind: 'central_bank', name, historyFrom: CENTRAL_BANK_HISTORY_FROM }];
  }),
  ...BENCHMARK_IDS.map((id): [RateId, RateInfo] => [id, { id, kind: 'benchmark', ...BENCHMARKS[id] }]),
  ...LENDING_RATE_IDS.map((id): [RateId, RateInfo] => [id, { id, kind: 'lending', ...LENDING_RATES[id] }]),
]);

export function rateInfo(id: RateId): RateInfo {
  return CATALOGUE.get(id)!;
}

export function isRateId(value: string): value is RateId {
  return CATALOGUE.has(value as RateId);
}
