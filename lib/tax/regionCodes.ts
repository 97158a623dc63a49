/**
 * The region codes the tax endpoints accept: USPS codes of the 50 states and DC (lib/geo/usStates), and the Canada Post
 * codes of the 13 provinces and territories. Small and static so the endpoint definitions can validate
 * them before any quota is used.
 */
import { US_STATE_CODES } from '../geo/usStates';

export const CA_PROVINCE_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

export const TAX_COUNTRIES = ['us', 'ca'] as const;
export type TaxCountryParam = (typeof TAX_COUNTRIES)[number];
export type TaxCountry = 'US' | 'CA';

export const FEDERAL = 'federal';

/** The region codes of a country (upper case). */
export function regionCodes(country: TaxCountry): readonly string[] {
  return country === 'US' ? US_STATE_CODES : CA_PROVINCE_CODES;
}

/** What a region of the country is called in messages and response keys. */
export function regionNoun(country: TaxCountry): { one: string; many: 'states' | 'provinces' } {
  return country === 'US' ? { one: 'state', many: 'states' } : { one: 'province or territory', many: 'provinces' };
}
