/**
 * Rounding to a number of decimal places, the way a person rounds the written number: half away from zero
 * (2.675 → 2.68, −0.125 → −0.13). The product with 10^decimals is first read back at 15 significant digits,
 * which drops binary noise (6,871.565 × 100 = 687,156.4999999999 in binary arithmetic, 687,156.5 written),
 * so a value that is exactly half a unit in decimal rounds up rather than down. No −0.
 */
export function roundDecimal(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((value * factor).toPrecision(15));
  const rounded = (Math.sign(scaled) * Math.round(Math.abs(scaled))) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}
