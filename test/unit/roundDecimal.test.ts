import { roundDecimal } from '../../lib/numbers/round';

describe('roundDecimal', () => {
  test.each([
    // written value, decimals, result (half away from zero, as on paper)
    [6871.565, 2, 6871.57],
    // NB $60k 2024 federal tax as computed: 8,380.05 + 847.265 − 2,355.75 = 6,871.564999999999 in binary arithmetic
    [0.15 * 55_867 + 0.205 * 4_133 - 0.15 * 15_705, 2, 6871.57],
    [2.675, 2, 2.68],
    [1.005, 2, 1.01],
    [0.125, 2, 0.13],
    [-0.125, 2, -0.13],
    [1234.5, 0, 1235],
    [-1234.5, 0, -1235],
    [0.1 + 0.2, 2, 0.3],
    [2.29499, 2, 2.29],
    [17719.123456, 4, 17719.1235],
    [-0.0001, 2, 0],
  ])('rounds %p to %p decimals as %p', (value, decimals, expected) => {
    expect(roundDecimal(value, decimals)).toBe(expected);
  });

  test('never answers −0', () => {
    expect(Object.is(roundDecimal(-0.001, 2), 0)).toBe(true);
  });
});
