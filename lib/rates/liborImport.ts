/**
 * Import step for /v1/liborhistorical: `<datasets>/libor/usd_libor_daily.csv` (date, overnight, 1m, 3m, 6m,
 * 12m; empty cells where a tenor was not fixed, tenors end at different dates) → one `libor-<tenor>.json` per tenor.
 * Production points DATASETS_DIR at a licensed copy in the same format; LIBOR_LICENCE_NOTE replaces the
 * default licence line written into the file (and served with every response).
 */
import { join } from 'node:path';
import { missingSource, readDatasetFile, type ImportResult, type ReferenceImporter } from '../reference/importer';
import { parseCsvRecords } from '../text/delimited';
import { isCalendarDate } from '../time/calendarDate';
import { liborFile, LIBOR_TENORS, LIBOR_TYPES, type LiborColumns, type LiborFixings, type LiborSeries, type LiborTenor } from './libor';

export const LIBOR_CSV = join('libor', 'usd_libor_daily.csv');
export const DEFAULT_LIBOR_LICENCE = 'ICE LIBOR: ICE Benchmark Administration rights apply; these fixings are served for demonstration only.';
export const LIBOR_SOURCE = 'ICE Benchmark Administration USD LIBOR daily fixings (historical; publication ended)';

/** Parses the fixings CSV; throws on a missing column, a bad date or a value that is not a number. */
export function parseLiborCsv(text: string, licence = DEFAULT_LIBOR_LICENCE): LiborFixings {
  const rows = parseCsvRecords(text);
  const header = text.split(/\r?\n/, 1)[0]!.split(',').map((c) => c.trim());
  for (const column of ['date', ...LIBOR_TYPES.map((t) => LIBOR_TENORS[t].column)]) {
    if (!header.includes(column)) throw new Error(`LIBOR CSV has no '${column}' column`);
  }
  const tenors = Object.fromEntries(LIBOR_TYPES.map((t): [LiborTenor, LiborColumns] => [t, { days: [], rates: [] }])) as Record<LiborTenor, LiborColumns>;
  let previous = '';
  for (const [i, row] of rows.entries()) {
    const date = row.date ?? '';
    if (!isCalendarDate(date)) throw new Error(`LIBOR CSV row ${i + 2}: '${date}' is not a date`);
    if (date <= previous) throw new Error(`LIBOR CSV row ${i + 2}: dates must ascend (${date} after ${previous})`);
    previous = date;
    const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    for (const tenor of LIBOR_TYPES) {
      const cell = row[LIBOR_TENORS[tenor].column] ?? '';
      if (cell === '' || cell === '.') continue;
      const rate = Number(cell);
      if (!Number.isFinite(rate) || rate < -5 || rate > 50) throw new Error(`LIBOR CSV row ${i + 2}: ${tenor} '${cell}' is not a rate`);
      tenors[tenor].days.push(day);
      tenors[tenor].rates.push(rate);
    }
  }
  if (LIBOR_TYPES.every((t) => tenors[t].days.length === 0)) throw new Error('LIBOR CSV holds no fixings');
  return { currency: 'USD', source: LIBOR_SOURCE, licence, tenors };
}

export const importLiborFixings: ReferenceImporter = async (datasetsDir): Promise<ImportResult> => {
  const text = await readDatasetFile(datasetsDir, LIBOR_CSV);
  if (text === undefined) {
    const reason = missingSource('The USD LIBOR fixings', LIBOR_CSV, datasetsDir);
    const missing = Object.fromEntries(LIBOR_TYPES.map((t) => [liborFile(t), { reason, endpoints: ['/v1/liborhistorical'] }]));
    return { files: {}, warnings: [], missing };
  }
  const { tenors, ...lines } = parseLiborCsv(text, process.env.LIBOR_LICENCE_NOTE?.trim() || DEFAULT_LIBOR_LICENCE);
  const files = Object.fromEntries(
    LIBOR_TYPES.map((tenor) => {
      const data: LiborSeries = { ...lines, tenor, ...tenors[tenor] };
      return [liborFile(tenor), { data, summary: `USD LIBOR ${tenor} fixings (${data.days.length}) from ${LIBOR_CSV}; ${data.licence}` }];
    }),
  );
  return { files, warnings: [] };
};
