/**
 * Sales-order money (design.md section 5): line nets after line discounts, the order-level discount on
 * those nets, tax per line and per charge on its net after both discounts. Line figures to 4 places,
 * header sums to 2, half away from zero. Caller-sent totals never reach here.
 */
import { unprocessable } from '../errors.js';
import { header2, line4, roundHalfAwayFromZero } from '../money.js';

export interface LinePriceInput {
  quantity: number;
  unitPrice: number;
  taxRate: number;
  /** Null or absent: no percentage (unless an amount is given). */
  discountPct?: number | null;
  /** A money discount for the whole line; wins over discountPct, which is then derived. */
  discountAmount?: number | null;
}

export interface ChargePriceInput {
  amount: number;
  taxRate: number;
}

export interface PricedLine {
  taxRate: number;
  discountPct: number | null;
  /** Reported when the caller discounted by amount; null when a percentage was used. */
  discountAmount: number | null;
  /** Net before tax, after the line discount (4 dp). */
  lineTotal: number;
  /** This line's share of the order-level discount (4 dp). */
  orderDiscount: number;
  taxAmount: number;
}

export interface PricedCharge {
  taxRate: number;
  taxAmount: number;
}

export interface OrderTotals {
  subtotal: number;
  discountTotal: number;
  chargesTotal: number;
  taxTotal: number;
  totalAmount: number;
}

/** The spec allows a derived line percentage up to ten decimal places. */
const derivedPct = (amount: number, gross: number): number =>
  gross > 0 ? roundHalfAwayFromZero(amount / gross, 10) : 0;

export function priceLine(
  line: LinePriceInput,
  orderPct: number,
  taxExempt: boolean,
  path: string,
): PricedLine {
  const gross = line.quantity * line.unitPrice;
  const taxRate = taxExempt ? 0 : line.taxRate;
  let discountPct: number | null = line.discountPct ?? null;
  let discountAmount: number | null = null;
  let lineTotal: number;
  if (line.discountAmount !== undefined && line.discountAmount !== null) {
    if (line4(line.discountAmount) > line4(gross)) {
      throw unprocessable(
        `${path}.discountAmount (${line.discountAmount}) is larger than the line (${line4(gross)})`,
      );
    }
    discountAmount = line.discountAmount;
    discountPct = derivedPct(line.discountAmount, gross);
    lineTotal = line4(gross - line.discountAmount);
  } else {
    lineTotal = line4(gross * (1 - (discountPct ?? 0)));
  }
  const orderDiscount = line4(lineTotal * orderPct);
  return {
    taxRate,
    discountPct,
    discountAmount,
    lineTotal,
    orderDiscount,
    taxAmount: line4((lineTotal - orderDiscount) * taxRate),
  };
}

export function priceCharge(charge: ChargePriceInput, taxExempt: boolean): PricedCharge {
  const taxRate = taxExempt ? 0 : charge.taxRate;
  return { taxRate, taxAmount: line4(charge.amount * taxRate) };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** Header sums over already-priced lines and charges (also used for invoices billing part of an order). */
export function orderTotals(
  lines: Pick<PricedLine, 'lineTotal' | 'orderDiscount' | 'taxAmount'>[],
  charges: (PricedCharge & { amount: number })[],
): OrderTotals {
  const subtotal = header2(sum(lines.map((l) => l.lineTotal)));
  const discountTotal = header2(sum(lines.map((l) => l.orderDiscount)));
  const chargesTotal = header2(sum(charges.map((c) => c.amount)));
  const taxTotal = header2(sum([...lines.map((l) => l.taxAmount), ...charges.map((c) => c.taxAmount)]));
  return {
    subtotal,
    discountTotal,
    chargesTotal,
    taxTotal,
    totalAmount: header2(subtotal - discountTotal + chargesTotal + taxTotal),
  };
}
