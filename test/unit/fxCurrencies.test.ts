import { currencyParam, ECB_CURRENCIES, ISO_4217_CODES, isIsoCurrency, isSupportedCurrency } from '../../lib/fx/currencies';
import { usdCrossRate } from '../../lib/fx/convert';
import type { ReferenceRates } from '../../lib/fx/referenceRates';

describe('currencyParam', () => {
  const currency = currencyParam('currency');

  test('accepts ISO 4217 codes the ECB publishes, in any case, answering upper case', () => {
    expect(currency.parse('eur')).toBe('EUR');
    expect(currency.parse('Jpy')).toBe('JPY');
    expect(currency.parse('USD')).toBe('USD');
  });

  test('rejects what is not an ISO 4217 code', () => {
    for (const value of ['ABC', 'US', 'EURO', 'HRK', '123']) {
      expect(currency.safeParse(value).error?.issues[0]?.message).toBe('must be an ISO 4217 currency code (e.g. USD, EUR, JPY)');
    }
  });

  test('rejects a valid ISO code without an ECB rate, naming the supported currencies', () => {
    for (const value of ['ARS', 'RUB', 'BGN', 'XAU', 'NGN']) {
      const message = currency.safeParse(value).error?.issues[0]?.message ?? '';
      expect(message).toContain('ECB euro reference rate');
      expect(message).toContain('USD');
      expect(message).toContain('ZAR');
    }
  });
});

describe('currency lists', () => {
  test('every ECB currency is an ISO 4217 code; the list has EUR and 29 published currencies', () => {
    for (const code of ECB_CURRENCIES) expect(isIsoCurrency(code)).toBe(true);
    expect(ECB_CURRENCIES).toHaveLength(30);
    expect(isSupportedCurrency('BGN')).toBe(false);
  });

  test('ISO 4217 codes are three upper-case letters and include the funds and metals codes', () => {
    for (const code of ISO_4217_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of ['CHE', 'CLF', 'XAU', 'XDR', 'XCG', 'ZWG', 'VES']) expect(isIsoCurrency(code)).toBe(true);
    expect(ISO_4217_CODES.size).toBeGreaterThan(170);
  });
});

describe('usdCrossRate', () => {
  const day: ReferenceRates = { date: '2026-11-20', base: 'EUR', rates: { USD: 1.25, JPY: 162.5, GBP: 0.85 } };

  test('USD → X is X per EUR divided by USD per EUR', () => {
    expect(usdCrossRate(day, 'JPY')).toBeCloseTo(130, 10);
    expect(usdCrossRate(day, 'GBP')).toBeCloseTo(0.68, 12);
  });

  test('USD → EUR is the inverse of the USD rate; USD → USD is 1', () => {
    expect(usdCrossRate(day, 'EUR')).toBeCloseTo(0.8, 12);
    expect(usdCrossRate(day, 'USD')).toBe(1);
  });

  test('a currency missing from the day, or a day without USD, gives no rate', () => {
    expect(usdCrossRate(day, 'CHF')).toBeUndefined();
    expect(usdCrossRate({ ...day, rates: { JPY: 162.5 } }, 'JPY')).toBeUndefined();
  });
});
