/**
 * Picking, packing and cancelling (design.md section 5, stock lifecycle). Picking takes the picked
 * quantity out of on hand and out of reserved at the reserved locations (or from the lot asked for,
 * releasing the line's reservation FEFO); cancelling puts picked stock back where it came from and
 * releases what is still reserved. Each returns the new order and the stock deltas to apply.
 */
import { invalidReference, unprocessable } from '../errors.js';
import { isAllocatable } from '../inventory/batch.js';
import type { StockChange } from '../inventory/movement.js';
import { roundQuantity, type StockLevels } from '../inventory/stock.js';
import type { PickedStock, Reservation, SalesOrder } from './order.js';

/** The changes a fulfilment step makes at each location, planned and written by the inventory. */
export type StockDelta = StockChange;

export interface PickRequestLine {
  soLineId: string;
  quantity: number;
  batchId?: string;
  /** The units picked, by serial number (serial-tracked lines; else the pick chooses them). */
  serialNumbers?: string[];
}

export interface PickFacts {
  /** Current levels of the products picked from a named lot. */
  stock: Map<string, StockLevels>;
  /** The lots named by the request and those the order holds reservations on. */
  batches: Map<string, { batchNumber: string; productId: string; status: string }>;
  /** Products whose allocationPolicy is MANUAL: their lots are named by the picker, never chosen FEFO. */
  manualAllocation?: ReadonlySet<string>;
}

const sameLocation = (a: Omit<StockDelta, 'onHandDelta' | 'reservedDelta' | 'unitCost'>, b: typeof a) =>
  a.productId === b.productId &&
  a.warehouseId === b.warehouseId &&
  a.binId === b.binId &&
  a.batchId === b.batchId;

/** Takes `quantity` off a line's reservations in FEFO (stored) order; returns what was released where. */
function release(
  reservations: Reservation[],
  lineId: string,
  quantity: number,
): { left: Reservation[]; released: Reservation[] } {
  let remaining = quantity;
  const released: Reservation[] = [];
  const left: Reservation[] = [];
  for (const r of reservations) {
    if (r.lineId !== lineId || remaining <= 0) {
      left.push(r);
      continue;
    }
    const take = roundQuantity(Math.min(r.quantity, remaining));
    remaining = roundQuantity(remaining - take);
    released.push({ ...r, quantity: take });
    if (r.quantity - take > 0) left.push({ ...r, quantity: roundQuantity(r.quantity - take) });
  }
  return { left, released };
}

function addPick(picks: PickedStock[], pick: PickedStock): PickedStock[] {
  const existing = picks.find((p) => p.lineId === pick.lineId && sameLocation(p, pick));
  if (!existing) return [...picks, pick];
  return picks.map((p) =>
    p === existing ? { ...p, quantity: roundQuantity(p.quantity + pick.quantity) } : p,
  );
}

