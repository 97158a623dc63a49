import { paddedCik, type TickerEntry } from '../sources/sec';
import type { CikRecord, CompanyRef, TickerRecord } from './filingStore';

/**
 * Ticker ↔ CIK ↔ name from company_tickers.json. A company may list several tickers (GOOGL, GOOG); the
 * SEC orders the file by market value, so a CIK's first ticker is its main listing.
 */
export function companyIndex(entries: readonly TickerEntry[]): { tickers: TickerRecord[]; ciks: CikRecord[] } {
  const tickers = new Map<string, TickerRecord>();
  const ciks = new Map<string, CikRecord>();
  for (const entry of entries) {
    const cik = paddedCik(entry.cik);
    const ticker = entry.ticker.trim().toUpperCase();
    if (!ticker || tickers.has(ticker)) continue;
    tickers.set(ticker, { ticker, cik, name: entry.title });
    const company = ciks.get(cik) ?? { cik, name: entry.title, tickers: [] };
    company.tickers.push(ticker);
    ciks.set(cik, company);
  }
  return { tickers: [...tickers.values()], ciks: [...ciks.values()] };
}

const SUFFIXES = new Set(['inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'plc', 'llc', 'lp', 'sa', 'nv', 'ag', 'the', 'holdings', 'group']);

/** Lower case words without punctuation and corporate suffixes ("CABOT CORP" → "cabot"). */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !SUFFIXES.has(word));
}

/**
 * The company a name search means, among `companies`: the exact name (suffixes aside) first, then names
 * starting with the query, then names containing all its words; the shortest name wins a tie.
 */
export function searchCompanyByName<C extends CompanyRef>(query: string, companies: readonly C[]): C | undefined {
  const wanted = nameWords(query);
  if (wanted.length === 0) return undefined;
  const phrase = wanted.join(' ');
  const scored = companies.flatMap((company) => {
    const words = nameWords(company.company_name);
    const text = words.join(' ');
    const rank = text === phrase ? 0 : text.startsWith(`${phrase} `) ? 1 : wanted.every((w) => words.includes(w)) ? 2 : wanted.every((w) => words.some((x) => x.startsWith(w))) ? 3 : undefined;
    return rank === undefined ? [] : [{ company, rank, length: text.length }];
  });
  scored.sort((a, b) => a.rank - b.rank || a.length - b.length);
  return scored[0]?.company;
}
