import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { parseCompanyFacts, type CompanyFacts } from '../../lib/sources/sec';
import { recordingText } from './fakeUpstream';

/**
 * The real SEC payloads of the shared datasets directory (DATASETS_DIR, default ../shared/datasets beside
 * the project), read in place: they are never copied into the project.
 */
export const DATASETS_DIR = resolve(PROJECT_ROOT, process.env.DATASETS_DIR ?? '../shared/datasets');

export const datasetText = (path: string) => readFileSync(resolve(DATASETS_DIR, path), 'utf8');

export const SEC_DATASETS = {
  tesla: 'sec/companyfacts/tsla_facts_edgartools.json',
  snowflake: 'sec/companyfacts/snow_facts_edgartools.json',
  lpa: 'sec/companyfacts/lpa_facts_edgartools.json',
  cabotProxy: 'sec/def14a/cabot.DEF14A.ixbrl.html',
  tickers: 'sec/company_tickers.json',
} as const;

const cache = new Map<string, CompanyFacts>();
export function datasetFacts(path: string): CompanyFacts {
  let facts = cache.get(path);
  if (!facts) {
    facts = parseCompanyFacts(JSON.parse(datasetText(path)));
    cache.set(path, facts);
  }
  return facts;
}

/** Every real companyfacts payload in ../shared: Apple and NVIDIA (recordings), Tesla, Snowflake and LPA (datasets). */
export const REAL_COMPANY_FACTS = {
  AAPL: { cik: 320193, path: 'sec/companyfacts-CIK0000320193-AAPL.json', in: 'recordings' },
  NVDA: { cik: 1045810, path: 'sec/companyfacts-CIK0001045810-NVDA.json', in: 'recordings' },
  TSLA: { cik: 1318605, path: SEC_DATASETS.tesla, in: 'datasets' },
  SNOW: { cik: 1640147, path: SEC_DATASETS.snowflake, in: 'datasets' },
  LPA: { cik: 1997711, path: SEC_DATASETS.lpa, in: 'datasets' },
} as const;

export type RealCompany = keyof typeof REAL_COMPANY_FACTS;

/** A real companyfacts payload as the SEC serves it (JSON, before parsing). */
export function realCompanyFactsJson(company: RealCompany): unknown {
  const { path, in: folder } = REAL_COMPANY_FACTS[company];
  return JSON.parse(folder === 'recordings' ? recordingText(path) : datasetText(path));
}
