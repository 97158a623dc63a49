/**
 * Airline bases from OpenTravelData's `optd_airlines.csv` (OPTD, CC BY 4.0, github.com/opentraveldata/opentraveldata;
 * see datasets/airlines/SOURCE-bases.md): `^`-separated, one record per code↔airline assignment and name; the
 * current ones have empty `env_id` and `validity_to`. `bases` lists the airline's base and hub airports as IATA
 * codes joined by `=`, in alphabetical order (no ranking). Its `validity_from` is when the record became valid, not a
 * founding date: it is not read.
 *
 * An OpenFlights airline takes the bases of the current OPTD record with its ICAO code, else with its IATA code, and
 * only when the names agree (codes get reassigned: OpenFlights' America West `AWE` is US Airways in OPTD). The
 * served `base` is the airports' names (OurAirports), as the live service names its base airport, joined by ", "
 * where OPTD lists several.
 */
import type { AirlineEntry } from './types';

export const OPTD_AIRLINES_SOURCE = 'OpenTravelData optd_airlines.csv (OPTD, CC BY 4.0)';

export interface OptdAirline {
  icao: string | null;
  iata: string | null;
  /** the record's name, short name and alternate names (historic ones included: a renamed airline is the same one) */
  names: string[];
  /** IATA codes of its base and hub airports */
  bases: string[];
}

/** The current records of optd_airlines.csv (a header row names the columns; fields are never quoted). */
export function parseOptdAirlines(text: string): OptdAirline[] {
  const [header = '', ...lines] = text.split(/\r?\n/);
  const columns = header.split('^');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`optd_airlines.csv: no '${name}' column`);
    return index;
  };
  const [envId, validTo, icao, iata, name, name2, altNames, bases] = ['env_id', 'validity_to', '3char_code', '2char_code', 'name', 'name2', 'alt_names', 'bases'].map(at) as number[];
  const records: OptdAirline[] = [];
  for (const line of lines) {
    const fields = line.split('^');
    if (fields.length !== columns.length || fields[envId!] || fields[validTo!]) continue;
    records.push({
      icao: /^[A-Z]{3}$/.test(fields[icao!]!) ? fields[icao!]! : null,
      iata: /^[A-Z0-9]{2}$/.test(fields[iata!]!) ? fields[iata!]! : null,
      // alt_names: `lang|name|qualifier` entries joined by `=`
      names: [fields[name!]!, fields[name2!]!, ...fields[altNames!]!.split('=').map((entry) => entry.split('|')[1] ?? '')].filter(Boolean),
      // three-letter codes only: one record carries an ICAO airport code there, another a column shift
      bases: fields[bases!]!.split('=').filter((code) => /^[A-Z]{3}$/.test(code)),
    });
  }
  return records;
}

/** Words that say what a company is rather than which one: left out when names are compared. */
const GENERIC_WORDS = new Set([
  'airlines', 'airline', 'airways', 'airway', 'aviation', 'lines', 'company', 'corporation', 'corp', 'limited', 'ltd',
  'inc', 'sa', 'sac', 'ag', 'gmbh', 'llc', 'jsc', 'ojsc', 'cjsc', 'the', 'of',
]);

/** A name's distinctive words: lower case, without accents, punctuation and GENERIC_WORDS. */
function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !GENERIC_WORDS.has(word));
}

/** Sørensen–Dice coefficient of two texts' character bigrams (0: nothing shared, 1: the same). */
export function bigramSimilarity(a: string, b: string): number {
  const bigrams = (text: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i < text.length - 1; i += 1) counts.set(text.slice(i, i + 2), (counts.get(text.slice(i, i + 2)) ?? 0) + 1);
    return counts;
  };
  if (a.length < 2 || b.length < 2) return a === b ? 1 : 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  for (const [bigram, count] of x) shared += Math.min(count, y.get(bigram) ?? 0);
  return (2 * shared) / (a.length - 1 + b.length - 1);
}

