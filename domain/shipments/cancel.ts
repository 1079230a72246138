/**
 * A shipment's cancel (design.md section 7): the exact reverse of its pick (and pack). Picked units go
 * back on hand at the lots and bins they came from and are reserved for the order again, the order's
 * pickedQty (packedQty for a PACKED shipment) and picks give the units back, the shipment leaves the
 * order's open shipments (its balances can go on another shipment), and the order returns to CONFIRMED
 * once nothing else of it is picked. The serials the pick allocated go back with their lines.
 */
import { ReadsDisagree } from '../errors.js';
import { roundQuantity } from '../inventory/stock.js';
import type { StockDelta } from '../sales-orders/fulfilment.js';
import type { LineStock, SalesOrder } from '../sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../sales-orders/status.js';
import { assertCan } from '../workflow/transitions.js';
import { SHIPMENT_RESOURCE, SHIPMENT_TRANSITIONS, type Shipment } from './shipment.js';

export const MAX_CANCEL_REASON = 500;

export interface ShipmentCancel {
  shipment: Shipment;
  order: SalesOrder;
  /** The returned stock: + on hand and + reserved at each location picked (none for an unpicked shipment). */
  deltas: StockDelta[];
  /** The serials the shipment's pick allocated, to return to the status they had. */
  serialNumberIds: string[];
}

const sameStock = (a: LineStock, b: LineStock) =>
  a.lineId === b.lineId &&
  a.productId === b.productId &&
  a.warehouseId === b.warehouseId &&
  a.binId === b.binId &&
  a.batchId === b.batchId;

/**
 * `picks` less `taken`, per line and location. An order without the shipment's pick was read after a racing
 * step of this shipment committed (its shipment read before): ReadsDisagree, and the cancel reads again.
 */
function withoutPicks(picks: readonly LineStock[], taken: readonly LineStock[]): LineStock[] {
  let left = [...picks];
  for (const pick of taken) {
    const held = left.find((p) => sameStock(p, pick));
    if (!held || held.quantity < pick.quantity) {
      throw new ReadsDisagree(`The order's picks do not hold the shipment's pick of line ${pick.lineId}`);
    }
    const quantity = roundQuantity(held.quantity - pick.quantity);
    left =
      quantity > 0 ? left.map((p) => (p === held ? { ...p, quantity } : p)) : left.filter((p) => p !== held);
  }
  return left;
}

/**
 * The returned units reserved for their lines again. A pick drew the line's reservations from the front
 * (FEFO, stored order), so a returned unit is added to the reservation still held at its location (the one
 * the pick drew partly) or put back ahead of the line's other reservations, in the order it was picked:
 * the next pick takes the same lots first again.
 */
function reserveAgain(reservations: readonly LineStock[], returned: readonly LineStock[]): LineStock[] {
  let next = [...reservations];
  const added = new Map<string, LineStock[]>();
  for (const pick of returned) {
    const held = next.find((r) => sameStock(r, pick));
    if (held) {
      next = next.map((r) =>
        r === held ? { ...r, quantity: roundQuantity(r.quantity + pick.quantity) } : r,
      );
    } else {
      added.set(pick.lineId, [...(added.get(pick.lineId) ?? []), { ...pick }]);
    }
  }
  for (const [lineId, ahead] of added) {
    const at = next.findIndex((r) => r.lineId === lineId);
    next = at < 0 ? [...next, ...ahead] : [...next.slice(0, at), ...ahead, ...next.slice(at)];
  }
  return next;
}

/** PICKING, PICKED or PACKED -> CANCELLED, and what it gives back to the order and the shelf. */
export function decideShipmentCancel(
  shipment: Shipment,
  order: SalesOrder,
  reason: string | null,
  now: string,
): ShipmentCancel {
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, shipment.status, 'cancel');
  assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'unship');
  const picked = shipment.status !== 'PICKING';
  const packed = shipment.status === 'PACKED';
  const quantities = new Map(shipment.lines.map((l) => [l.soLineId, l.quantity]));
  const serials = new Set(shipment.lines.flatMap((l) => l.serialNumberIds));
  let lines = order.lines.map((l) => {
    const quantity = picked ? quantities.get(l.id) : undefined;
    if (quantity === undefined) return l;
    return {
      ...l,
      pickedQty: roundQuantity(l.pickedQty - quantity),
      packedQty: packed ? roundQuantity(l.packedQty - quantity) : l.packedQty,
      serialNumberIds: l.serialNumberIds.filter((id) => !serials.has(id)),
    };
  });
  // Nothing of the order picked any more (dispatched units were picked first): back to CONFIRMED, and the
  // service lines, which a pick marks picked whole, with it.
  const reopened = order.status !== 'CONFIRMED' && lines.every((l) => l.isServiceLine || l.pickedQty === 0);
  if (reopened) lines = lines.map((l) => (l.isServiceLine ? { ...l, pickedQty: 0, packedQty: 0 } : l));
  return {
    shipment: {
      ...shipment,
      status: 'CANCELLED',
      picks: [],
      lines: shipment.lines.map((l) => ({ ...l, serialNumberIds: [] })),
      cancelledAt: now,
      cancelReason: reason,
      updatedAt: now,
      version: shipment.version + 1,
    },
    order: {
      ...order,
      lines,
      reservations: picked ? reserveAgain(order.reservations, shipment.picks) : order.reservations,
      picks: picked ? withoutPicks(order.picks, shipment.picks) : order.picks,
      status: reopened ? 'CONFIRMED' : order.status,
      openShipments: (order.openShipments ?? []).filter((s) => s.id !== shipment.id),
      updatedAt: now,
      version: order.version + 1,
    },
    deltas: picked
      ? shipment.picks.map((p) => ({
          productId: p.productId,
          warehouseId: p.warehouseId,
          binId: p.binId,
          batchId: p.batchId,
          onHandDelta: p.quantity,
          reservedDelta: p.quantity,
        }))
      : [],
    serialNumberIds: [...serials],
  };
}
