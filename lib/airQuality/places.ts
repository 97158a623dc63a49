import type { Place } from '../sources/openMeteo';

/** Choosing the geocoding match for city / state (US only) / country (pure). */

export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico',
};

const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  uk: 'GB',
  'united kingdom': 'GB',
  'great britain': 'GB',
};

/** The US state's name from a USPS code or a name (case-insensitive); undefined when it is neither. */
export function usStateName(state: string): string | undefined {
  const upper = state.trim().toUpperCase();
  if (US_STATES[upper]) return US_STATES[upper];
  return Object.values(US_STATES).find((name) => name.toUpperCase() === upper);
}

/** An ISO-2 code for `country` when it is one ("de", "US") or a known alias ("USA", "United Kingdom"). */
export function countryCodeOf(country: string): string | undefined {
  const value = country.trim();
  if (/^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  return COUNTRY_ALIASES[value.toLowerCase()];
}

export interface PlaceQuery {
  city: string;
  /** a US state's name (already resolved from a code) */
  state?: string;
  /** ISO-2 code, when known */
  countryCode?: string;
  /** a country name, when no code is known */
  countryName?: string;
}

/** The first (most relevant) match in the right state and country. */
export function choosePlace(places: readonly Place[], query: PlaceQuery): Place | undefined {
  return places.find(
    (p) =>
      (query.countryCode === undefined || p.countryCode?.toUpperCase() === query.countryCode) &&
      (query.countryName === undefined || p.country?.toLowerCase() === query.countryName.toLowerCase()) &&
      (query.state === undefined || p.admin1?.toLowerCase() === query.state.toLowerCase()),
  );
}