/** Distinctive names at least this similar are taken for the same airline. */
export const SAME_AIRLINE_SIMILARITY = 0.6;

/**
 * Whether two names are the same airline's, compared on their distinctive words (GENERIC_WORDS left out): the same
 * once spaces are dropped ("K D Air Corporation", "KD Air"), one's words a run of the other's ("Royal Nepal
 * Airlines", "Nepal Airlines"), one the other's initials ("United Parcel Service", "UPS Airlines"), or letters at
 * least SAME_AIRLINE_SIMILARITY alike ("Nouvel Air Tunisie", "Nouvelair").
 */
export function sameAirlineName(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)];
  if (x.length === 0 || y.length === 0) return false;
  const [compactX, compactY] = [x.join(''), y.join('')];
  const run = (long: string[], short: string[]) => ` ${long.join(' ')} `.includes(` ${short.join(' ')} `);
  const initials = (name: string[]) => (name.length > 1 ? name.map((word) => word[0]).join('') : undefined);
  return (
    compactX === compactY ||
    run(x, y) ||
    run(y, x) ||
    initials(x) === compactY ||
    initials(y) === compactX ||
    bigramSimilarity(compactX, compactY) >= SAME_AIRLINE_SIMILARITY
  );
}

export function sameAirline(name: string, names: readonly string[]): boolean {
  return names.some((other) => sameAirlineName(name, other));
}

export interface BaseMatch {
  record: OptdAirline;
  by: 'icao' | 'iata';
}

/**
 * The current OPTD record of an airline: by ICAO code, else by IATA code (only for an airline still flying: the
 * two-character codes of defunct airlines are handed on), each only when a name agrees. `refused` hears of a code
 * match whose names disagree.
 */
export function matchOptdAirline(
  airline: Pick<AirlineEntry, 'name' | 'iata' | 'icao' | 'active'>,
  byCode: { icao: Map<string, OptdAirline[]>; iata: Map<string, OptdAirline[]> },
  refused: (record: OptdAirline, by: 'icao' | 'iata') => void = () => undefined,
): BaseMatch | undefined {
  for (const by of ['icao', 'iata'] as const) {
    const code = airline[by];
    if (!code || (by === 'iata' && !airline.active)) continue;
    for (const record of byCode[by].get(code) ?? []) {
      if (sameAirline(airline.name, record.names)) return { record, by };
      refused(record, by);
    }
  }
  return undefined;
}

export interface BaseAssignment {
  entries: AirlineEntry[];
  /** airlines given a base, by how they were matched */
  matched: { icao: number; iata: number };
  /** code matches refused by the name check: "OpenFlights name (code) ≠ OPTD name" */
  refused: string[];
}

/**
 * The airlines with `base` set from OPTD: the names of their base airports (`airportName` of an IATA airport code),
 * null when no current OPTD record matches or none of its bases is a known airport.
 */
export function assignBases(entries: readonly AirlineEntry[], optd: readonly OptdAirline[], airportName: (iata: string) => string | undefined): BaseAssignment {
  const index = (code: 'icao' | 'iata') => {
    const map = new Map<string, OptdAirline[]>();
    for (const record of optd) if (record[code]) map.set(record[code]!, [...(map.get(record[code]!) ?? []), record]);
    return map;
  };
  const byCode = { icao: index('icao'), iata: index('iata') };
  const matched = { icao: 0, iata: 0 };
  const refused: string[] = [];
  const withBases = entries.map((entry) => {
    const match = matchOptdAirline(entry, byCode, (record, by) => {
      if (record.bases.length > 0) refused.push(`${entry.name} (${by.toUpperCase()} ${entry[by]}) ≠ ${record.names[0]}`);
    });
    const names = (match?.record.bases ?? []).map(airportName).filter((name): name is string => name !== undefined);
    if (names.length === 0) return entry;
    matched[match!.by] += 1;
    return { ...entry, base: names.join(', ') };
  });
  return { entries: withBases, matched, refused };
}
