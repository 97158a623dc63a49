import { US_STATE_NAMES, US_TERRITORY_NAMES } from '../geo/usStates';
import type { Place } from '../sources/openMeteo';

/** Choosing the geocoding match for city / state (US only) / country (pure). */

const US_PLACES: Record<string, string> = { ...US_STATE_NAMES, ...US_TERRITORY_NAMES };

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
  if (US_PLACES[upper]) return US_PLACES[upper];
  return Object.values(US_PLACES).find((name) => name.toUpperCase() === upper);
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
