import type { Table, TableCell, TableRow } from './htmlTables';

/**
 * The Summary Compensation Table of a proxy statement (Item 402(c)): one record per executive and year.
 *
 * - The table is the first whose header names a name column, Year, Salary and Total, with rows whose Year cell is a year.
 * - Headers vary (with or without Bonus, several header rows, footnote markers, "($)"): each grid column gets the
 *   text of every header cell above it, and the text decides the field. Values are read from the data cell in the
 *   field's columns; when a table's cells do not line up with its headers (a value outside every header's
 *   columns) the row's values are taken in header order instead.
 * - The first column holds the name, often with the title on the following lines or rows ("Jane Doe" / "Chief
 *   Executive Officer"); a row whose first cell has text starts a new executive unless the years continue
 *   downwards, in which case the text is more of the title.
 * - Values: "1,234,567" → 1234567; "(1,234)" → −1234; a dash ("—", "–", "-") → 0 (the filer reports nothing paid);
 *   a column the table does not have, or an empty cell → null. Footnote markers ("(1)", "*", superscripts) are dropped.
 */

export const COMPENSATION_FIELDS = [
  'salary',
  'bonus',
  'stock_awards',
  'option_awards',
  'non_equity_incentive',
  'pension_and_deferred_compensation',
  'all_other_compensation',
  'total',
] as const;
export type CompensationField = (typeof COMPENSATION_FIELDS)[number];

export interface CompensationRecord extends Record<CompensationField, number | null> {
  name: string;
  position: string | null;
  fiscal_year: number;
}

export class SummaryCompensationTableError extends Error {
  override readonly name = 'SummaryCompensationTableError';
}

type Column = CompensationField | 'name' | 'year';

/** The field a header text names. */
export function headerField(text: string): Column | undefined {
  const t = text.toLowerCase().replace(/\(\s*\$\s*\)|\(\d+\)|\*/g, ' ').replace(/[^a-z\s-]/g, ' ').replace(/\s+/g, ' ').trim();
  if (t === '') return undefined;
  if (/non-?\s?equity incentive/.test(t)) return 'non_equity_incentive';
  if (/pension|deferred compensation|nonqualified/.test(t)) return 'pension_and_deferred_compensation';
  if (/all other/.test(t)) return 'all_other_compensation';
  if (/stock awards?/.test(t)) return 'stock_awards';
  if (/option awards?|^options?$/.test(t)) return 'option_awards';
  if (/salary/.test(t)) return 'salary';
  if (/bonus/.test(t)) return 'bonus';
  if (/^total/.test(t)) return 'total';
  if (/(^|\s)name(\s|$)|principal position/.test(t)) return 'name';
  if (/^(fiscal )?year$/.test(t)) return 'year';
  return undefined;
}

const FOOTNOTE = /\(\s*(\d{1,2}|[a-z])\s*\)|[*†‡§]+/gi;

/** A money cell: number, 0 for a dash, null for nothing; undefined when it is not a value at all. */
export function moneyValue(text: string): number | null | undefined {
  const t = text.replace(FOOTNOTE, '').replace(/[$\s\u00a0]/g, '');
  if (t === '') return null;
  if (/^[—–‐-]+$/.test(t)) return 0;
  const negative = /^\(.*\)$/.test(t) || t.startsWith('-');
  const digits = t.replace(/[()-]/g, '').replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  const value = Number(digits);
  return negative ? -value : value;
}

const yearOf = (text: string) => {
  const match = /^(?:fiscal\s*)?((?:19|20)\d{2})$/i.exec(text.replace(FOOTNOTE, '').trim());
  return match ? Number(match[1]) : undefined;
};

const covers = (cell: TableCell, column: number) => column >= cell.column && column < cell.column + cell.colspan;

/** Grid column → field, from the header rows (each column gets the text of every header cell above it). */
function columnFields(headerRows: TableRow[]): Map<number, Column> {
  const texts = new Map<number, string[]>();
  for (const row of headerRows) {
    for (const cell of row) {
      if (!cell.text) continue;
      for (let c = cell.column; c < cell.column + cell.colspan; c += 1) texts.set(c, [...(texts.get(c) ?? []), cell.text]);
    }
  }
  const fields = new Map<number, Column>();
  for (const [column, parts] of texts) {
    const field = headerField(parts.join(' '));
    if (field) fields.set(column, field);
  }
  return fields;
}

