/**
 * Confirming a DRAFT order (spec: States > Sales order): a warehouse is set, the customer is not on credit
 * hold, the credit limit holds in BLOCK mode (WARN confirms with an audit warning), and every stocked
 * line's quantity can be reserved from unreserved stock in the order's warehouse. Service lines are
 * never checked or reserved. Returns the reservations as per-location deltas, in FEFO order.
 */
import { unprocessable } from '../errors.js';
import type { StockLevel, StockLevels } from '../inventory/stock.js';
import { roundQuantity } from '../inventory/stock.js';
import { isAllocatable } from '../inventory/batch.js';
import { header2 } from '../money.js';
import type { Reservation, SalesOrder } from './order.js';

// Defined beside LineStock in order.ts (the order holds its reservations); confirm decides them.
export type { Reservation };

export const CREDIT_LIMIT_MODES = ['BLOCK', 'WARN'] as const;
export type CreditLimitMode = (typeof CREDIT_LIMIT_MODES)[number];

export interface ConfirmFacts {
  customer: { name: string; creditHold: boolean; creditLimit: number | null };
  outstandingBalance: number;
  creditLimitMode: CreditLimitMode;
  /** Current levels of each stocked product on the order. */
  stock: Map<string, StockLevels>;
  /** Batches the levels name: only allocatable (ACTIVE) lots can be reserved; expiry orders them (FEFO). */
  batches: Map<string, { batchNumber: string; status: string; expiryDate: string | null }>;
}

export interface ConfirmDecision {
  /** The order as confirm leaves it: CONFIRMED at `at`, its reservations on it, the version moved on. */
  order: SalesOrder;
  reservations: Reservation[];
  warnings: string[];
}

export function checkCredit(order: SalesOrder, facts: ConfirmFacts): string[] {
  const { customer } = facts;
  if (customer.creditHold) throw unprocessable(`Customer ${customer.name} is on credit hold`);
  if (customer.creditLimit === null) return [];
  const exposure = header2(facts.outstandingBalance + order.totalAmount);
  if (exposure <= customer.creditLimit) return [];
  const message = `Credit limit exceeded: outstanding ${facts.outstandingBalance} + order ${order.totalAmount} = ${exposure} is over the limit of ${customer.creditLimit}`;
  if (facts.creditLimitMode === 'BLOCK') throw unprocessable(message);
  return [`CREDIT_LIMIT_EXCEEDED: ${message}`];
}

/** Reservable levels of one product in one warehouse, earliest expiry first, unbatched stock last. */
function reservableLevels(levels: StockLevels, warehouseId: string, batches: ConfirmFacts['batches']) {
  return Object.values(levels)
    .filter((l) => l.warehouseId === warehouseId && l.onHand - l.reserved > 0)
    .filter((l) => l.batchId === null || isAllocatable(batches.get(l.batchId)?.status ?? ''))
    .map((l) => ({ level: l, expiry: l.batchId ? (batches.get(l.batchId)?.expiryDate ?? null) : null }))
    .sort(
      (a, b) =>
        (a.expiry ?? '9999').localeCompare(b.expiry ?? '9999') ||
        (a.level.batchId ?? '\uffff').localeCompare(b.level.batchId ?? '\uffff') ||
        (a.level.binId ?? '').localeCompare(b.level.binId ?? ''),
    )
    .map((x) => x.level);
}

export function decideConfirm(order: SalesOrder, facts: ConfirmFacts, at: string): ConfirmDecision {
  if (!order.warehouseId)
    throw unprocessable('The order has no warehouse; a warehouse is needed to reserve stock');
  const warnings = checkCredit(order, facts);
  const reservations = planReservations(order, facts);
  const confirmed: SalesOrder = {
    ...order,
    status: 'CONFIRMED',
    reservations,
    confirmedAt: at,
    updatedAt: at,
    version: order.version + 1,
  };
  return { order: confirmed, reservations, warnings };
}

/** The products of the order's stocked lines, each once, in line order. */
export const stockedProductIds = (order: SalesOrder): string[] => [
  ...new Set(order.lines.filter((l) => !l.isServiceLine).map((l) => l.productId)),
];

/**
 * FEFO reservations for the order's stocked lines (only those of `productIds` when given: a confirm too
 * large for one transaction reserves its products in parts, each decided on its own fresh read).
 */
export function planReservations(
  order: SalesOrder,
  facts: Pick<ConfirmFacts, 'stock' | 'batches'>,
  productIds?: ReadonlySet<string>,
): Reservation[] {
  if (!order.warehouseId)
    throw unprocessable('The order has no warehouse; a warehouse is needed to reserve stock');
  const warehouseId = order.warehouseId;
  const lines = order.lines.filter(
    (l) => !l.isServiceLine && (productIds === undefined || productIds.has(l.productId)),
  );
  const required = new Map<string, { quantity: number; sku: string; name: string }>();
  for (const line of lines) {
    const entry = required.get(line.productId) ?? {
      quantity: 0,
      sku: line.product.sku,
      name: line.product.name,
    };
    entry.quantity = roundQuantity(entry.quantity + line.quantity);
    required.set(line.productId, entry);
  }
  const free = new Map<string, { level: StockLevel; left: number }[]>();
  for (const [productId, need] of required) {
    const levels = reservableLevels(facts.stock.get(productId) ?? {}, warehouseId, facts.batches);
    const available = roundQuantity(levels.reduce((sum, l) => sum + l.onHand - l.reserved, 0));
    if (available < need.quantity) {
      throw unprocessable(
        `Insufficient stock for ${need.sku} (${need.name}): available ${available}, required ${need.quantity}`,
      );
    }
    free.set(
      productId,
      levels.map((level) => ({ level, left: roundQuantity(level.onHand - level.reserved) })),
    );
  }
  // Lines of one product take from its levels in line order, so each line knows the lots it holds.
  const reservations: Reservation[] = [];
  for (const line of lines) {
    let remaining = line.quantity;
    for (const slot of free.get(line.productId)!) {
      if (remaining <= 0) break;
      const take = roundQuantity(Math.min(remaining, slot.left));
      if (take <= 0) continue;
      slot.left = roundQuantity(slot.left - take);
      remaining = roundQuantity(remaining - take);
      const { binId, batchId } = slot.level;
      reservations.push({
        lineId: line.id,
        productId: line.productId,
        warehouseId,
        binId,
        batchId,
        batchNumber: batchId ? (facts.batches.get(batchId)?.batchNumber ?? null) : null,
        quantity: take,
      });
    }
  }
  return reservations;
}
