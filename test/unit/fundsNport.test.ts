import { FundDocumentError, nportSeriesId, parseNport } from '../../lib/funds/nport';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { recordingsDir } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

/** Real NPORT-P reports: the Goldman Sachs Bond Fund (datasets) and Dupree's Kentucky short-to-medium series (recordings). */
const goldmanBond = () => readFileSync(join(datasetsDir()!, 'mutual-funds/nport-p_GoldmanSachsBondFund_S000013795_2023-03-31.xml'), 'utf8');
const dupree = () => readFileSync(join(recordingsDir(), 'sec/nport-primary_doc-Dupree-S000012000-2022-12.xml'), 'utf8');

/** A minimal N-PORT in the real layout with the given holdings. */
function nport(holdings: string, genInfo = '<seriesId>S000000001</seriesId><seriesName>Test Fund</seriesName><repPdDate>2025-06-30</repPdDate>') {
  return `<?xml version="1.0" encoding="UTF-8"?><edgarSubmission xmlns="http://www.sec.gov/edgar/nport"><formData>
    <genInfo><regName>Test Trust</regName><regStateConditional regCountry="US" regState="US-NY"/>${genInfo}</genInfo>
    <fundInfo><totAssets>1000.00</totAssets><netAssets>990.50</netAssets></fundInfo>
    <invstOrSecs>${holdings}</invstOrSecs></formData></edgarSubmission>`;
}
const holding = (name: string, pct: string, identifiers = '', assetCat = 'EC') =>
  `<invstOrSec><name>${name}</name><title>${name} title</title><cusip>N/A</cusip><identifiers>${identifiers}</identifiers><pctVal>${pct}</pctVal><assetCat>${assetCat}</assetCat></invstOrSec>`;

describe('N-PORT primary_doc.xml', () => {
  test('reads the series, registrant country, net assets and holdings count of real reports', () => {
    // Act
    const bond = parseNport(goldmanBond());
    const kentucky = parseNport(dupree());

    // Assess: the figures as filed (genInfo, fundInfo/netAssets, 1,685 and 55 invstOrSec)
    expect(bond).toMatchObject({
      seriesId: 'S000013795',
      seriesName: 'Goldman Sachs Bond Fund',
      registrantName: 'GOLDMAN SACHS TRUST',
      country: 'US',
      reportDate: '2023-03-31',
      netAssets: 361898455.93,
      holdingsCount: 1685,
    });
    expect(kentucky).toMatchObject({ seriesId: 'S000012000', seriesName: 'Kentucky Tax-Free Short-to-Medium Series', registrantName: 'Dupree Mutual Funds', reportDate: '2022-12-31', netAssets: 41349926.01, holdingsCount: 55 });
  });

  test('keeps the ten largest holdings by pctVal, descending; debt holdings have a CUSIP and ISIN but no ticker', () => {
    // Act
    const { topHoldings } = parseNport(goldmanBond());

    // Assess
    expect(topHoldings).toHaveLength(10);
    const weights = topHoldings.map((h) => h.weightPct);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(topHoldings[0]).toEqual({ name: 'UMBS, TBA', ticker: null, cusip: '01F052649', isin: 'US01F0526495', weightPct: 8.373807487551 });
    expect(topHoldings.every((h) => h.ticker === null)).toBe(true);
  });

  test('decodes entities in names and falls back to the title when the name is N/A', () => {
    // Act
    const report = parseNport(nport(holding('JPMorgan Chase &amp; Co.', '2.5') + '<invstOrSec><name>N/A</name><title>S&amp;P 500 E-Mini Future</title><pctVal>0.1</pctVal></invstOrSec>'));

    // Assess
    expect(report.topHoldings.map((h) => h.name)).toEqual(['JPMorgan Chase & Co.', 'S&P 500 E-Mini Future']);
  });

  test('puts short positions (negative weights) last and counts every investment', () => {
    const report = parseNport(nport(holding('Short', '-1.2') + holding('Long', '3.4', '<ticker value="LNG"/>') + holding('Small', '0.2')));
    expect(report.topHoldings.map((h) => [h.name, h.ticker])).toEqual([
      ['Long', 'LNG'],
      ['Small', null],
      ['Short', null],
    ]);
    expect(report.holdingsCount).toBe(3);
  });

  test.each([
    ['a debt holding (issuer code in the ticker field)', holding('Kentucky Bond', '2.0', '<ticker value="KYSFAC"/>', 'DBT')],
    ['an equity holding with an ISIN in the ticker field', holding('Apple', '2.0', '<ticker value="US0378331005"/>')],
    ['an equity holding with a ticker that is no ticker', holding('Apple', '2.0', '<ticker value="AAPL US EQUITY"/>')],
  ])('serves no ticker for %s', (_what, xml) => {
    expect(parseNport(nport(xml)).topHoldings[0]!.ticker).toBeNull();
  });

  test('a fund with no holdings reports zero', () => {
    expect(parseNport(nport('')).holdingsCount).toBe(0);
  });

  test('a country code that is not ISO alpha-2 becomes null', () => {
    const xml = nport('').replace('regCountry="US"', 'regCountry="USA"');
    expect(parseNport(xml).country).toBeNull();
  });

  test.each([
    ['an HTML error page', '<html><body>Request Rate Threshold Exceeded</body></html>', /not an N-PORT/],
    ['a document cut off part-way', dupree().slice(0, 6000), /cut off/],
    ['an empty body', '', /not an N-PORT/],
    ['no seriesId', nport('', '<seriesName>X</seriesName><repPdDate>2025-06-30</repPdDate>'), /seriesId/],
    ['a malformed report date', nport('', '<seriesId>S000000001</seriesId><seriesName>X</seriesName><repPdDate>June 2025</repPdDate>'), /repPdDate/],
    ['netAssets that is not a number', nport('').replace('990.50', 'N/A'), /netAssets/],
    ['a holding without pctVal', nport('<invstOrSec><name>X</name></invstOrSec>'), /pctVal/],
  ])('rejects %s', (_, xml, message) => {
    expect(thrown(FundDocumentError, () => parseNport(xml as string)).message).toMatch(message as RegExp);
  });

  test('finds the series id cheaply, and null when there is none', () => {
    expect(nportSeriesId(goldmanBond())).toBe('S000013795');
    expect(nportSeriesId('<html></html>')).toBeNull();
  });
});
