/**
 * Money arithmetic to the spec's decimals: line figures to 4 places, header sums to 2, rounding half away
 * from zero (design.md section 5). Binary floats cannot hold 1.005 exactly, so rounding shifts the decimal
 * point in the number's decimal string rather than multiplying by a power of ten.
 */
export function roundHalfAwayFromZero(value: number, places: number): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  const magnitude = Math.abs(value);
  // 15 significant digits is what a double holds exactly; that strips representation noise (x.xx4999999)
  const shifted = shiftDecimal(Number(magnitude.toPrecision(15)), places);
  const rounded = shiftDecimal(Math.round(shifted), -places);
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

/**
 * value x 10^places through the decimal string. Very small or large numbers print in exponent form
 * (1.4e-14, the residue of 189.54 - 100 - 89.54), so the shift adds to their exponent.
 */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

export const line4 = (value: number): number => roundHalfAwayFromZero(value, 4);
export const header2 = (value: number): number => roundHalfAwayFromZero(value, 2);
