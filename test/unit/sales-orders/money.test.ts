import { describe, expect, it } from 'vitest';
import { header2, line4, roundHalfAwayFromZero } from '../../../domain/money.js';

describe('money rounding (half away from zero)', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [-1.005, 2, -1.01],
    [0.125, 2, 0.13],
    [-0.125, 2, -0.13],
    [1.00005, 4, 1.0001],
    [0.1 + 0.2, 2, 0.3],
    [1234567.895, 2, 1234567.9],
    [-0.001, 2, 0],
    [0, 4, 0],
  ])('%d to %d places is %d', (value, places, expected) => {
    expect(roundHalfAwayFromZero(value, places)).toBe(expected);
  });

  it('line figures keep 4 places, headers 2', () => {
    expect(line4(10 / 3)).toBe(3.3333);
    expect(header2(10 / 3)).toBe(3.33);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.0001, 2), 0)).toBe(true);
  });
});
