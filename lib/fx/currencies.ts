import * as z from 'zod/mini';

/**
 * Currency codes: the ISO 4217 list (what a `currency` parameter may look like) and the currencies the
 * ECB publishes euro foreign exchange reference rates for (what we can convert to). A code outside ISO 4217
 * and a valid ISO code the ECB does not publish are both 400, with different messages: the second names the
 * supported currencies.
 *
 * ISO 4217 list: the active alphabetic codes of the ISO 4217 list one (SIX, the maintenance agency),
 * including fund codes (BOV, CLF, ...) and the X-codes (XAU, XDR, ...), plus codes still in their
 * transition period (ANG/XCG, SLL/SLE, ZWL/ZWG, BGN). Withdrawn codes (HRK, CUC, VEF ...) are not codes.
 *
 * ECB list: the 29 currencies of the euro foreign exchange reference rates (eurofxref) as of 2026, plus
 * EUR itself. BGN is no longer published since Bulgaria adopted the euro on 2026-01-01; RUB has been
 * suspended since March 2022; HRK ended with Croatia's euro adoption in 2023.
 */
export const ISO_4217_CODES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL ' +
    'GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD ' +
    'KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO ' +
    'NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS ' +
    'SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND ' +
    'VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL'
  ).split(' '),
);

/** Currencies of the ECB euro foreign exchange reference rates, and EUR (the base). */
export const ECB_CURRENCIES = [
  'EUR', 'USD', 'JPY', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD',
  'BRL', 'CAD', 'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR',
] as const;
export type SupportedCurrency = (typeof ECB_CURRENCIES)[number];

const SUPPORTED: ReadonlySet<string> = new Set(ECB_CURRENCIES);

export function isIsoCurrency(code: string): boolean {
  return ISO_4217_CODES.has(code);
}

export function isSupportedCurrency(code: string): code is SupportedCurrency {
  return SUPPORTED.has(code);
}

const SUPPORTED_LIST = [...ECB_CURRENCIES].sort().join(', ');

/**
 * The `currency` parameter: an ISO 4217 code, case-insensitive, returned in upper case; a valid code
 * without an ECB reference rate → 400 naming the supported currencies.
 */
export function currencyParam(description: string) {
  return z
    .pipe(
      z.pipe(
        z.string(),
        z.transform((s: string) => s.trim().toUpperCase()),
      ),
      z
        .string()
        .check(
          z.refine((code: string) => isIsoCurrency(code), { error: 'must be an ISO 4217 currency code (e.g. USD, EUR, JPY)', abort: true }),
          z.refine((code: string) => isSupportedCurrency(code), {
            error: `must be a currency with an ECB euro reference rate: ${SUPPORTED_LIST}`,
          }),
        ),
    )
    .check(z.meta({ type: 'string', enum: [...ECB_CURRENCIES], description }));
}
