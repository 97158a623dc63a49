import { classCusip, parseProspectus, readProspectus } from '../../lib/funds/prospectus';
import { FundDocumentError } from '../../lib/funds/nport';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureText, recordingsDir } from '../support/fakeUpstream';
import { thrown } from '../support/thrown';

// hand-written in the real layout (synthetic fees; README there): the CUSIP layouts no recorded prospectus has
const vanguard = () => fixtureText('sec-funds', '485bpos-vanguard-index-funds.htm');
const fidelity = () => fixtureText('sec-funds', '485bpos-fidelity-concord-street.htm');
const VFIAX = { classId: 'C000007774', seriesId: 'S000002839', ticker: 'VFIAX' };

/** An inline-XBRL document in the real layout: contexts in ix:header, facts in the body. */
function ixbrl(contexts: Record<string, string[]>, body: string) {
  const context = ([id, members]: [string, string[]]) =>
    `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier><xbrli:segment>${members
      .map((m, i) => `<xbrldi:explicitMember dimension="${i === 0 ? 'dei:LegalEntityAxis' : 'oef:ClassAxis'}">t:${m}Member</xbrldi:explicitMember>`)
      .join('')}</xbrli:segment></xbrli:entity><xbrli:period><xbrli:instant>2025-04-28</xbrli:instant></xbrli:period></xbrli:context>`;
  return `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi"><body><div style="display:none"><ix:header><ix:resources>${Object.entries(
    contexts,
  )
    .map(context)
    .join('')}</ix:resources></ix:header></div>${body}</body></html>`;
}
const fact = (name: string, context: string, text: string, extra = 'scale="-2" format="ixt:num-dot-decimal"') =>
  `<ix:nonFraction name="${name}" contextRef="${context}" unitRef="pure" decimals="4" ${extra}>${text}</ix:nonFraction>`;
const IDS = { classId: 'C000000011', seriesId: 'S000000001', ticker: 'TSTAX' };

describe('expense ratio from the prospectus fee table', () => {
  test('reads the class\'s total annual operating expenses as a percentage (0.04 shown, scale -2 → 0.04)', () => {
    expect(parseProspectus(vanguard(), VFIAX)).toEqual({ expenseRatioPct: 0.04, expenseConcept: 'ExpensesOverAssets', cusip: '922908710' });
  });

  test('never returns a sibling class\'s fee from the same document', () => {
    expect(parseProspectus(vanguard(), { classId: 'C000007773', seriesId: 'S000002839', ticker: 'VFINX' }).expenseRatioPct).toBe(0.14);
    expect(parseProspectus(fidelity(), { classId: 'C000100045', seriesId: 'S000006027', ticker: 'FXAIX' }).expenseRatioPct).toBe(0.015);
  });

  test('prefers the net ratio (after waivers) over the gross one', () => {
    const html = ixbrl({ c1: ['S000000001', 'C000000011'] }, fact('oef:ExpensesOverAssets', 'c1', '0.85') + fact('oef:NetExpensesOverAssets', 'c1', '0.65'));
    expect(parseProspectus(html, IDS)).toMatchObject({ expenseRatioPct: 0.65, expenseConcept: 'NetExpensesOverAssets' });
  });

  test('reads the older rr: taxonomy and unscaled fractions', () => {
    const html = ixbrl({ c1: ['S000000001', 'C000000011'] }, fact('rr:ExpensesOverAssets', 'c1', '0.0052', 'format="ixt:numdotdecimal"'));
    expect(parseProspectus(html, IDS).expenseRatioPct).toBe(0.52);
  });

  test('falls back to a series-level fact when the fund tags no class', () => {
    const html = ixbrl({ s: ['S000000001'], other: ['S000000002', 'C000000099'] }, fact('oef:ExpensesOverAssets', 'other', '1.10') + fact('oef:ExpensesOverAssets', 's', '0.20'));
    expect(parseProspectus(html, IDS).expenseRatioPct).toBe(0.2);
  });

  test('a fee shown as "None" (ixt:fixed-zero) is zero, not missing', () => {
    const html = ixbrl({ c1: ['S000000001', 'C000000011'] }, fact('oef:NetExpensesOverAssets', 'c1', 'None', 'scale="-2" format="ixt:fixed-zero"'));
    expect(parseProspectus(html, IDS).expenseRatioPct).toBe(0);
  });

  test('is null when the class has no fee fact, or the value is not a number or is implausible', () => {
    expect(parseProspectus(vanguard(), IDS).expenseRatioPct).toBeNull();
    const html = ixbrl({ c1: ['S000000001', 'C000000011'] }, fact('oef:ExpensesOverAssets', 'c1', 'n/a') + fact('oef:NetExpensesOverAssets', 'c1', '150', 'scale="0"'));
    expect(parseProspectus(html, IDS).expenseRatioPct).toBeNull();
  });

  test('rejects a document cut off part-way or empty', () => {
    expect(thrown(FundDocumentError, () => readProspectus(vanguard().slice(0, 3000))).message).toMatch(/cut off/);
    expect(thrown(FundDocumentError, () => readProspectus('')).message).toMatch(/empty/);
  });
});

