import { parseDelimited } from '../text/delimited';
import type { AirlineEntry } from './types';

/**
 * OpenFlights airlines.dat (id, name, alias, IATA, ICAO, callsign, country, active) → airline entries.
 * OpenFlights has no founding year, base, fleet or logos: those fields are null (airlineBases.ts adds bases from
 * OpenTravelData; no open source has founding years or fleets: OPTD's `validity_from` is when a record became
 * valid, not a founding date, see datasets/airlines/SOURCE-bases.md). Placeholder rows
 * ("Unknown", "Private flight") and rows without any code are dropped; exact duplicate rows are merged.
 * Active airlines come first, then by name.
 */
export function buildAirlineEntries(text: string): AirlineEntry[] {
  const seen = new Set<string>();
  const entries: AirlineEntry[] = [];
  for (const row of parseDelimited(text, { nullMarkers: ['\\N'] })) {
    const [id, name, , iataRaw, icaoRaw, , country, active] = row;
    if (!name || Number(id) < 1 || name === 'Private flight') continue;
    const iata = iataRaw?.trim().toUpperCase() ?? '';
    const icao = icaoRaw?.trim().toUpperCase() ?? '';
    const validIata = /^[A-Z0-9]{2}$/.test(iata) ? iata : null;
    const validIcao = /^[A-Z]{3}$/.test(icao) ? icao : null;
    if (!validIata && !validIcao) continue;
    const key = `${name}|${validIata}|${validIcao}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({
      name: name.trim(),
      country: country?.trim() || null,
      year_created: null,
      base: null,
      iata: validIata,
      icao: validIcao,
      fleet: null,
      logo_url: null,
      brandmark_url: null,
      tail_logo_url: null,
      active: active?.trim().toUpperCase() === 'Y',
    });
  }
  return entries.sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}
