/**
 * /v2/incometax: the tables of a country and year, shaped per CONTRACT "/v2/incometax inner objects".
 * Free keys get country, year and federal; paid keys also get fica (US) and states/provinces. US tables
 * are nested as the live service answers (turn 3): `{<filing_status>: {brackets, standard_deduction}}`.
 */
import { NoDataError } from '../http/errors';
import { FEDERAL, regionNoun, type TaxCountry } from './regionCodes';
import { describeYears, regionalYears, regionalTables, type TaxTablesFile, type FicaParameters } from './tables';
import { US_FILING_STATUSES, type Bracket, type CaTaxTable, type UsFilingStatus, type UsTaxTable } from './types';

export interface PublicFica {
  social_security_rate: number;
  social_security_wage_cap: number;
  medicare_rate: number;
  additional_medicare_rate: number;
  additional_medicare_threshold: FicaParameters['additional_medicare_threshold'];
}

/** One filing status of a served US table; `estimated` as on the table it comes from. */
export interface FilingStatusTable {
  brackets: Bracket[];
  standard_deduction: number;
  estimated?: true;
}

/** A US table as served: one object per filing status. */
export type ServedUsTable = Record<UsFilingStatus, FilingStatusTable>;

export interface IncomeTaxTablesResponse {
  country: TaxCountry;
  year: number;
  federal: ServedUsTable | CaTaxTable;
  fica?: PublicFica;
  states?: Record<string, ServedUsTable>;
  provinces?: Record<string, CaTaxTable>;
}

/** A stored US table (brackets and deductions by filing status) nested by filing status, as served. */
export function servedUsTable(table: UsTaxTable): ServedUsTable {
  const estimated = table.estimated ? { estimated: true as const } : {};
  return Object.fromEntries(
    US_FILING_STATUSES.map((status) => [status, { brackets: table.brackets[status], standard_deduction: table.standard_deduction[status], ...estimated }]),
  ) as ServedUsTable;
}

/** The regions parameter as a list: upper-case region codes and/or `federal`, duplicates removed. */
export function parseRegions(value: string): string[] {
  const codes = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (part.toLowerCase() === FEDERAL ? FEDERAL : part.toUpperCase()));
  return [...new Set(codes)];
}

/** A region code list asks for nothing a free key would not get. */
export function onlyFederal(value: string): boolean {
  const regions = parseRegions(value);
  return regions.length > 0 && regions.every((region) => region === FEDERAL);
}

function publicFica(fica: FicaParameters): PublicFica {
  return {
    social_security_rate: fica.social_security_rate,
    social_security_wage_cap: fica.social_security_wage_cap,
    medicare_rate: fica.medicare_rate,
    additional_medicare_rate: fica.additional_medicare_rate,
    additional_medicare_threshold: fica.additional_medicare_threshold,
  };
}

/**
 * The response for a validated query. `regions` undefined means every region; `premium` adds fica and
 * the regional tables. A region asked for by code that has no table for the year → 404 no_data.
 */
export function incomeTaxTables(
  tables: TaxTablesFile,
  query: { country: TaxCountry; year: number; regions?: string[]; premium: boolean },
): IncomeTaxTablesResponse {
  const { country, year } = query;
  const federal = country === 'US' ? servedUsTable(tables.US[String(year)]!.federal) : tables.CA[String(year)]!.federal;
  const response: IncomeTaxTablesResponse = { country, year, federal };
  if (!query.premium) return response;

  const available = regionalTables(tables, country, year);
  const wanted = query.regions?.filter((region) => region !== FEDERAL) ?? Object.keys(available).sort();
  const missing = wanted.filter((code) => !(code in available));
  if (missing.length > 0) {
    const noun = regionNoun(country);
    throw new NoDataError(
      `No ${year} income-tax table for ${noun.one} ${missing.join(', ')}; ${noun.many} tables cover ${describeYears(
        regionalYears(tables, country),
      )}.`,
    );
  }
  if (country === 'US') {
    response.fica = publicFica(tables.US[String(year)]!.fica);
    response.states = Object.fromEntries(wanted.map((code) => [code, servedUsTable(available[code] as UsTaxTable)]));
  } else {
    response.provinces = Object.fromEntries(wanted.map((code) => [code, available[code] as CaTaxTable]));
  }
  return response;
}
