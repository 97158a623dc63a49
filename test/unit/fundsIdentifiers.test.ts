import { cusipCheckDigit, isinCheckDigit, isinFromCusip, isValidCusip, isValidIsin } from '../../lib/funds/identifiers';
import { thrown } from '../support/thrown';

describe('CUSIP check digit', () => {
  test.each([
    ['037833100', 'Apple common stock'],
    ['922908710', 'Vanguard 500 Index Fund Admiral Shares'],
    ['02079K305', 'Alphabet Class A (a letter in the issue part)'],
    ['V7780T103', 'Royal Caribbean (a letter first)'],
  ])('accepts %s (%s)', (cusip) => {
    expect(isValidCusip(cusip)).toBe(true);
    expect(cusipCheckDigit(cusip.slice(0, 8))).toBe(Number(cusip[8]));
  });

  test.each(['922908711', '92290871', '9229087100', '92290871X', 'n22908710', ''])('rejects %j', (value) => {
    expect(isValidCusip(value)).toBe(false);
  });
});

describe('ISIN from a CUSIP', () => {
  test('is US + CUSIP + the ISO 6166 check digit', () => {
    expect(isinFromCusip('037833100')).toBe('US0378331005');
    expect(isinFromCusip('594918104')).toBe('US5949181045');
    expect(isinFromCusip('02079K305')).toBe('US02079K3059');
    expect(isinFromCusip('922908710')).toBe('US9229087104');
  });

  test('validates published ISINs, including a non-US one', () => {
    expect(isValidIsin('US0378331005')).toBe(true);
    expect(isValidIsin('IE00B4BNMY34')).toBe(true);
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isinCheckDigit('US67066G104')).toBe(0);
  });

  test('refuses to derive an ISIN from an invalid CUSIP or country', () => {
    expect(thrown(RangeError, () => isinFromCusip('922908711')).message).toMatch(/not a valid CUSIP/);
    expect(thrown(RangeError, () => isinFromCusip('922908710', 'usa')).message).toMatch(/country/);
  });
});
