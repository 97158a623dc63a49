import type { Bracket } from './types';
import { roundDecimal } from '../numbers/round';

/**
 * Tax on an amount under progressive brackets: each bracket's rate on the part of the amount inside it,
 * added to the tax owed at the bracket's start (its `base` where the law states one, else the sum of the
 * brackets below).
 */
export function taxByBrackets(brackets: readonly Bracket[], amount: number): number {
  let tax = 0;
  for (const { min, max, rate, base } of brackets) {
    if (amount <= min) break;
    if (base !== undefined) tax = base;
    const top = max === null ? amount : Math.min(amount, max);
    tax += (top - min) * rate;
  }
  return tax;
}

/** The rate of the lowest bracket (0 when there are none, e.g. a state without income tax). */
export function lowestRate(brackets: readonly Bracket[]): number {
  return brackets[0]?.rate ?? 0;
}

/** Money in cents, half a cent up (6,871.565 → 6,871.57). */
export const roundMoney = (value: number): number => roundDecimal(value, 2);

/** Rates to 4 decimals (a percentage with 2 decimals). */
export const roundRate = (value: number): number => roundDecimal(value, 4);
