/**
 * The income-tax calculator (/v1/incometaxcalculator): plain values in, plain values out.
 *
 * Method (simplified; see the endpoint description):
 * - taxable income = income − deductions; deductions default to the filing status's standard deduction
 *   (US) or 0 (Canada); never below 0.
 * - federal tax = brackets on taxable income − credits, never below 0. In Canada the basic personal
 *   amount is a non-refundable credit at the lowest federal rate, taken before `credits`.
 * - FICA (US): employee shares on wages (social security up to the wage base, Medicare on all wages,
 *   Additional Medicare above the filing status's threshold). Self-employed: net earnings are income ×
 *   (1 − employer shares) = 92.35 %, taxed at both shares.
 * - region: the state's brackets on income − (deductions, else the state's standard deduction), or the
 *   province's brackets on the federal taxable income less its basic personal amount credit.
 * Money is rounded to cents and rates to 4 decimals; totals add the rounded parts.
 */
import { lowestRate, roundMoney, roundRate, taxByBrackets } from './brackets';
import type { CaTaxTable, UsFilingStatus, UsTaxTable } from './types';
import type { FicaParameters } from './tables';

export interface CalculatorInput {
  income: number;
  /** total deductions; undefined → the standard deduction (US) or none (CA) */
  deductions?: number;
  /** total tax credits, taken off federal tax */
  credits?: number;
}

export interface UsCalculatorInput extends CalculatorInput {
  filingStatus: UsFilingStatus;
  selfEmployed: boolean;
}

export interface BasicResult {
  income: number;
  taxable_income: number;
  deductions: number;
  credits: number;
  federal_effective_rate: number;
  federal_taxes_owed: number;
}

export interface FicaResult {
  fica_social_security: number;
  fica_social_security_rate: number;
  fica_social_security_cap: number;
  fica_medicare: number;
  fica_medicare_rate: number;
  fica_total: number;
}

export interface RegionResult {
  region_effective_rate: number;
  region_taxes_owed: number;
  total_taxes_owed: number;
  income_after_tax: number;
  total_effective_tax_rate: number;
}

const share = (part: number, whole: number) => (whole > 0 ? roundRate(part / whole) : 0);

function basic(input: CalculatorInput, deductions: number, federalTax: number): BasicResult {
  const federal = roundMoney(federalTax);
  return {
    income: roundMoney(input.income),
    taxable_income: roundMoney(Math.max(0, input.income - deductions)),
    deductions: roundMoney(deductions),
    credits: roundMoney(input.credits ?? 0),
    federal_effective_rate: share(federal, input.income),
    federal_taxes_owed: federal,
  };
}

function totals(income: number, parts: number[], regionTax: number): RegionResult {
  const region = roundMoney(regionTax);
  const total = roundMoney([...parts, region].reduce((sum, part) => sum + part, 0));
  return {
    region_effective_rate: share(region, income),
    region_taxes_owed: region,
    total_taxes_owed: total,
    income_after_tax: roundMoney(income - total),
    total_effective_tax_rate: share(total, income),
  };
}

/** Federal income tax (US): brackets on taxable income, less credits, not below 0. */
export function usFederal(input: UsCalculatorInput, federal: UsTaxTable): BasicResult {
  const deductions = input.deductions ?? federal.standard_deduction[input.filingStatus];
  const taxable = Math.max(0, input.income - deductions);
  const tax = Math.max(0, taxByBrackets(federal.brackets[input.filingStatus], taxable) - (input.credits ?? 0));
  return basic(input, deductions, tax);
}

/** FICA on wages, or self-employment tax on 92.35 % of income with both shares. */
export function usFica(input: UsCalculatorInput, fica: FicaParameters): FicaResult {
  const earnings = input.selfEmployed
    ? input.income * (1 - fica.social_security_employer_rate - fica.medicare_employer_rate)
    : input.income;
  const ssRate = fica.social_security_rate + (input.selfEmployed ? fica.social_security_employer_rate : 0);
  const mcRate = fica.medicare_rate + (input.selfEmployed ? fica.medicare_employer_rate : 0);
  const threshold = fica.additional_medicare_threshold[input.filingStatus];
  const socialSecurity = roundMoney(ssRate * Math.min(earnings, fica.social_security_wage_cap));
  const medicare = roundMoney(mcRate * earnings + fica.additional_medicare_rate * Math.max(0, earnings - threshold));
  return {
    fica_social_security: socialSecurity,
    fica_social_security_rate: roundRate(ssRate),
    fica_social_security_cap: fica.social_security_wage_cap,
    fica_medicare: medicare,
    fica_medicare_rate: roundRate(mcRate),
    fica_total: roundMoney(socialSecurity + medicare),
  };
}

/** State income tax: the state's brackets on income less the deductions (else the state's standard deduction). */
export function usStateTax(input: UsCalculatorInput, state: UsTaxTable): number {
  const deductions = input.deductions ?? state.standard_deduction[input.filingStatus] ?? 0;
  return taxByBrackets(state.brackets[input.filingStatus] ?? [], Math.max(0, input.income - deductions));
}

export type UsCalculation = BasicResult & FicaResult & RegionResult;

/** The full US calculation; `state` undefined only when the caller will not show regional fields. */
export function calculateUs(
  input: UsCalculatorInput,
  tables: { federal: UsTaxTable; fica: FicaParameters; state?: UsTaxTable },
): UsCalculation {
  const federal = usFederal(input, tables.federal);
  const fica = usFica(input, tables.fica);
  const region = tables.state ? usStateTax(input, tables.state) : 0;
  return { ...federal, ...fica, ...totals(input.income, [federal.federal_taxes_owed, fica.fica_total], region) };
}

/** Canadian tax under one table: brackets on taxable income less the basic personal amount credit, not below 0. */
export function canadianTax(table: CaTaxTable, taxable: number, credits = 0): number {
  const bpaCredit = lowestRate(table.brackets) * table.basic_personal_amount;
  return Math.max(0, taxByBrackets(table.brackets, taxable) - bpaCredit - credits);
}

export type CaCalculation = BasicResult & RegionResult;

export function calculateCa(input: CalculatorInput, tables: { federal: CaTaxTable; province?: CaTaxTable }): CaCalculation {
  const deductions = input.deductions ?? 0;
  const taxable = Math.max(0, input.income - deductions);
  const federal = basic(input, deductions, canadianTax(tables.federal, taxable, input.credits ?? 0));
  const region = tables.province ? canadianTax(tables.province, taxable) : 0;
  return { ...federal, ...totals(input.income, [federal.federal_taxes_owed], region) };
}

export const FICA_FIELDS = [
  'fica_social_security',
  'fica_social_security_rate',
  'fica_social_security_cap',
  'fica_medicare',
  'fica_medicare_rate',
  'fica_total',
] as const;
export const BASIC_FIELDS = ['income', 'taxable_income', 'deductions', 'credits', 'federal_effective_rate', 'federal_taxes_owed'] as const;
