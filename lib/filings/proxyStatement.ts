import { parseTables } from './htmlTables';
import { parseInlineXbrl } from './inlineXbrl';
import { payVersusPerformanceFromInline, type PayVersusPerformanceRow } from './payVersusPerformance';
import { parseSummaryCompensationTable, type CompensationRecord } from './summaryCompensation';

/**
 * A proxy statement (DEF 14A, inline XBRL HTML) read into named executives (Summary Compensation Table)
 * and pay-versus-performance rows (its `ecd:` facts).
 *
 * `is_ceo` marks the principal executive officer: an executive the PvP table names as PEO (ecd:PeoName), one
 * whose total for a year equals that year's PEO total, or one whose title says Chief Executive Officer / CEO
 * (not "former"). A PvP year whose PEO is not tagged by name takes the name of the executive whose Summary
 * Compensation Table total equals the PEO total.
 */

export interface ExecutiveRecord extends CompensationRecord {
  is_ceo: boolean;
}

export interface ProxyStatement {
  executives: ExecutiveRecord[];
  pay_versus_performance: PayVersusPerformanceRow[];
}

const nameKey = (name: string) => {
  const tokens = name.toLowerCase().replace(/[^a-z\s-]/g, ' ').split(/\s+/).filter((t) => t && !['mr', 'ms', 'mrs', 'dr', 'jr', 'sr', 'ii', 'iii', 'iv'].includes(t));
  return tokens.length ? `${tokens[0]} ${tokens[tokens.length - 1]}` : '';
};

const CEO_TITLE = /\b(chief executive officer|ceo)\b/i;

export function markChiefExecutives(records: readonly CompensationRecord[], pvp: readonly PayVersusPerformanceRow[]): { executives: ExecutiveRecord[]; pay_versus_performance: PayVersusPerformanceRow[] } {
  const rows = pvp.map((row) => {
    if (row.ceo !== null || row.ceo_total_compensation === null) return row;
    const match = records.find((r) => r.fiscal_year === row.fiscal_year && r.total === row.ceo_total_compensation);
    return match ? { ...row, ceo: match.name } : row;
  });
  const peoNames = new Set(rows.flatMap((row) => (row.ceo ? row.ceo.split(' and ').map(nameKey) : [])));
  const peoTotals = new Set(rows.filter((row) => row.ceo_total_compensation !== null).map((row) => `${row.fiscal_year}|${row.ceo_total_compensation}`));
  const chiefs = new Set(
    records
      .filter((r) => peoNames.has(nameKey(r.name)) || peoTotals.has(`${r.fiscal_year}|${r.total}`) || (r.position !== null && CEO_TITLE.test(r.position) && !/former/i.test(r.position)))
      .map((r) => nameKey(r.name)),
  );
  return { executives: records.map((r) => ({ ...r, is_ceo: chiefs.has(nameKey(r.name)) })), pay_versus_performance: rows };
}

/** Throws SummaryCompensationTableError when the document has no readable Summary Compensation Table. */
export function parseProxyStatement(html: string): ProxyStatement {
  const records = parseSummaryCompensationTable(parseTables(html));
  const pvp = payVersusPerformanceFromInline(parseInlineXbrl(html));
  return markChiefExecutives(records, pvp);
}
