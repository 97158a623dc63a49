import { Parser } from 'htmlparser2';

/**
 * Every <table> of an HTML document as a grid: each cell with its text lines (block elements and <br>
 * end a line), the grid column it starts at and how many it spans (rowspan cells from rows above occupy
 * their columns, as a browser lays them out). Superscripts are dropped: in filings they hold footnote
 * markers. Nested tables are returned on their own.
 */

export interface TableCell {
  lines: string[];
  /** all lines joined by a space */
  text: string;
  column: number;
  colspan: number;
}

export type TableRow = TableCell[];
export type Table = TableRow[];

const BLOCKS = new Set(['p', 'div', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr']);

interface OpenTable {
  rows: Table;
  row: TableRow | null;
  cell: { parts: string[]; colspan: number; rowspan: number } | null;
  /** grid column → rows still covered by a rowspan from above */
  covered: Map<number, number>;
}

const normalise = (text: string) => text.replace(/[\u00a0\u2007\u202f\s]+/g, ' ').trim();

function span(value: string | undefined): number {
  const n = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(n) && n >= 1 && n <= 100 ? n : 1;
}

function closeCell(table: OpenTable) {
  const { cell, row } = table;
  if (!cell || !row) return;
  const lines = cell.parts.join('').split('\n').map(normalise).filter((line) => line !== '');
  // the next free column: skip those a rowspan from above still covers
  let column = row.length ? row[row.length - 1]!.column + row[row.length - 1]!.colspan : 0;
  while ((table.covered.get(column) ?? 0) > 0) column += 1;
  row.push({ lines, text: lines.join(' '), column, colspan: cell.colspan });
  if (cell.rowspan > 1) for (let c = column; c < column + cell.colspan; c += 1) table.covered.set(c, cell.rowspan);
  table.cell = null;
}

function closeRow(table: OpenTable) {
  closeCell(table);
  if (!table.row) return;
  // a rowspan covers the rows after the one that opened it
  for (const [column, rows] of table.covered) {
    if (rows <= 1) table.covered.delete(column);
    else table.covered.set(column, rows - 1);
  }
  table.rows.push(table.row);
  table.row = null;
}

export function parseTables(html: string): Table[] {
  const tables: Table[] = [];
  const open: OpenTable[] = [];
  let supDepth = 0;
  const current = () => open[open.length - 1];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const table = current();
        if (name === 'table') {
          open.push({ rows: [], row: null, cell: null, covered: new Map() });
          return;
        }
        if (!table) return;
        if (name === 'tr') {
          closeRow(table);
          table.row = [];
        } else if (name === 'td' || name === 'th') {
          if (!table.row) table.row = [];
          closeCell(table);
          table.cell = { parts: [], colspan: span(attributes.colspan), rowspan: span(attributes.rowspan) };
        } else if (name === 'sup') supDepth += 1;
        else if (BLOCKS.has(name) && table.cell) table.cell.parts.push('\n');
      },
      ontext(text) {
        const cell = current()?.cell;
        if (cell && supDepth === 0) cell.parts.push(text);
      },
      onclosetag(name) {
        const table = current();
        if (name === 'sup') supDepth = Math.max(0, supDepth - 1);
        if (!table) return;
        if (name === 'table') {
          closeRow(table);
          open.pop();
          tables.push(table.rows);
        } else if (name === 'tr') closeRow(table);
        else if (name === 'td' || name === 'th') closeCell(table);
        else if (BLOCKS.has(name) && table.cell) table.cell.parts.push('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length) {
    const table = open.pop()!;
    closeRow(table);
    tables.push(table.rows);
  }
  return tables;
}
