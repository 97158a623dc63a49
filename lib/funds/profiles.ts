import { UpstreamFailure } from '../sources/http';
import type { Filing, SecClient } from '../sources/sec';
import { nportCandidates, prospectusCandidates } from './filings';
import { isinFromCusip } from './identifiers';
import { FundDocumentError, nportSeriesId, parseNport, type NportReport } from './nport';
import { prospectusFactsFor, readProspectus, type ProspectusDocument, type ProspectusFacts } from './prospectus';
import type { FundProfile } from './store';
import type { FundClass } from './tickers';

/**
 * Builds fund profiles from SEC filings (SOURCES.md §7–8), one share class at a time:
 * submissions of the trust's CIK → its newest NPORT-P whose seriesId is the class's series
 * (name, registrant country, AUM, holdings) → the newest 485BPOS/497K prospectuses until one carries
 * the class's fee facts (expense ratio) and printed CUSIP (ISIN derived from it).
 *
 * - A fund whose filings cannot be fetched (network, 429/403/5xx after the client's retries) or whose
 *   N-PORT is unreadable is left out with a note: its stored profile stays as it was.
 * - A filing that is gone (404) or a prospectus that cannot be read is skipped for the next candidate;
 *   a fund whose documents simply lack a value (no fee fact, no printed CUSIP) gets null there.
 * - Each document is fetched and read once per run, even when several classes share a trust; only the
 *   small read results are kept, never the documents.
 */

export interface ProfileRun {
  profiles: FundProfile[];
  /** one line per fund left out or incomplete */
  notes: string[];
  /** funds left out because an upstream request or document failed */
  failed: string[];
}

type NportRead = { seriesId: string | null; report?: NportReport; error?: Error };

const gone = (error: unknown) => error instanceof UpstreamFailure && error.status === 404;

/** `load` once per key within a run (a trust's filings serve all its classes). */
function memoized<A, T>(keyOf: (arg: A) => string, load: (arg: A) => Promise<T>): (arg: A) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (arg) => {
    const key = keyOf(arg);
    let value = cache.get(key);
    if (!value) cache.set(key, (value = load(arg)));
    return value;
  };
}

interface TrustFiling {
  cik: number;
  filing: Filing;
}

export async function collectFundProfiles(sec: SecClient, classes: readonly FundClass[]): Promise<ProfileRun> {
  /** a document's text, or null when the filing is gone */
  const fetchText = ({ cik, filing }: TrustFiling) =>
    sec.archiveDocument(cik, filing.accessionNumber, filing.primaryDocument, (text) => text).catch((error: unknown) => {
      if (gone(error)) return null;
      throw error;
    });
  const byAccession = ({ filing }: TrustFiling) => filing.accessionNumber;
  const trustSubmissions = memoized((cik: number) => String(cik), (cik) => sec.submissions(cik));
  const nport = memoized(byAccession, async (source): Promise<NportRead | null> => {
    const xml = await fetchText(source);
    if (xml === null) return null;
    const seriesId = nportSeriesId(xml);
    try {
      return { seriesId, report: parseNport(xml) };
    } catch (error) {
      return { seriesId, error: error as Error };
    }
  });
  const prospectus = memoized(byAccession, async (source): Promise<ProspectusDocument | null> => {
    const html = await fetchText(source);
    if (html === null) return null;
    try {
      return readProspectus(html);
    } catch (error) {
      if (error instanceof FundDocumentError) return null;
      throw error;
    }
  });

  const run: ProfileRun = { profiles: [], notes: [], failed: [] };
  // one fund at a time: the SEC client paces requests anyway
  for (const fundClass of classes) {
    try {
      const trust = await trustSubmissions(fundClass.cik);
      const latest = await latestNport(fundClass, trust.recent, (filing) => nport({ cik: fundClass.cik, filing }));
      if (!latest) {
        run.notes.push(`${fundClass.ticker}: no public NPORT-P for series ${fundClass.series_id} among the trust's recent filings`);
        continue;
      }
      const fees = await prospectusFacts(fundClass, trust.recent, (filing) => prospectus({ cik: fundClass.cik, filing }));
      if (fees.facts.expenseRatioPct === null) run.notes.push(`${fundClass.ticker}: no expense ratio in the recent 485BPOS/497K filings`);
      if (fees.facts.cusip === null) run.notes.push(`${fundClass.ticker}: no CUSIP printed next to the ticker in the recent prospectuses`);
      run.profiles.push(profileOf(fundClass, latest, fees));
    } catch (error) {
      run.failed.push(fundClass.ticker);
      run.notes.push(`${fundClass.ticker}: left as stored (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return run;
}

async function latestNport(
  fundClass: FundClass,
  recent: readonly Filing[],
  read: (filing: Filing) => Promise<NportRead | null>,
): Promise<{ report: NportReport; filing: Filing } | undefined> {
  for (const filing of nportCandidates(recent)) {
    const result = await read(filing);
    if (result === null || result.seriesId !== fundClass.series_id) continue;
    if (result.error || !result.report) throw new FundDocumentError(`NPORT-P ${filing.accessionNumber}: ${result.error?.message ?? 'unreadable'}`);
    return { report: result.report, filing };
  }
  return undefined;
}

async function prospectusFacts(
  fundClass: FundClass,
  recent: readonly Filing[],
  read: (filing: Filing) => Promise<ProspectusDocument | null>,
): Promise<{ facts: ProspectusFacts; filing: Filing | null }> {
  const ids = { classId: fundClass.class_id, seriesId: fundClass.series_id, ticker: fundClass.ticker };
  let found: { facts: ProspectusFacts; filing: Filing | null } = { facts: { expenseRatioPct: null, expenseConcept: null, cusip: null }, filing: null };
  for (const filing of prospectusCandidates(recent)) {
    const document = await read(filing);
    if (document === null) continue;
    const facts = prospectusFactsFor(document, ids);
    if (facts.expenseRatioPct === null && facts.cusip === null) continue;
    found = {
      facts: {
        expenseRatioPct: found.facts.expenseRatioPct ?? facts.expenseRatioPct,
        expenseConcept: found.facts.expenseConcept ?? facts.expenseConcept,
        cusip: found.facts.cusip ?? facts.cusip,
      },
      filing: found.filing ?? filing,
    };
    if (found.facts.expenseRatioPct !== null && found.facts.cusip !== null) break;
  }
  return found;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function profileOf(
  fundClass: FundClass,
  nport: { report: NportReport; filing: Filing },
  prospectus: { facts: ProspectusFacts; filing: Filing | null },
): FundProfile {
  const { report } = nport;
  const cusip = prospectus.facts.cusip;
  return {
    ticker: fundClass.ticker,
    cik: fundClass.cik,
    series_id: fundClass.series_id,
    class_id: fundClass.class_id,
    fund_name: report.seriesName,
    registrant_name: report.registrantName,
    country: report.country,
    cusip,
    isin: cusip === null ? null : isinFromCusip(cusip),
    expense_ratio: prospectus.facts.expenseRatioPct,
    aum: round(report.netAssets, 2),
    num_holdings: report.holdingsCount,
    holdings: report.topHoldings.map((h) => ({ ticker: h.ticker, name: h.name, weight_pct: round(h.weightPct, 4) })),
    report_date: report.reportDate,
    nport_accession: nport.filing.accessionNumber,
    prospectus_accession: prospectus.filing?.accessionNumber ?? null,
  };
}