export function decidePick(
  order: SalesOrder,
  request: PickRequestLine[] | undefined,
  facts: PickFacts,
  now: string,
): { order: SalesOrder; deltas: StockDelta[] } {
  const warehouseId = order.warehouseId!;
  const wanted = new Map<string, PickRequestLine[]>();
  if (request) {
    request.forEach((line, i) => {
      if (!order.lines.some((l) => l.id === line.soLineId && !l.isServiceLine)) {
        throw invalidReference(`lines[${i}].soLineId`, 'stocked line of this sales order');
      }
      wanted.set(line.soLineId, [...(wanted.get(line.soLineId) ?? []), line]);
    });
  }
  let reservations = order.reservations;
  let picks = order.picks;
  const deltas: StockDelta[] = [];
  const lines = order.lines.map((line) => {
    if (line.isServiceLine) return { ...line, pickedQty: line.quantity };
    const balance = roundQuantity(line.quantity - line.pickedQty);
    const asks = request ? (wanted.get(line.id) ?? []) : [{ soLineId: line.id, quantity: balance }];
    let picked = 0;
    for (const ask of asks) {
      const quantity = roundQuantity(ask.quantity);
      if (quantity <= 0) continue;
      if (roundQuantity(picked + quantity) > balance) {
        throw unprocessable(
          `Line ${line.sortOrder} (${line.product.sku}) has ${roundQuantity(balance - picked)} left to pick; ${quantity} asked`,
        );
      }
      const freed = release(reservations, line.id, quantity);
      reservations = freed.left;
      const releasedQty = roundQuantity(freed.released.reduce((s, r) => s + r.quantity, 0));
      if (!ask.batchId) {
        if (facts.manualAllocation?.has(line.productId)) {
          throw unprocessable(
            `Line ${line.sortOrder} (${line.product.sku}) is allocated MANUAL: name the lot to pick (batchId)`,
          );
        }
        if (releasedQty < quantity) {
          throw unprocessable(
            `Line ${line.sortOrder} (${line.product.sku}) has only ${releasedQty} reserved to pick`,
          );
        }
        // A lot quarantined, expired or recalled since it was reserved is not picked: name another lot.
        for (const r of freed.released) {
          const lot = r.batchId ? facts.batches.get(r.batchId) : undefined;
          if (lot && !isAllocatable(lot.status)) {
            throw unprocessable(
              `Lot ${lot.batchNumber} reserved for line ${line.sortOrder} (${line.product.sku}) is ${lot.status}; pick the line from an ACTIVE lot (batchId)`,
            );
          }
        }
        for (const r of freed.released) {
          deltas.push({ ...locationOf(r), onHandDelta: -r.quantity, reservedDelta: -r.quantity });
          picks = addPick(picks, { ...r, quantity: r.quantity });
        }
      } else {
        const batch = facts.batches.get(ask.batchId);
        if (!batch || batch.productId !== line.productId) {
          throw invalidReference('batchId', `lot of ${line.product.sku}`);
        }
        if (!isAllocatable(batch.status))
          throw unprocessable(`Lot ${batch.batchNumber} is ${batch.status}; only ACTIVE lots can be picked`);
        for (const r of freed.released)
          deltas.push({ ...locationOf(r), onHandDelta: 0, reservedDelta: -r.quantity });
        let left = quantity;
        const levels = Object.values(facts.stock.get(line.productId) ?? {})
          .filter((l) => l.warehouseId === warehouseId && l.batchId === ask.batchId)
          .sort((a, b) => (a.binId ?? '').localeCompare(b.binId ?? ''));
        for (const level of levels) {
          if (left <= 0) break;
          const freedHere = freed.released
            .filter((r) => r.binId === level.binId && r.batchId === level.batchId)
            .reduce((s, r) => s + r.quantity, 0);
          const free = roundQuantity(level.onHand - level.reserved + freedHere);
          const take = roundQuantity(Math.min(left, free));
          if (take <= 0) continue;
          left = roundQuantity(left - take);
          const location = {
            productId: line.productId,
            warehouseId,
            binId: level.binId,
            batchId: ask.batchId,
          };
          deltas.push({ ...location, onHandDelta: -take, reservedDelta: 0 });
          picks = addPick(picks, {
            ...location,
            lineId: line.id,
            batchNumber: batch.batchNumber,
            quantity: take,
          });
        }
        if (left > 0)
          throw unprocessable(
            `Lot ${batch.batchNumber} has too little free stock to pick ${quantity} for line ${line.sortOrder}`,
          );
      }
      picked = roundQuantity(picked + quantity);
    }
    return picked > 0 ? { ...line, pickedQty: roundQuantity(line.pickedQty + picked) } : line;
  });
  if (deltas.length === 0 && !order.lines.some((l) => l.isServiceLine && l.pickedQty < l.quantity)) {
    throw unprocessable('Nothing to pick: every line is picked');
  }
  return {
    order: {
      ...order,
      lines,
      reservations,
      picks,
      status: 'PICKING',
      updatedAt: now,
      version: order.version + 1,
    },
    deltas,
  };
}

const locationOf = (r: Reservation | PickedStock) => ({
  productId: r.productId,
  warehouseId: r.warehouseId,
  binId: r.binId,
  batchId: r.batchId,
});

export function decidePack(order: SalesOrder, now: string): SalesOrder {
  if (!order.lines.some((l) => l.pickedQty > l.packedQty || (l.isServiceLine && l.packedQty < l.quantity))) {
    throw unprocessable('Nothing to pack: no picked quantity is waiting');
  }
  return {
    ...order,
    lines: order.lines.map((l) =>
      l.isServiceLine
        ? { ...l, pickedQty: l.quantity, packedQty: l.quantity }
        : { ...l, packedQty: l.pickedQty },
    ),
    status: 'PACKED',
    updatedAt: now,
    version: order.version + 1,
  };
}

/** Cancelling: nothing shipped; picked stock back to its lots and bins, reservations released, serials freed. */
export function decideCancel(
  order: SalesOrder,
  reason: string | null,
  now: string,
): { order: SalesOrder; deltas: StockDelta[] } {
  if (order.lines.some((l) => !l.isServiceLine && l.dispatchedQty > 0)) {
    throw unprocessable(`Sales order ${order.orderNumber} has shipped units and cannot be cancelled`);
  }
  const deltas: StockDelta[] = [
    ...order.reservations.map((r) => ({ ...locationOf(r), onHandDelta: 0, reservedDelta: -r.quantity })),
    ...order.picks.map((p) => ({ ...locationOf(p), onHandDelta: p.quantity, reservedDelta: 0 })),
  ];
  return {
    order: {
      ...order,
      // The allocated serials go back to AVAILABLE with the cancel (inventory/serial-moves.ts).
      lines: order.lines.map((l) => ({ ...l, pickedQty: 0, packedQty: 0, serialNumberIds: [] })),
      reservations: [],
      picks: [],
      status: 'CANCELLED',
      cancelReason: reason,
      cancelledAt: now,
      updatedAt: now,
      version: order.version + 1,
    },
    deltas,
  };
}
