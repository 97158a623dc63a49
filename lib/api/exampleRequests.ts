import type { Tier } from '../http/plans';

/**
 * One example request per operation for the API reference. `npm run examples` sends each to a local server
 * holding the seed's sample data and the reference datasets and writes the answers to examples.generated.ts;
 * test/integration/apiExamples.test.ts checks that the service still gives those answers.
 */
export interface ExampleRequest {
  query?: Record<string, string>;
  /** the plan of the key that sends it (default professional: every field shown) */
  plan?: Tier;
  /** the answer changes with the day or is drawn at random: the test checks its shape only */
  varies?: 'daily' | 'random';
  /** a multipart upload: the image under ../shared/images sent as this field */
  upload?: { field: string; file: string };
  /** a JSON request body (sent with Content-Type: application/json) */
  body?: unknown;
  /** request headers besides the key */
  headers?: Record<string, string>;
  /**
   * The answer written by hand where it needs a live upstream this machine cannot reach (the web, DNS):
   * what the endpoint reports for that public resource, labelled illustrative in the API reference.
   */
  illustrative?: unknown;
}

const utc = (iso: string) => String(Date.parse(iso) / 1000);

export const EXAMPLE_REQUESTS: Record<string, ExampleRequest> = {
  counter: { query: { id: 'page_views', hit: 'true' } },
  analytics: { query: { api_key: 'YOUR_API_KEY' }, varies: 'daily' },
  jokes: { query: { limit: '2' }, varies: 'random' },
  jokeOfTheDay: { varies: 'daily' },
  profanityFilter: { query: { text: 'Damn, the shiitake in Penistone were good' } },
  barcodeGenerate: { query: { text: '036000291452', type: 'upc' } },
  horoscope: { query: { zodiac: 'leo', date: '2026-11-20' } },
  publicHolidays: { query: { country: 'GB', year: '2025' } },
  isPublicHoliday: { query: { country: 'US', date: '2025-07-04' } },
  bankHolidays: { query: { country: 'GB', year: '2025' } },
  isBankHoliday: { query: { country: 'GB', date: '2025-08-25' } },
  incomeTax: { query: { country: 'us', year: '2025', regions: 'CA' } },
  incomeTaxCalculator: { query: { country: 'us', region: 'CA', income: '85000', tax_year: '2025', filing_status: 'single' } },
  propertyTax: { query: { zip: '02139' } },
  phoneLookup: { query: { number: '+442079460018' } },
  vinLookup: { query: { vin: '1HGCM82633A004352' } },
  validateEmail: {
    query: { email: 'jane.doe@gmail.com' },
    illustrative: {
      is_valid: true,
      domain: 'gmail.com',
      email: 'jane.doe@gmail.com',
      local_part: 'jane.doe',
      is_disposable: false,
      is_public: true,
      main_category: null,
      sub_category: null,
      mx_records: true,
    },
  },
  webpage: {
    query: { url: 'https://example.com/' },
    illustrative: {
      url: 'https://example.com/',
      domain: 'example.com',
      url_path: '/',
      url_parameters: {},
      page_title: 'Example Domain',
      page_description: null,
      meta_tags: { viewport: 'width=device-width, initial-scale=1' },
      favicon: null,
    },
  },
  aircraft: { query: { manufacturer: 'airbus', model: 'A320' } },
  airlines: { query: { iata: 'BA' } },
  airports: { query: { iata: 'JFK' } },
  airQuality: { query: { lat: '51.5072', lon: '-0.1276' } },
  objectDetection: { upload: { field: 'image', file: 'dog.jpg' } },
  cryptoPrice: { query: { symbol: 'BTCUSDT' } },
  cryptoPriceHistorical: { query: { symbol: 'BTCUSDT', interval: '1h', start: utc('2026-11-20T08:00:00Z'), end: utc('2026-11-20T11:00:00Z') } },
  cryptoSymbols: {},
  stockPrice: { query: { ticker: 'AAPL' } },
  stockPriceHistorical: { query: { ticker: 'AAPL', period: '1d', start: utc('2020-10-26T00:00:00Z'), end: utc('2020-10-30T00:00:00Z') } },
  stockPriceList: { query: { limit: '3' } },
  mutualFund: { query: { ticker: 'GSFAX' } },
  incomeStatement: { query: { ticker: 'TSLA', period: 'q3', year: '2022' } },
  incomeStatementAvailability: { query: { ticker: 'TSLA' } },
  executiveCompensation: { query: { ticker: 'CBT' } },
  oilSpot: { query: { type: 'wti' } },
  oilPrice: { query: { type: 'wti' } },
  oilPriceHistorical: { query: { type: 'wti', period: '1h', start: utc('2026-11-20T06:00:00Z'), end: utc('2026-11-20T09:00:00Z') } },
  commodityPrice: { query: { name: 'gold' } },
  commodityPriceHistorical: { query: { name: 'gold', period: '1h', start: utc('2026-11-20T06:00:00Z'), end: utc('2026-11-20T09:00:00Z') } },
  commodityContract: { query: { symbol_root: 'GC' } },
  commodityContractList: {},
  interestRate: { query: { rate: 'central_bank_us' } },
  interestRateHistorical: { query: { rate: 'sofr', start_date: '2024-06-03', end_date: '2024-06-06' } },
  liborHistorical: { query: { type: '3_months', start_time: utc('2021-06-01T00:00:00Z'), end_time: utc('2021-06-04T00:00:00Z') } },
  mcp: {
    // the first request of every MCP client; the Accept header is what the Streamable HTTP transport requires
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'example-client', version: '1.0.0' } },
    },
    headers: { Accept: 'application/json, text/event-stream' },
  },
};
