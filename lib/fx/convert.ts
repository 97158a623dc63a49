import { DataUnavailableError } from '../http/errors';
import { utcDate } from '../time/calendarDate';
import { latestReferenceRates, type ReferenceRates } from './referenceRates';

/**
 * USD amounts in another currency through the ECB euro reference rates: the ECB publishes units per EUR,
 * so USD → X is the cross rate X/EUR ÷ USD/EUR (and USD → EUR is 1 ÷ USD/EUR). The newest stored
 * publication is used; `rateDate` says which. Amounts are not rounded here: the caller rounds what it serves.
 * USD → USD is the identity and reads nothing (rateDate: the UTC date of `now`, sample false).
 * No rates stored yet, or none for this currency → 503 data_unavailable.
 */
export interface Converted {
  amount: number;
  /** YYYY-MM-DD of the reference rates used */
  rateDate: string;
  /** the rates come from recordings (npm run seed) */
  sample: boolean;
}

export interface UsdConversion {
  currency: string;
  rateDate: string;
  sample: boolean;
  /** units of `currency` per 1 USD */
  rate: number;
  convert(amountUsd: number): number;
}

/** Units of `currency` per 1 USD from one day's ECB rates; undefined when the day lacks either currency. */
export function usdCrossRate(rates: ReferenceRates, currency: string): number | undefined {
  const usdPerEur = rates.rates.USD;
  if (usdPerEur === undefined || !(usdPerEur > 0)) return undefined;
  if (currency === 'USD') return 1;
  const perEur = currency === 'EUR' ? 1 : rates.rates[currency];
  if (perEur === undefined || !(perEur > 0)) return undefined;
  return perEur / usdPerEur;
}

/** One read for any number of amounts (a batch of benchmarks). */
export async function usdConversion(currency: string, now: Date): Promise<UsdConversion> {
  if (currency === 'USD') return { currency, rateDate: utcDate(now), sample: false, rate: 1, convert: (amount) => amount };
  const stored = await latestReferenceRates(now);
  if (!stored) throw new DataUnavailableError('Exchange rates have not been ingested yet; try again later or use currency=USD.');
  const rate = usdCrossRate(stored.value, currency);
  if (rate === undefined) {
    throw new DataUnavailableError(`The ECB reference rates of ${stored.value.date} have no rate for ${currency}; try another currency.`);
  }
  return { currency, rateDate: stored.value.date, sample: stored.sample, rate, convert: (amount) => amount * rate };
}

export async function convertFromUsd(amount: number, currency: string, now: Date): Promise<Converted> {
  const conversion = await usdConversion(currency, now);
  return { amount: conversion.convert(amount), rateDate: conversion.rateDate, sample: conversion.sample };
}
