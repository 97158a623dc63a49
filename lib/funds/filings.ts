import type { Filing } from '../sources/sec';

/**
 * Which filings of a trust (submissions `filings.recent`) the profile job reads, newest first.
 *
 * - N-PORT: a trust files one `NPORT-P` per series each month, and only each fiscal quarter's third
 *   month is public, so the latest report of one series is among the trust's newest NPORT-P filings;
 *   the job reads them in turn until one's `genInfo/seriesId` is the series.
 * - Prospectus: the annual `485BPOS` update (whole trust) and `497K` summary prospectuses (one fund each)
 *   carry the inline-XBRL fee table; the newest few of each are tried.
 */

/** NPORT-P filings looked at per trust before giving up on a series. */
export const NPORT_SCAN_LIMIT = 40;
export const PROSPECTUS_FORMS = [
  { form: '485BPOS', limit: 2 },
  { form: '497K', limit: 3 },
] as const;

const newestFirst = (a: Filing, b: Filing) => b.filingDate.localeCompare(a.filingDate) || b.accessionNumber.localeCompare(a.accessionNumber);

export function nportCandidates(recent: readonly Filing[], limit = NPORT_SCAN_LIMIT): Filing[] {
  return recent.filter((f) => f.form === 'NPORT-P').sort(newestFirst).slice(0, limit);
}

export function prospectusCandidates(recent: readonly Filing[]): Filing[] {
  return PROSPECTUS_FORMS.flatMap(({ form, limit }) =>
    recent.filter((f) => f.form === form && /\.html?$/i.test(f.primaryDocument)).sort(newestFirst).slice(0, limit),
  );
}
