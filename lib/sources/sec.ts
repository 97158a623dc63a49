import { createHttpClient, isJsonObject, createPacer, type HttpClient, type HttpClientOptions, type Pacer } from './http';

/**
 * SEC EDGAR (SOURCES.md §7, §8). Two hosts: www.sec.gov (ticker files, filing archives) and data.sec.gov
 * (submissions, XBRL company facts). Fair access: a declared User-Agent with a company name and contact
 * address (`SEC_USER_AGENT`), at most 10 requests per second across everything one client does (both
 * hosts share one pacer), and backoff on 403/429, which is how the SEC answers a tripped rate threshold.
 *
 * Parsers check the envelope each payload must have and throw on anything else; domain code
 * (lib/filings, lib/funds, lib/stocks) reads the parsed values.
 */
export const SEC_WWW_URL_ENV = 'SEC_WWW_BASE_URL';
export const SEC_DATA_URL_ENV = 'SEC_DATA_BASE_URL';
export const SEC_USER_AGENT_ENV = 'SEC_USER_AGENT';
export const SEC_DEFAULT_USER_AGENT = 'DataQueryService ops@dataqueryservice.example';
const SEC_REQUESTS_PER_SECOND = 10;

export class SecPayloadError extends Error {}


/** 10-digit zero-padded CIK, as data.sec.gov paths and the API's `cik` fields use it. */
export function paddedCik(cik: number | string): string {
  const digits = String(cik).trim().replace(/^CIK/i, '');
  if (!/^\d{1,10}$/.test(digits)) throw new SecPayloadError(`'${cik}' is not a CIK`);
  return digits.padStart(10, '0');
}

export interface TickerEntry {
  cik: number;
  ticker: string;
  title: string;
}

/** company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...} */
export function parseCompanyTickers(body: unknown): TickerEntry[] {
  if (!isJsonObject(body)) throw new SecPayloadError('company_tickers is not an object');
  const entries = Object.values(body).map((row, i) => {
    if (!isJsonObject(row) || typeof row.cik_str !== 'number' || typeof row.ticker !== 'string' || typeof row.title !== 'string') {
      throw new SecPayloadError(`company_tickers entry ${i} is malformed`);
    }
    return { cik: row.cik_str, ticker: row.ticker, title: row.title };
  });
  if (entries.length === 0) throw new SecPayloadError('company_tickers is empty');
  return entries;
}

/** The {"fields": [...], "data": [[...], ...]} tables of company_tickers_exchange.json and company_tickers_mf.json. */
function parseFieldTable<K extends string>(body: unknown, name: string, fields: readonly K[]): Record<K, unknown>[] {
  if (!isJsonObject(body) || !Array.isArray(body.fields) || !Array.isArray(body.data)) throw new SecPayloadError(`${name} has no fields/data`);
  const columns = fields.map((field) => (body.fields as unknown[]).indexOf(field));
  const missing = fields.filter((_, i) => columns[i]! < 0);
  if (missing.length) throw new SecPayloadError(`${name} lacks the fields ${missing.join(', ')}`);
  if (body.data.length === 0) throw new SecPayloadError(`${name} is empty`);
  return body.data.map((row, i) => {
    if (!Array.isArray(row)) throw new SecPayloadError(`${name} row ${i} is not an array`);
    return Object.fromEntries(fields.map((field, f) => [field, row[columns[f]!]])) as Record<K, unknown>;
  });
}

export interface ExchangeTickerEntry {
  cik: number;
  name: string;
  ticker: string;
  /** e.g. Nasdaq, NYSE, OTC, CBOE; null when the SEC lists none */
  exchange: string | null;
}

export function parseCompanyTickersExchange(body: unknown): ExchangeTickerEntry[] {
  return parseFieldTable(body, 'company_tickers_exchange', ['cik', 'name', 'ticker', 'exchange'] as const).flatMap((row) =>
    typeof row.cik === 'number' && typeof row.ticker === 'string' && row.ticker !== '' && typeof row.name === 'string'
      ? [{ cik: row.cik, name: row.name, ticker: row.ticker, exchange: typeof row.exchange === 'string' ? row.exchange : null }]
      : [],
  );
}

export interface FundClassEntry {
  cik: number;
  seriesId: string;
  classId: string;
  symbol: string;
}

