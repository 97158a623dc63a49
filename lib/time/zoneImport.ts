/**
 * Import step for the market clocks' time-zone table (zoneTable.ts): every offset change of the listed zones
 * from 1970 to 2060, read from the IANA time-zone database that Node's ICU carries (its version is named in
 * the file and the build log). The offset is read at each week's start (UTC); in a week that ends with
 * another offset every day's start is read, and the day whose start and the next day's differ is searched to
 * the second (a zone changes its offset at most once a day; two changes that cancel out within a week would
 * be missed, which the test against Intl, day by day over the whole span, rules out for the listed zones).
 */
import type { ReferenceImporter } from '../reference/importer';
import { changeInstant, readOffset } from './zoned';
import { TABLE_ZONES, ZONE_TABLE_FILE, type ZoneTable } from './zoneTable';

const FROM = Date.UTC(1970, 0, 1) / 1000;
const UNTIL = Date.UTC(2061, 0, 1) / 1000;
const DAY_SECONDS = 86_400;
const WEEK_SECONDS = 7 * DAY_SECONDS;

/** The zone's offset at `from`, then each change in [from, until): its instant and the offset from then on. */
export function zoneChanges(timeZone: string, from = FROM, until = UNTIL): number[] {
  let offset = readOffset(from, timeZone);
  const changes = [offset];
  for (let week = from; week < until; week += WEEK_SECONDS) {
    if (readOffset(Math.min(week + WEEK_SECONDS, until), timeZone) === offset) continue;
    // a change this week: each day of it, and the second on the day it happens
    for (let day = week; day < week + WEEK_SECONDS && day < until; day += DAY_SECONDS) {
      const next = readOffset(day + DAY_SECONDS, timeZone);
      if (next === offset) continue;
      changes.push(changeInstant(day, day + DAY_SECONDS, timeZone), next);
      offset = next;
    }
  }
  return changes;
}

export const importTimeZones: ReferenceImporter = async () => {
  const source = `IANA time-zone database ${process.versions.tz ?? '(version unknown)'} via ICU ${process.versions.icu ?? ''} (Node ${process.version})`;
  const data: ZoneTable = { source, from: FROM, until: UNTIL, zones: Object.fromEntries(TABLE_ZONES.map((zone) => [zone, zoneChanges(zone)])) };
  const count = Object.values(data.zones).reduce((n, changes) => n + (changes.length - 1) / 2, 0);
  return {
    files: { [ZONE_TABLE_FILE]: { data, summary: `${TABLE_ZONES.length} exchange time zones, ${count} offset changes 1970–2060, from the ${source}` } },
    warnings: [],
  };
};
