/**
 * Import step of the tax endpoints. Writes:
 * - `tax-tables.json`: US federal brackets, standard deductions and FICA parameters for every year the
 *   PSLmodels Tax-Calculator parameter file (`<datasets>/tax/taxcalc_policy_current_law.json`, CC0)
 *   states, with the documented corrections of lib/tax/taxCalculatorPolicy.ts applied, plus the US state and
 *   Canadian federal/provincial tables written from official publications (lib/tax/regions/*.ts), each
 *   checked before it is shipped;
 * - `property-tax.json` and its part files (lib/tax/propertyTax.ts), from lib/tax/importPropertyTax.ts.
 * A missing or malformed source is a warning: what depends on it answers 503 data_unavailable.
 */
import { join } from 'node:path';
import { missingSource, readDatasetFile, type ImportResult, type ReferenceImporter } from '../reference/importer';
import { importPropertyTax, splitPropertyTax } from './importPropertyTax';
import { PROPERTY_TAX_FILE } from './propertyTax';
import { US_STATE_CODES } from '../geo/usStates';
import { CA_PROVINCE_CODES } from './regionCodes';
import { TAX_TABLES_FILE, type CaTaxYear, type TaxTablesFile, type UsTaxYear } from './tables';
import { CA_FEDERAL_TABLES, CA_PROVINCE_TABLES } from './regions/canada';
import { US_STATE_TABLES } from './regions/usStates';
import { correctedPolicy, usFederalYears, type TaxCalculatorPolicy } from './taxCalculatorPolicy';
import { US_FILING_STATUSES, type Bracket, type CaTaxTable, type SourcedTable, type UsTaxTable } from './types';

export const TAX_CALCULATOR_FILE = join('tax', 'taxcalc_policy_current_law.json');
export const TAX_CALCULATOR_SOURCE =
  'PSLmodels Tax-Calculator taxcalc/policy_current_law.json (CC0 / public domain), https://github.com/PSLmodels/Tax-Calculator';

/** The regional tables as the regions modules export them. */
export interface RegionalSources {
  usStates?: Record<number, Record<string, SourcedTable<UsTaxTable>>>;
  caFederal?: Record<number, SourcedTable<CaTaxTable>>;
  caProvinces?: Record<number, Record<string, SourcedTable<CaTaxTable>>>;
}

/** Why a bracket list cannot be used, or undefined when it can (ascending, contiguous, top open, rates 0–1). */
export function bracketProblem(brackets: unknown): string | undefined {
  if (!Array.isArray(brackets)) return 'brackets is not a list';
  const list = brackets as Bracket[];
  for (const [i, b] of list.entries()) {
    if (typeof b?.min !== 'number' || typeof b.rate !== 'number' || !(b.max === null || typeof b.max === 'number')) {
      return `bracket ${i + 1} is not {min, max, rate}`;
    }
    if (b.rate < 0 || b.rate > 1) return `bracket ${i + 1} rate ${b.rate} is not a decimal from 0 to 1`;
    if (b.base !== undefined && !(typeof b.base === 'number' && Number.isFinite(b.base) && b.base >= 0)) {
      return `bracket ${i + 1} base ${String(b.base)} is not an amount`;
    }
    if (i === 0 && b.min !== 0) return 'the first bracket does not start at 0';
    if (i > 0 && b.min !== list[i - 1]!.max) return `bracket ${i + 1} does not start where bracket ${i} ends`;
    if (b.max !== null && b.max <= b.min) return `bracket ${i + 1} ends before it starts`;
    if ((b.max === null) !== (i === list.length - 1)) return 'only the top bracket may (and must) have max null';
  }
  return undefined;
}

export function usTableProblem(table: UsTaxTable | undefined): string | undefined {
  if (!table?.brackets || !table.standard_deduction) return 'not {brackets, standard_deduction}';
  for (const status of US_FILING_STATUSES) {
    const problem = bracketProblem(table.brackets[status]);
    if (problem) return `${status}: ${problem}`;
    const deduction = table.standard_deduction[status];
    if (typeof deduction !== 'number' || deduction < 0) return `${status}: standard deduction is not an amount`;
  }
  return undefined;
}

export function caTableProblem(table: CaTaxTable | undefined): string | undefined {
  if (!table) return 'missing';
  const problem = bracketProblem(table.brackets);
  if (problem) return problem;
  if (typeof table.basic_personal_amount !== 'number' || table.basic_personal_amount < 0) return 'basic_personal_amount is not an amount';
  return undefined;
}

