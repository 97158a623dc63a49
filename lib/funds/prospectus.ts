import { isValidCusip } from './identifiers';
import { FundDocumentError } from './nport';
import { readXml } from '../text/xmlEvents';

/**
 * A fund prospectus in Inline XBRL (485BPOS, or the 497K summary prospectus; SOURCES.md §8): the
 * risk/return summary's fee table is tagged per share class with the `oef:` taxonomy (older filings
 * `rr:`). One prospectus covers many series and classes of a trust, so a fact counts only when its
 * context names this class (the class axis member carries the class id, e.g. `fil:C000100045Member`);
 * a single-class fund may tag at the series level, which is the fallback.
 *
 * Expense ratio: `NetExpensesOverAssets` (after waivers) when the class has it, else
 * `ExpensesOverAssets`. Values are fractions after the `scale` attribute (displayed "0.04" with
 * scale -2 is 0.0004); the profile serves a percentage (0.04).
 *
 * CUSIP: the XBRL taxonomies have no CUSIP element, but prospectuses print each class's CUSIP in
 * their text, mostly in a table. Taken, in this order, only where the layout ties it to the class
 * unambiguously, and only with a valid check digit (a wrong identifier is worse than none → null):
 *   1. a table row with a cell that is the ticker and exactly one cell holding a valid CUSIP;
 *   2. a table whose row has the ticker in column j and whose "CUSIP" row has a valid CUSIP in
 *      column j (classes side by side; rows of equal length, since colspans would shift columns);
 *   3. a paragraph or list item where the ticker is directly followed by "CUSIP" and the number
 *      ("FXAIX; CUSIP 315911750"), or that names the ticker and holds exactly one valid CUSIP.
 */

export interface ProspectusFacts {
  /** percent (0.04 = 0.04 %), or null when the document has no fee fact for the class */
  expenseRatioPct: number | null;
  /** which concept gave it */
  expenseConcept: 'NetExpensesOverAssets' | 'ExpensesOverAssets' | null;
  cusip: string | null;
}

interface Context {
  members: string[];
}

interface Fact {
  concept: string;
  contextRef: string;
  value: number;
}

const FEE_CONCEPTS = ['NetExpensesOverAssets', 'ExpensesOverAssets'] as const;
const FEE_PREFIXES = new Set(['oef', 'rr']);

/** The numeric value of an ix:nonFraction: text with thousands separators, scale, sign, zero formats. */
function factValue(text: string, attributes: Record<string, string>): number | null {
  const format = attributes.format ?? '';
  const trimmed = text.trim();
  let value: number;
  if (/fixed-zero|zerodash|numwordsen/i.test(format) && !/\d/.test(trimmed)) value = 0;
  else {
    const digits = /num-comma-decimal/i.test(format) ? trimmed.replace(/[.\s]/g, '').replace(',', '.') : trimmed.replace(/[,\s]/g, '');
    if (!/^\d+(\.\d+)?$|^\.\d+$/.test(digits)) return null;
    value = Number(digits);
  }
  const scale = attributes.scale === undefined ? 0 : Number(attributes.scale);
  if (!Number.isInteger(scale)) return null;
  const signed = attributes.sign === '-' ? -value : value;
  return signed * 10 ** scale;
}

/** A fraction as a percentage without binary noise (0.0004 → 0.04). */
const percentOf = (fraction: number) => Math.round(fraction * 100 * 1e6) / 1e6;

export interface ClassIds {
  classId: string;
  seriesId: string;
  ticker: string;
}

/** A prospectus read once: its contexts, fee facts and the places that print CUSIPs; queried per class. */
export interface ProspectusDocument {
  contexts: Map<string, Context>;
  facts: Fact[];
  /** tables mentioning CUSIP: rows of cell texts */
  cusipTables: string[][][];
  /** paragraphs and list items mentioning CUSIP */
  cusipParagraphs: string[];
}

export function parseProspectus(html: string, ids: ClassIds): ProspectusFacts {
  return prospectusFactsFor(readProspectus(html), ids);
}

interface OpenTable {
  rows: string[][];
  row: string[] | null;
  cell: string[] | null;
}

