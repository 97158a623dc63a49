import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../infra/projectRoot';
import { parseCompanyFacts, type CompanyFacts } from '../../lib/sources/sec';

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
