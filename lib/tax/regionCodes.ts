/**
 * The region codes the tax endpoints accept: USPS codes of the 50 states and DC, and the Canada Post
 * codes of the 13 provinces and territories. Small and static so the endpoint definitions can validate
 * them before any quota is used.
 */
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export const CA_PROVINCE_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

/** US postal codes with ZIP codes beyond the states: the territories the Census also tabulates. */
export const US_TERRITORY_CODES = ['PR', 'VI', 'GU', 'AS', 'MP'] as const;

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
