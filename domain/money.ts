/**
 * Money arithmetic to the spec's decimals: line figures to 4 places, header sums to 2, rounding half away
 * from zero (design.md section 5). Binary floats cannot hold 1.005 exactly, so rounding shifts the decimal
 * point in the number's decimal string rather than multiplying by a power of ten.
 */
export function roundHalfAwayFromZero(value: number, places: number): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  const magnitude = Math.abs(value);
  // 15 significant digits is what a double holds exactly; that strips representation noise (x.xx4999999)
  const shifted = Number(`${Number(magnitude.toPrecision(15))}e${places}`);
  const rounded = Number(`${Math.round(shifted)}e-${places}`);
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

export const line4 = (value: number): number => roundHalfAwayFromZero(value, 4);
export const header2 = (value: number): number => roundHalfAwayFromZero(value, 2);