/** Builds the tax-tables file from the Tax-Calculator policy (if any) and the regional tables. */
export function buildTaxTables(policy: TaxCalculatorPolicy | undefined, regions: RegionalSources): { tables: TaxTablesFile; warnings: string[] } {
  const warnings: string[] = [];
  const tables: TaxTablesFile = { US: {}, CA: {}, sources: {} };

  if (policy) {
    const corrected = correctedPolicy(policy);
    warnings.push(...corrected.warnings);
    for (const [year, federal] of usFederalYears(corrected.policy)) {
      const entry: UsTaxYear = { ...federal, states: {} };
      tables.US[String(year)] = entry;
      const corrections = corrected.applied.get(year);
      tables.sources[`US/${year}/federal`] = corrections ? `${TAX_CALCULATOR_SOURCE}; corrected: ${corrections.join('; ')}` : TAX_CALCULATOR_SOURCE;
    }
  }
  for (const [year, states] of Object.entries(regions.usStates ?? {})) {
    const entry = tables.US[year];
    if (!entry) {
      // without the Tax-Calculator file at all, the US is missing as a whole (importTaxData says so once)
      if (policy) warnings.push(`US state tables for ${year} skipped: the Tax-Calculator file has no federal table for ${year}.`);
      continue;
    }
    for (const [code, sourced] of Object.entries(states)) {
      const problem = (US_STATE_CODES as readonly string[]).includes(code) ? usTableProblem(sourced?.table) : 'not a state code';
      if (problem) {
        warnings.push(`US ${year} ${code} state table skipped: ${problem}.`);
        continue;
      }
      entry.states[code] = sourced.table;
      tables.sources[`US/${year}/${code}`] = sourced.source;
    }
  }

  for (const [year, sourced] of Object.entries(regions.caFederal ?? {})) {
    const problem = caTableProblem(sourced?.table);
    if (problem) {
      warnings.push(`Canada ${year} federal table skipped: ${problem}.`);
      continue;
    }
    const entry: CaTaxYear = { federal: sourced.table, provinces: {} };
    tables.CA[year] = entry;
    tables.sources[`CA/${year}/federal`] = sourced.source;
  }
  for (const [year, provinces] of Object.entries(regions.caProvinces ?? {})) {
    const entry = tables.CA[year];
    if (!entry) {
      warnings.push(`Canadian provincial tables for ${year} skipped: no Canadian federal table for ${year}.`);
      continue;
    }
    for (const [code, sourced] of Object.entries(provinces)) {
      const problem = (CA_PROVINCE_CODES as readonly string[]).includes(code) ? caTableProblem(sourced?.table) : 'not a province code';
      if (problem) {
        warnings.push(`Canada ${year} ${code} table skipped: ${problem}.`);
        continue;
      }
      entry.provinces[code] = sourced.table;
      tables.sources[`CA/${year}/${code}`] = sourced.source;
    }
  }
  return { tables, warnings };
}

/** The regional tables written from official publications (lib/tax/regions). */
export const REGIONAL_SOURCES: RegionalSources = {
  usStates: US_STATE_TABLES,
  caFederal: CA_FEDERAL_TABLES,
  caProvinces: CA_PROVINCE_TABLES,
};

const US_TABLES = 'The US federal income-tax tables (PSLmodels Tax-Calculator)';

/** What a deployment answers for property tax when the import had only the sample fixture. */
const PROPERTY_TAX_SAMPLE = {
  reason:
    'Property-tax rates need the U.S. Census ACS 5-year data, which were not imported for this deployment: give the import the acs-zcta data set (DATASETS_DIR/acs-zcta) or set ACS_DIR to saved Census ACS API responses when deploying (README "Operator checklist").',
  endpoints: ['/v1/propertytax'],
};

/** The Tax-Calculator policy file, or why there is none (the 503 of the US tables then says it). */
async function readPolicy(datasetsDir: string | undefined): Promise<{ policy: TaxCalculatorPolicy } | { missing: string }> {
  try {
    const text = await readDatasetFile(datasetsDir, TAX_CALCULATOR_FILE);
    if (text === undefined) return { missing: missingSource(US_TABLES, TAX_CALCULATOR_FILE, datasetsDir) };
    return { policy: JSON.parse(text) as TaxCalculatorPolicy };
  } catch (error) {
    return { missing: `${US_TABLES} could not be imported: ${TAX_CALCULATOR_FILE} could not be read when the reference data were built (${(error as Error).message.split('\n')[0]}).` };
  }
}

export const importTaxData: ReferenceImporter = async (datasetsDir) => {
  const result: ImportResult = { files: {}, warnings: [] };
  const read = await readPolicy(datasetsDir);
  const policy = 'policy' in read ? read.policy : undefined;
  try {
    const { tables, warnings } = buildTaxTables(policy, REGIONAL_SOURCES);
    result.warnings.push(...warnings);
    if ('missing' in read) {
      tables.missing = { US: read.missing };
      result.missing = { [`${TAX_TABLES_FILE}#US`]: { reason: read.missing, endpoints: ['/v2/incometax', '/v1/incometaxcalculator'] } };
    }
    const count = (country: 'US' | 'CA') => {
      const years = Object.keys(tables[country]);
      const regional = Object.values(tables[country]).reduce(
        (sum, year) => sum + Object.keys('states' in year ? year.states : year.provinces).length,
        0,
      );
      return years.length === 0 ? 'none' : `${years[0]}–${years[years.length - 1]} (${regional} regional tables)`;
    };
    result.files[TAX_TABLES_FILE] = {
      data: tables,
      summary: `income-tax tables: US ${count('US')}, CA ${count('CA')}; US federal from Tax-Calculator, regions from official publications`,
    };
  } catch (error) {
    result.warnings.push(`Tax tables not built: ${(error as Error).message}.`);
  }

  const property = importPropertyTax(datasetsDir);
  result.warnings.push(...property.warnings);
  if (property.file?.sample) {
    // one file, which the manifest lists as a sample: a build for deployment leaves it out whole
    result.files[PROPERTY_TAX_FILE] = { data: property.file, summary: property.summary, sample: PROPERTY_TAX_SAMPLE };
  } else if (property.file) {
    const { index, files } = splitPropertyTax(property.file);
    result.files[PROPERTY_TAX_FILE] = {
      data: index,
      summary: `${property.summary}; index of ${Object.keys(index.parts).length} property-tax-<ZIP prefix>.json files, by city and county`,
    };
    for (const [file, data] of Object.entries(files)) result.files[file] = { data };
  }
  return result;
};
