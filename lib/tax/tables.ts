/**
 * The income-tax reference file (`tax-tables.json`, written by the import step) and lookups into it.
 * Years are keys in ascending order; every year of a country has its federal table, the regional tables
 * exist only for the years they were written for.
 */
import type { CaTaxTable, UsFilingStatus, UsTaxTable } from './types';
import type { TaxCountry } from './regionCodes';
import { DataUnavailableError } from '../http/errors';

export const TAX_TABLES_FILE = 'tax-tables.json';

/** FICA parameters of a year (US). Rates are decimals; employee and employer shares are equal today. */
export interface FicaParameters {
  /** OASDI rate, employee share (0.062) */
  social_security_rate: number;
  social_security_employer_rate: number;
  /** maximum earnings subject to OASDI (the wage base) */
  social_security_wage_cap: number;
  /** HI rate, employee share (0.0145) */
  medicare_rate: number;
  medicare_employer_rate: number;
  /** Additional Medicare Tax rate on earnings above the threshold (0.009) */
  additional_medicare_rate: number;
  /** earnings above which Additional Medicare Tax applies, by filing status */
  additional_medicare_threshold: Record<UsFilingStatus, number>;
}

export interface UsTaxYear {
  federal: UsTaxTable;
  fica: FicaParameters;
  /** keyed by USPS code; only the states written for this year */
  states: Record<string, UsTaxTable>;
}

export interface CaTaxYear {
  federal: CaTaxTable;
  /** keyed by Canada Post code; only the provinces written for this year */
  provinces: Record<string, CaTaxTable>;
}

export interface TaxTablesFile {
  US: Record<string, UsTaxYear>;
  CA: Record<string, CaTaxYear>;
  /** where each table's figures come from: "US/2024/federal", "US/2024/CA", "CA/2025/ON" → publication */
  sources: Record<string, string>;
  /** a country without tables: why the import could not make them (the 503 says it) */
  missing?: Partial<Record<TaxCountry, string>>;
}

/** The years a country has federal tables for, ascending; 503 data_unavailable (naming why) when it has none. */
export function availableYears(tables: TaxTablesFile, country: TaxCountry): number[] {
  const years = Object.keys(tables[country])
    .map(Number)
    .sort((a, b) => a - b);
  if (years.length === 0) throw new DataUnavailableError(tables.missing?.[country] ?? `No ${country} income-tax tables have been imported.`);
  return years;
}

/** The years for which a country has at least one regional table, ascending. */
export function regionalYears(tables: TaxTablesFile, country: TaxCountry): number[] {
  return availableYears(tables, country).filter((year) => Object.keys(regionalTables(tables, country, year)).length > 0);
}

export function regionalTables(tables: TaxTablesFile, country: TaxCountry, year: number): Record<string, UsTaxTable | CaTaxTable> {
  if (country === 'US') return tables.US[String(year)]?.states ?? {};
  return tables.CA[String(year)]?.provinces ?? {};
}

/** "2013–2026" for a contiguous run, else the years listed. */
export function describeYears(years: number[]): string {
  if (years.length === 0) return 'none';
  const contiguous = years.every((year, i) => i === 0 || year === years[i - 1]! + 1);
  return contiguous && years.length > 2 ? `${years[0]}–${years[years.length - 1]}` : years.join(', ');
}