export function parseCompanyTickersMf(body: unknown): FundClassEntry[] {
  return parseFieldTable(body, 'company_tickers_mf', ['cik', 'seriesId', 'classId', 'symbol'] as const).flatMap((row) =>
    typeof row.cik === 'number' && typeof row.seriesId === 'string' && typeof row.classId === 'string' && typeof row.symbol === 'string' && row.symbol !== ''
      ? [{ cik: row.cik, seriesId: row.seriesId, classId: row.classId, symbol: row.symbol }]
      : [],
  );
}

export interface Filing {
  accessionNumber: string;
  form: string;
  filingDate: string;
  reportDate: string | null;
  primaryDocument: string;
}

export interface Submissions {
  cik: string;
  name: string;
  tickers: string[];
  exchanges: string[];
  /** MMDD, e.g. "0928" */
  fiscalYearEnd: string | null;
  /** filings.recent, one object per filing, newest first as the SEC lists them */
  recent: Filing[];
}

/** submissions/CIK##########.json: filings.recent holds parallel arrays. */
export function parseSubmissions(body: unknown): Submissions {
  if (!isJsonObject(body) || typeof body.name !== 'string' || !isJsonObject(body.filings) || !isJsonObject(body.filings.recent)) {
    throw new SecPayloadError('submissions without name/filings.recent');
  }
  const recent = body.filings.recent;
  const column = (name: string): unknown[] => {
    const values = recent[name];
    if (!Array.isArray(values)) throw new SecPayloadError(`filings.recent.${name} is not an array`);
    return values;
  };
  const accession = column('accessionNumber');
  const [form, filingDate, reportDate, primaryDocument] = ['form', 'filingDate', 'reportDate', 'primaryDocument'].map(column) as unknown[][];
  if ([form, filingDate, reportDate, primaryDocument].some((c) => c!.length !== accession.length)) {
    throw new SecPayloadError('filings.recent arrays differ in length');
  }
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    cik: paddedCik(String(body.cik ?? '')),
    name: body.name,
    tickers: strings(body.tickers),
    exchanges: strings(body.exchanges),
    fiscalYearEnd: typeof body.fiscalYearEnd === 'string' ? body.fiscalYearEnd : null,
    recent: accession.map((acc, i) => ({
      accessionNumber: String(acc),
      form: String(form![i]),
      filingDate: String(filingDate![i]),
      reportDate: typeof reportDate![i] === 'string' && reportDate![i] !== '' ? (reportDate![i] as string) : null,
      primaryDocument: String(primaryDocument![i]),
    })),
  };
}

export interface Fact {
  /** YYYY-MM-DD; absent on instant facts */
  start?: string;
  end: string;
  val: number | string;
  accn: string;
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  frame?: string;
}

