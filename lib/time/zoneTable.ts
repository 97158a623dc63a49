/**
 * The offset changes of the exchanges' time zones, written by the import step from the IANA time-zone
 * database as Node's ICU carries it (zoneImport.ts), so a market clock answers without Intl: the first
 * Intl date formatter of a process costs ~12 ms of ICU set-up, ~0.2 × the cold-start floor of every stock,
 * oil and commodity function (npm run bench). Zones not in the table, instants outside its years, or no
 * table at all (the import not run) are answered by Intl instead (lib/time/zoned.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDataDir } from '../reference/referenceData';

export const ZONE_TABLE_FILE = 'time-zones.json';

/**
 * The zones of the exchanges whose prices the service serves: NYSE, Nasdaq, NYMEX, COMEX and ICE US (New
 * York), CME and CBOT (Chicago), and the exchanges of the listings in the recorded quotes and common ones
 * beside them. Any other zone works through Intl.
 */
export const TABLE_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Toronto',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Amsterdam',
  'Europe/Zurich',
  'Europe/Copenhagen',
  'Europe/Oslo',
  'Europe/Stockholm',
  'Asia/Tokyo',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Asia/Jakarta',
  'Asia/Singapore',
  'Australia/Sydney',
  'UTC',
] as const;

export interface ZoneTable {
  /** what the offsets were read from (tz database version, ICU) */
  source: string;
  /** the instants (Unix seconds) the table covers: [from, until) */
  from: number;
  until: number;
  /** zone → [offset at `from`, then pairs: instant of a change, offset from then on], offsets in seconds */
  zones: Record<string, number[]>;
}

let table: ZoneTable | null | undefined;

function loadTable(): ZoneTable | null {
  if (table === undefined) {
    const path = join(referenceDataDir(), ZONE_TABLE_FILE);
    table = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ZoneTable) : null;
  }
  return table;
}

/** The zone's offset at an instant from the table; undefined when the table does not cover the zone or the instant. */
export function tableOffsetSeconds(seconds: number, timeZone: string): number | undefined {
  const loaded = loadTable();
  const changes = loaded?.zones[timeZone];
  if (!loaded || !changes || seconds < loaded.from || seconds >= loaded.until) return undefined;
  // the last change at or before `seconds` (pairs start at index 1)
  let low = 0;
  let high = (changes.length - 1) / 2;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (changes[2 * middle - 1]! <= seconds) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? changes[0]! : changes[2 * low]!;
}