describe('class CUSIP printed in the prospectus', () => {
  test('takes it from a table with the classes side by side (ticker row and CUSIP row)', () => {
    expect(parseProspectus(vanguard(), VFIAX).cusip).toBe('922908710');
    expect(parseProspectus(vanguard(), { classId: 'C000007773', seriesId: 'S000002839', ticker: 'VFINX' }).cusip).toBe('922908108');
  });

  test('takes it from a row per class', () => {
    expect(parseProspectus(vanguard(), { classId: 'C000007806', seriesId: 'S000002848', ticker: 'VTSAX' }).cusip).toBe('922908728');
  });

  test('takes it from a sentence that lists several funds', () => {
    expect(parseProspectus(fidelity(), { classId: 'C000100045', seriesId: 'S000006027', ticker: 'FXAIX' }).cusip).toBe('315911750');
    expect(parseProspectus(fidelity(), { classId: 'C000016564', seriesId: 'S000006026', ticker: 'FSMAX' }).cusip).toBe('315911693');
  });

  test('is null when the ticker is not printed, the number fails its check digit, or the row is ambiguous', () => {
    expect(classCusip({ cusipTables: [], cusipParagraphs: ['Fund X, CUSIP 922908710'] }, 'TSTAX')).toBeNull();
    expect(classCusip({ cusipTables: [[['CUSIP', 'Ticker'], ['922908711', 'TSTAX']]], cusipParagraphs: [] }, 'TSTAX')).toBeNull();
    expect(classCusip({ cusipTables: [[['TSTAX', 'CUSIP 922908710 or 922908108']]], cusipParagraphs: [] }, 'TSTAX')).toBeNull();
  });
});

describe('a real 485BPOS (Delaware Group Equity Funds II, 2023-11-30)', () => {
  const delaware = () => readFileSync(join(recordingsDir(), 'sec/485bpos-Delaware.html'), 'utf8');

  test('reads each class\'s total annual operating expenses of Delaware Value Fund (series S000002391) from its fee table', () => {
    // Act
    const ratio = (ticker: string, classId: string) => parseProspectus(delaware(), { classId, seriesId: 'S000002391', ticker }).expenseRatioPct;

    // Assess: oef:ExpensesOverAssets of the class contexts, as filed
    expect([ratio('DDVAX', 'C000006333'), ratio('DDVCX', 'C000006335'), ratio('DDVIX', 'C000006336'), ratio('DDVRX', 'C000031061'), ratio('DDZRX', 'C000171459')]).toEqual([
      0.94, 1.69, 0.69, 1.19, 0.61,
    ]);
  });

  test('finds no CUSIP where the prospectus prints none next to the tickers', () => {
    expect(parseProspectus(delaware(), { classId: 'C000006333', seriesId: 'S000002391', ticker: 'DDVAX' }).cusip).toBeNull();
  });
});
