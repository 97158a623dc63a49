/**
 * /v1/incometaxcalculator over the tax tables: picks the year's tables, runs the calculation and keeps the
 * fields the caller's plan may see (free: the basic fields; paid: also FICA and the regional totals), with
 * `estimated: true` when a table behind those fields is an estimate.
 */
import { MissingParameterError, NoDataError } from '../http/errors';
import { BASIC_FIELDS, calculateCa, calculateUs, FICA_FIELDS } from './calculator';
import { regionNoun, type TaxCountry } from './regionCodes';
import { availableYears, describeYears, regionalYears, regionalTables, type TaxTablesFile } from './tables';
import type { CaTaxTable, UsFilingStatus, UsTaxTable } from './types';

export interface CalculatorQuery {
  country: TaxCountry;
  region: string;
  income: number;
  taxYear?: number;
  filingStatus?: UsFilingStatus;
  deductions?: number;
  credits?: number;
  selfEmployed: boolean;
  premium: boolean;
}

const REGION_FIELDS = ['region_effective_rate', 'region_taxes_owed', 'total_taxes_owed', 'income_after_tax', 'total_effective_tax_rate'] as const;

function pick<T extends object>(source: T, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, (source as Record<string, unknown>)[field]]));
}

/** `{estimated: true}` when one of the tables used is an estimate, else nothing. */
function estimateFlag(...used: Array<{ estimated?: true } | undefined>): { estimated?: true } {
  return used.some((table) => table?.estimated) ? { estimated: true } : {};
}

export function incomeTaxCalculation(tables: TaxTablesFile, query: CalculatorQuery): Record<string, unknown> {
  const { country, region } = query;
  const years = availableYears(tables, country);
  const year = query.taxYear ?? years[years.length - 1]!;

  const regional = regionalTables(tables, country, year)[region];
  if (query.premium && !regional) {
    const noun = regionNoun(country);
    throw new NoDataError(
      `No ${year} income-tax table for ${noun.one} ${region}; ${noun.many} tables cover ${describeYears(regionalYears(tables, country))}.`,
    );
  }
  const input = { income: query.income, deductions: query.deductions, credits: query.credits };
  // tax_year a string, as the live service sends it (CONTRACT "Live-service parity")
  const head = { country, region, tax_year: String(year) };
  if (country === 'US') {
    if (query.filingStatus === undefined) throw new MissingParameterError('filing_status', "Parameter 'filing_status' is required for US.");
    const usYear = tables.US[String(year)]!;
    const result = calculateUs(
      { ...input, filingStatus: query.filingStatus, selfEmployed: query.selfEmployed },
      { federal: usYear.federal, fica: usYear.fica, state: regional as UsTaxTable | undefined },
    );
    return {
      ...head,
      ...pick(result, query.premium ? [...BASIC_FIELDS, ...FICA_FIELDS, ...REGION_FIELDS] : BASIC_FIELDS),
      ...estimateFlag(usYear.federal, query.premium ? regional : undefined),
    };
  }
  const caYear = tables.CA[String(year)]!;
  const result = calculateCa(input, { federal: caYear.federal, province: regional as CaTaxTable | undefined });
  return {
    ...head,
    ...pick(result, query.premium ? [...BASIC_FIELDS, ...REGION_FIELDS] : BASIC_FIELDS),
    ...estimateFlag(caYear.federal, query.premium ? regional : undefined),
  };
}