const mentionsCusip = (text: string) => /CUSIP/i.test(text);
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Reads an inline-XBRL prospectus; throws FundDocumentError when it is empty or cut off. */
export function readProspectus(html: string): ProspectusDocument {
  const contexts = new Map<string, Context>();
  const facts: Fact[] = [];
  const cusipTables: string[][][] = [];
  const cusipParagraphs: string[] = [];
  const tables: OpenTable[] = [];
  let context: { id: string; members: string[] } | null = null;
  let pendingFact: { concept: string; contextRef: string; attributes: Record<string, string> } | null = null;

  const { root, complete } = readXml(html, {
    open(name, attributes) {
      const table = tables[tables.length - 1];
      if (name === 'table') tables.push({ rows: [], row: null, cell: null });
      else if (name === 'tr' && table) table.row = [];
      else if ((name === 'td' || name === 'th') && table) table.cell = [];
      else if (name === 'p' || name === 'li') return true;
      else if (name === 'context' && attributes.id) context = { id: attributes.id, members: [] };
      else if (name === 'explicitMember' || name === 'typedMember') return context !== null;
      else if (name === 'nonFraction' && attributes.name && attributes.contextRef) {
        const [prefix, concept] = attributes.name.includes(':') ? attributes.name.split(':', 2) : ['', attributes.name];
        if (FEE_PREFIXES.has(prefix!) && (FEE_CONCEPTS as readonly string[]).includes(concept!)) {
          pendingFact = { concept: concept!, contextRef: attributes.contextRef, attributes };
          return true;
        }
      }
      return false;
    },
    close(name, text) {
      const table = tables[tables.length - 1];
      const open = context as { id: string; members: string[] } | null;
      if (name === 'table' && table) {
        tables.pop();
        if (table.rows.some((row) => row.some(mentionsCusip))) cusipTables.push(table.rows);
      } else if (name === 'tr' && table?.row) {
        table.rows.push(table.row);
        table.row = null;
      } else if ((name === 'td' || name === 'th') && table?.cell) {
        table.row?.push(squash(table.cell.join('')));
        table.cell = null;
      } else if ((name === 'p' || name === 'li') && mentionsCusip(text)) cusipParagraphs.push(squash(text));
      else if ((name === 'explicitMember' || name === 'typedMember') && open) open.members.push(text.trim());
      else if (name === 'context' && open) {
        contexts.set(open.id, { members: open.members });
        context = null;
      } else if (name === 'nonFraction' && pendingFact) {
        const fact = pendingFact as { concept: string; contextRef: string; attributes: Record<string, string> };
        const value = factValue(text, fact.attributes);
        if (value !== null) facts.push({ concept: fact.concept, contextRef: fact.contextRef, value });
        pendingFact = null;
      }
    },
    text(data) {
      tables[tables.length - 1]?.cell?.push(data);
    },
  });
  if (root === null || !complete) throw new FundDocumentError('the prospectus document is empty or cut off');
  return { contexts, facts, cusipTables, cusipParagraphs };
}

/** The class's fee and CUSIP from a read prospectus. */
export function prospectusFactsFor(document: ProspectusDocument, ids: ClassIds): ProspectusFacts {
  const { contexts, facts } = document;
  const names = (id: string) => (member: string) => member.toUpperCase().includes(id.toUpperCase());
  const classContexts = new Map([...contexts].filter(([, c]) => c.members.some(names(ids.classId))));
  const seriesContexts = new Map(
    [...contexts].filter(([, c]) => c.members.some(names(ids.seriesId)) && !c.members.some((m) => /C\d{9}/i.test(m))),
  );
  let chosen: Fact | undefined;
  for (const scope of [classContexts, seriesContexts]) {
    for (const concept of FEE_CONCEPTS) {
      // the context with the fewest dimensions is the plain class figure
      chosen = facts
        .filter((f) => f.concept === concept && scope.has(f.contextRef) && f.value >= 0 && f.value < 1)
        .sort((a, b) => scope.get(a.contextRef)!.members.length - scope.get(b.contextRef)!.members.length)[0];
      if (chosen) break;
    }
    if (chosen) break;
  }
  return {
    expenseRatioPct: chosen ? percentOf(chosen.value) : null,
    expenseConcept: chosen ? (chosen.concept as ProspectusFacts['expenseConcept']) : null,
    cusip: classCusip(document, ids.ticker),
  };
}

/** Valid CUSIPs in a text (9 characters, a digit among the first six so that words do not qualify). */
function cusipsIn(text: string): string[] {
  return [...new Set([...text.toUpperCase().matchAll(/\b[0-9A-Z]{8}[0-9]\b/g)].map((m) => m[0]))].filter(
    (token) => /\d/.test(token.slice(0, 6)) && isValidCusip(token),
  );
}

/** The class's CUSIP where the prospectus ties it to the ticker unambiguously (see the module doc), else null. */
export function classCusip(document: Pick<ProspectusDocument, 'cusipTables' | 'cusipParagraphs'>, ticker: string): string | null {
  const isTicker = (cell: string) => new RegExp(`(^|[^A-Z0-9])${ticker}([^A-Z0-9]|$)`).test(cell.toUpperCase());
  for (const rows of document.cusipTables) {
    for (const row of rows) {
      if (!row.some(isTicker)) continue;
      const inRow = [...new Set(row.flatMap(cusipsIn))];
      if (inRow.length === 1) return inRow[0]!;
    }
  }
  for (const rows of document.cusipTables) {
    const cusipRows = rows.filter((row) => row.some(mentionsCusip));
    for (const row of rows) {
      const column = row.findIndex(isTicker);
      if (column < 0) continue;
      for (const cusipRow of cusipRows) {
        if (cusipRow.length !== row.length) continue;
        const found = cusipsIn(cusipRow[column] ?? '');
        if (found.length === 1) return found[0]!;
      }
    }
  }
  const labelled = new RegExp(`(?:^|[^A-Z0-9])${ticker}[^A-Z0-9]{0,10}CUSIP(?: NUMBER| NO\\.?)?[^A-Z0-9]{0,5}([0-9A-Z]{9})(?![A-Z0-9])`);
  for (const paragraph of document.cusipParagraphs) {
    const next = labelled.exec(paragraph.toUpperCase())?.[1];
    if (next !== undefined && cusipsIn(next).length === 1) return next;
    const found = cusipsIn(paragraph);
    if (isTicker(paragraph) && found.length === 1) return found[0]!;
  }
  return null;
}
