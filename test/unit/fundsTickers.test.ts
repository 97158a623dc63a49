import { nportCandidates, prospectusCandidates } from '../../lib/funds/filings';
import { DEFAULT_FUND_WATCHLIST, fundClassesOf, fundWatchlist } from '../../lib/funds/tickers';
import { parseCompanyTickersMf, parseSubmissions } from '../../lib/sources/sec';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';

describe('fund share classes from company_tickers_mf.json', () => {
  test('keys each class by its upper-case ticker and skips rows that are no plain ticker', () => {
    // Prepare
    const entries = parseCompanyTickersMf({
      fields: ['cik', 'seriesId', 'classId', 'symbol'],
      data: [
        [36405, 'S000002839', 'C000007774', 'VFIAX'],
        [1234, 'S000000001', 'C000000001', 'abcdx'],
        [1234, 'S000000001', 'C000000002', '(ABCEX)'],
        [1234, 'S000000001', 'C000000003', 'ABCDX'],
      ],
    });

    // Act
    const classes = fundClassesOf(entries);

    // Assess
    expect(classes).toEqual([
      { ticker: 'VFIAX', cik: 36405, series_id: 'S000002839', class_id: 'C000007774' },
      { ticker: 'ABCDX', cik: 1234, series_id: 'S000000001', class_id: 'C000000003' },
    ]);
  });

  test('every default watchlist fund is in the SEC list', () => {
    const dir = datasetsDir();
    if (!dir) return; // the datasets are not mounted: nothing to check against
    const body = JSON.parse(readFileSync(join(dir, 'sec', 'company_tickers_mf.json'), 'utf8'));
    const tickers = new Set(fundClassesOf(parseCompanyTickersMf(body)).map((c) => c.ticker));
    expect(DEFAULT_FUND_WATCHLIST.filter((t) => !tickers.has(t))).toEqual([]);
  });
});

describe('FUND_WATCHLIST', () => {
  test('defaults to the large funds and reads a comma-separated list, upper-cased, without repeats', () => {
    expect(fundWatchlist(undefined)).toEqual([...DEFAULT_FUND_WATCHLIST]);
    expect(fundWatchlist(' vfiax, FXAIX ,vfiax,')).toEqual(['VFIAX', 'FXAIX']);
  });

  test('rejects an entry that is not a ticker', () => {
    expect(() => fundWatchlist('VFIAX,VT SAX')).toThrow(/VT SAX/);
  });
});

describe('filings the profile job reads', () => {
  // a trust's filings.recent in the submissions layout: NPORT-P of several series, prospectuses, reports
  const filing = (accessionNumber: string, form: string, filingDate: string, primaryDocument: string) => ({ accessionNumber, form, filingDate, primaryDocument });
  const trust = () =>
    parseSubmissions({
      cik: '822977',
      name: 'GOLDMAN SACHS TRUST',
      filings: {
        recent: Object.fromEntries(
          (['accessionNumber', 'form', 'filingDate', 'primaryDocument', 'reportDate'] as const).map((column) => [
            column,
            [
              filing('0000822977-25-000120', 'NPORT-P', '2025-05-29', 'primary_doc.xml'),
              filing('0000822977-25-000180', 'NPORT-P', '2025-08-27', 'primary_doc.xml'),
              filing('0000822977-25-000181', 'NPORT-P', '2025-08-27', 'primary_doc.xml'),
              filing('0000822977-25-000050', '497K', '2025-04-01', 'gs497k.htm'),
              filing('0000822977-25-000040', '485BPOS', '2025-03-28', 'gs485bpos.htm'),
              filing('0000822977-25-000041', '485BPOS', '2025-03-29', 'exhibits.pdf'),
              filing('0000822977-25-000030', 'N-CSR', '2025-06-01', 'gsncsr.htm'),
            ].map((f) => (column === 'reportDate' ? '' : f[column])),
          ]),
        ),
      },
    });

  test('NPORT-P filings newest first', () => {
    const candidates = nportCandidates(trust().recent);
    expect(candidates.map((f) => [f.filingDate, f.accessionNumber])).toEqual([
      ['2025-08-27', '0000822977-25-000181'],
      ['2025-08-27', '0000822977-25-000180'],
      ['2025-05-29', '0000822977-25-000120'],
    ]);
  });

  test('prospectuses: the 485BPOS before the 497K summaries, HTML documents only', () => {
    expect(prospectusCandidates(trust().recent).map((f) => [f.form, f.primaryDocument])).toEqual([
      ['485BPOS', 'gs485bpos.htm'],
      ['497K', 'gs497k.htm'],
    ]);
  });
});