function splitNameAndTitle(lines: string[]): { name: string; title: string[] } {
  const cleaned = lines.map((line) => line.replace(FOOTNOTE, '').replace(/\s+/g, ' ').trim()).filter((line) => line !== '');
  const [first = '', ...rest] = cleaned;
  if (rest.length === 0) {
    // "Jane Doe, Chief Executive Officer" on one line (a suffix such as Jr. stays with the name)
    const match = /^(.+?(?:,\s*(?:Jr|Sr|II|III|IV)\.?)?),\s*(.+)$/.exec(first);
    if (match) return { name: match[1]!.trim(), title: [match[2]!.trim()] };
  }
  return { name: first.replace(/,$/, ''), title: rest };
}

interface Candidate {
  header: TableRow[];
  data: TableRow[];
  fields: Map<number, Column>;
}

function candidateOf(table: Table): Candidate | undefined {
  const firstData = table.findIndex((row) => row.some((cell) => yearOf(cell.text) !== undefined) && row.some((cell) => moneyValue(cell.text) !== undefined && moneyValue(cell.text) !== null && yearOf(cell.text) === undefined));
  if (firstData <= 0) return undefined;
  const header = table.slice(0, firstData).filter((row) => row.some((cell) => cell.text !== ''));
  const fields = columnFields(header);
  const named = new Set(fields.values());
  if (!named.has('salary') || !named.has('total') || !named.has('year')) return undefined;
  return { header, data: table.slice(firstData), fields };
}

/** The executives' records of the first Summary Compensation Table among `tables`. */
export function parseSummaryCompensationTable(tables: readonly Table[]): CompensationRecord[] {
  const candidate = tables.map(candidateOf).find((c) => c !== undefined);
  if (!candidate) throw new SummaryCompensationTableError('no Summary Compensation Table (Name, Year, Salary, Total) found');
  const { data, fields } = candidate;
  const moneyColumns = [...new Set([...fields.entries()].filter(([, f]) => f !== 'name' && f !== 'year').map(([, f]) => f as CompensationField))];
  const orderedFields = [...fields.entries()].sort(([a], [b]) => a - b).map(([, f]) => f).filter((f, i, all) => all.indexOf(f) === i && f !== 'name' && f !== 'year') as CompensationField[];
  const yearColumns = [...fields.entries()].filter(([, f]) => f === 'year').map(([c]) => c);

  const records: CompensationRecord[] = [];
  let current: { name: string; title: string[]; lastYear: number } | undefined;
  for (const row of data) {
    const yearCell = row.find((cell) => yearColumns.some((c) => covers(cell, c)) && yearOf(cell.text) !== undefined) ?? row.find((cell) => yearOf(cell.text) !== undefined);
    const year = yearCell ? yearOf(yearCell.text) : undefined;
    const nameCell = row.find((cell) => cell !== yearCell && cell.text !== '' && moneyValue(cell.text) === undefined && yearOf(cell.text) === undefined && (!yearCell || cell.column < yearCell.column));
    if (nameCell) {
      const { name, title } = splitNameAndTitle(nameCell.lines);
      if (current && year !== undefined && year < current.lastYear && !records.some((r) => r.name === name)) {
        // the years continue downwards: this text is more of the current executive's title
        current.title.push(...nameCell.lines.map((l) => l.replace(FOOTNOTE, '').trim()).filter(Boolean));
        for (const record of records) if (record.name === current.name) record.position = current.title.join(' ') || null;
      } else if (name) current = { name, title, lastYear: Number.POSITIVE_INFINITY };
    } else if (year === undefined) continue;
    if (!current || year === undefined || !yearCell) continue;

    const values: Partial<Record<CompensationField, number | null>> = {};
    const valueCells = row.filter((cell) => cell !== nameCell && cell !== yearCell && cell.column > yearCell.column && cell.text !== '' && moneyValue(cell.text) !== undefined && !/^\$$/.test(cell.text.trim()));
    let aligned = true;
    for (const cell of valueCells) {
      const field = [...fields.entries()].find(([c, f]) => covers(cell, c) && f !== 'name' && f !== 'year')?.[1] as CompensationField | undefined;
      if (!field || values[field] !== undefined) {
        aligned = false;
        break;
      }
      values[field] = moneyValue(cell.text) ?? null;
    }
    if (!aligned) {
      if (valueCells.length !== orderedFields.length) continue;
      for (const [i, cell] of valueCells.entries()) values[orderedFields[i]!] = moneyValue(cell.text) ?? null;
    }
    if (values.total === undefined || values.total === null) continue;
    const record = { name: current.name, position: current.title.join(' ') || null, fiscal_year: year } as CompensationRecord;
    for (const field of COMPENSATION_FIELDS) record[field] = moneyColumns.includes(field) ? (values[field] ?? null) : null;
    records.push(record);
    current.lastYear = year;
  }
  if (records.length === 0) throw new SummaryCompensationTableError('the Summary Compensation Table has no executive rows');
  return records;
}