export interface CompanyFacts {
  cik: string;
  entityName: string;
  /** taxonomy (us-gaap, ifrs-full, dei, ecd) → concept → unit (USD, USD/shares, shares, pure) → facts */
  facts: Record<string, Record<string, { label: string | null; units: Record<string, Fact[]> }>>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** companyfacts/CIK##########.json; a fact without end, val, accn, form or filed makes the payload malformed. */
export function parseCompanyFacts(body: unknown): CompanyFacts {
  if (!isJsonObject(body) || !isJsonObject(body.facts) || typeof body.entityName !== 'string') throw new SecPayloadError('companyfacts without facts/entityName');
  const facts: CompanyFacts['facts'] = {};
  for (const [taxonomy, concepts] of Object.entries(body.facts)) {
    if (!isJsonObject(concepts)) throw new SecPayloadError(`facts.${taxonomy} is not an object`);
    facts[taxonomy] = {};
    for (const [concept, entry] of Object.entries(concepts)) {
      if (!isJsonObject(entry) || !isJsonObject(entry.units)) throw new SecPayloadError(`${taxonomy}:${concept} has no units`);
      const units: Record<string, Fact[]> = {};
      for (const [unit, list] of Object.entries(entry.units)) {
        if (!Array.isArray(list)) throw new SecPayloadError(`${taxonomy}:${concept} ${unit} is not a list`);
        units[unit] = list.map((fact, i) => {
          if (
            !isJsonObject(fact) ||
            typeof fact.end !== 'string' ||
            !DATE.test(fact.end) ||
            (typeof fact.val !== 'number' && typeof fact.val !== 'string') ||
            typeof fact.accn !== 'string' ||
            typeof fact.form !== 'string' ||
            typeof fact.filed !== 'string'
          ) {
            throw new SecPayloadError(`${taxonomy}:${concept} ${unit} fact ${i} is malformed`);
          }
          return {
            ...(typeof fact.start === 'string' ? { start: fact.start } : {}),
            end: fact.end,
            val: fact.val,
            accn: fact.accn,
            fy: typeof fact.fy === 'number' ? fact.fy : null,
            fp: typeof fact.fp === 'string' ? fact.fp : null,
            form: fact.form,
            filed: fact.filed,
            ...(typeof fact.frame === 'string' ? { frame: fact.frame } : {}),
          };
        });
      }
      facts[taxonomy][concept] = { label: typeof entry.label === 'string' ? entry.label : null, units };
    }
  }
  return { cik: paddedCik(String(body.cik ?? '')), entityName: body.entityName, facts };
}

export interface SecClient {
  companyTickers(): Promise<TickerEntry[]>;
  companyTickersExchange(): Promise<ExchangeTickerEntry[]>;
  mutualFundTickers(): Promise<FundClassEntry[]>;
  submissions(cik: number | string): Promise<Submissions>;
  companyFacts(cik: number | string): Promise<CompanyFacts>;
  /** a document under www.sec.gov/Archives/edgar/data/{cik}/{accession without dashes}/{file}, passed to `parse` */
  archiveDocument<T>(cik: number | string, accessionNumber: string, file: string, parse: (text: string) => T): Promise<T>;
}

export interface SecClientOptions extends Partial<HttpClientOptions> {
  wwwBaseUrl?: string;
  dataBaseUrl?: string;
}

/**
 * One client = one fair-access budget: make one per job run and share it. The User-Agent comes from
 * SEC_USER_AGENT (a company name and contact address; empty → the default), read when the client is made.
 */
export function secClient(options: SecClientOptions = {}): SecClient {
  const { wwwBaseUrl, dataBaseUrl, ...http } = options;
  const pacer: Pacer = options.pacer ?? createPacer(SEC_REQUESTS_PER_SECOND);
  const userAgent = process.env.SEC_USER_AGENT?.trim() || SEC_DEFAULT_USER_AGENT;
  const common: Omit<HttpClientOptions, 'baseUrl'> = {
    timeoutMs: 15_000,
    retries: 3,
    backoffMs: 1000,
    maxRetryAfterMs: 15_000,
    ...http,
    // 403 is how the SEC answers a tripped rate threshold: always worth a backoff
    retryStatuses: [...new Set([403, ...(http.retryStatuses ?? [])])],
    // extra headers never drop the declared User-Agent (fair access)
    headers: { ...http.headers, 'User-Agent': userAgent },
    pacer,
  };
  const www: HttpClient = createHttpClient({ baseUrl: wwwBaseUrl ?? process.env.SEC_WWW_BASE_URL ?? 'https://www.sec.gov', ...common });
  const data: HttpClient = createHttpClient({ baseUrl: dataBaseUrl ?? process.env.SEC_DATA_BASE_URL ?? 'https://data.sec.gov', ...common });
  return {
    companyTickers: () => www.getJson('/files/company_tickers.json', {}, parseCompanyTickers),
    companyTickersExchange: () => www.getJson('/files/company_tickers_exchange.json', {}, parseCompanyTickersExchange),
    mutualFundTickers: () => www.getJson('/files/company_tickers_mf.json', {}, parseCompanyTickersMf),
    submissions: (cik) => data.getJson(`/submissions/CIK${paddedCik(cik)}.json`, {}, parseSubmissions),
    companyFacts: (cik) => data.getJson(`/api/xbrl/companyfacts/CIK${paddedCik(cik)}.json`, {}, parseCompanyFacts),
    archiveDocument: (cik, accessionNumber, file, parse) =>
      www.getText(`/Archives/edgar/data/${Number(paddedCik(cik))}/${accessionNumber.replaceAll('-', '')}/${file}`, {}, parse),
  };
}
