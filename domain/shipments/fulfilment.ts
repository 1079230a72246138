/**
 * A shipment's pick, pack and dispatch, and what each does to its sales order (design.md section 5:
 * "picking a shipment does what picking the order does"; shipment dispatch advances the order's
 * dispatchedQty and shippedDate and rolls it up to DISPATCHED once every stocked line is fully shipped).
 */
import { roundQuantity } from '../inventory/stock.js';
import {
  decidePick,
  type PickFacts,
  type PickRequestLine,
  type StockDelta,
} from '../sales-orders/fulfilment.js';
import type { LineStock, SalesOrder, SalesOrderLine } from '../sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../sales-orders/status.js';
import { assertCan } from '../workflow/transitions.js';
import { dispatchDetails, type ShipmentDispatchBody } from './dispatch-details.js';
import { SHIPMENT_RESOURCE, SHIPMENT_TRANSITIONS, type Shipment } from './shipment.js';

/** The shipment's lines as the order's pick request (no lot named: FEFO from the order's reservations). */
export const shipmentPickRequest = (shipment: Shipment): PickRequestLine[] =>
  shipment.lines.map((l) => ({ soLineId: l.soLineId, quantity: l.quantity }));

const sameStock = (a: LineStock, b: LineStock) =>
  a.lineId === b.lineId &&
  a.productId === b.productId &&
  a.warehouseId === b.warehouseId &&
  a.binId === b.binId &&
  a.batchId === b.batchId;

/** What `after` holds beyond `before`, per line and location: the picks one pick added. */
export function picksAdded(before: readonly LineStock[], after: readonly LineStock[]): LineStock[] {
  return after.flatMap((pick) => {
    const had = before.find((b) => sameStock(b, pick))?.quantity ?? 0;
    const quantity = roundQuantity(pick.quantity - had);
    return quantity > 0 ? [{ ...pick, quantity }] : [];
  });
}

export interface ShipmentStep {
  shipment: Shipment;
  order: SalesOrder;
  /** The stock the step moves (a pick's); empty for a pack of a picked shipment. */
  deltas: StockDelta[];
}

/**
 * PICKING -> PICKED: decidePick with the shipment's lines as the request, so the stock leaves on hand and
 * the order's reservation exactly as the order's own pick takes it (lots FEFO), the order's lines, picks
 * and status (PICKING) move with it, and the shipment keeps where its units came from.
 */
export function decideShipmentPick(
  shipment: Shipment,
  order: SalesOrder,
  facts: PickFacts,
  now: string,
): ShipmentStep {
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, shipment.status, 'pick');
  assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'ship');
  const picked = decidePick(order, shipmentPickRequest(shipment), facts, now);
  return {
    shipment: {
      ...shipment,
      status: 'PICKED',
      picks: [...shipment.picks, ...picksAdded(order.picks, picked.order.picks)],
      updatedAt: now,
      version: shipment.version + 1,
    },
    order: {
      ...picked.order,
      openShipments: (picked.order.openShipments ?? []).map((s) =>
        s.id === shipment.id ? { ...s, picked: true } : s,
      ),
    },
    deltas: picked.deltas,
  };
}

const quantitiesOf = (shipment: Shipment) => new Map(shipment.lines.map((l) => [l.soLineId, l.quantity]));

/**
 * PICKING or PICKED -> PACKED. A shipment still PICKING is picked first (`facts` are then required), so no
 * shipment leaves without its stock having left the shelf. The order's packedQty counts the shipment's
 * units; its status stays.
 */
export function decideShipmentPack(
  shipment: Shipment,
  order: SalesOrder,
  facts: PickFacts | null,
  now: string,
): ShipmentStep {
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, shipment.status, 'pack');
  assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'ship');
  let step: ShipmentStep = { shipment, order, deltas: [] };
  if (shipment.status === 'PICKING') {
    if (!facts) throw new Error('decideShipmentPack: a shipment still PICKING needs the pick facts');
    step = decideShipmentPick(shipment, order, facts, now);
  }
  const packed = quantitiesOf(shipment);
  return {
    shipment: { ...step.shipment, status: 'PACKED', updatedAt: now, version: shipment.version + 1 },
    order: {
      ...step.order,
      lines: step.order.lines.map((l) =>
        packed.has(l.id) ? { ...l, packedQty: roundQuantity(l.packedQty + packed.get(l.id)!) } : l,
      ),
      updatedAt: now,
      version: order.version + 1,
    },
    deltas: step.deltas,
  };
}

const fullyShipped = (line: SalesOrderLine) => line.isServiceLine || line.dispatchedQty >= line.quantity;

export interface ShipmentDispatch {
  shipment: Shipment;
  order: SalesOrder;
  /** What this dispatch shipped per order line (the service lines too when it rolls the order up). */
  dispatched: { lineId: string; quantity: number }[];
  /** Whether the order reached DISPATCHED with this shipment. */
  rolledUp: boolean;
  /** Serial numbers allocated to the shipped lines: they become SOLD with the dispatch. */
  serialNumberIds: string[];
}

/**
 * PACKED -> DISPATCHED: carrier and tracking number written (omitted ones kept), shipDate stamped. The
 * order's lines advance dispatchedQty by the shipment's quantities, shippedDate is stamped on the first
 * dispatch, the shipment leaves the order's open shipments, and once every stocked line is fully shipped
 * the order goes DISPATCHED (service lines ship their whole balance then). A partial dispatch leaves the
 * order's status as it is: the spec rolls an order up from CONFIRMED, PICKING or PACKED to DISPATCHED only.
 */
export function decideShipmentDispatch(
  shipment: Shipment,
  order: SalesOrder,
  body: ShipmentDispatchBody,
  now: string,
): ShipmentDispatch {
  assertCan(SHIPMENT_TRANSITIONS, SHIPMENT_RESOURCE, shipment.status, 'dispatch');
  const written = dispatchDetails(shipment, body);
  assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'rollUp');
  const shipped = quantitiesOf(shipment);
  const dispatched = shipment.lines.map((l) => ({ lineId: l.soLineId, quantity: l.quantity }));
  let lines = order.lines.map((l) =>
    shipped.has(l.id) ? { ...l, dispatchedQty: roundQuantity(l.dispatchedQty + shipped.get(l.id)!) } : l,
  );
  const rolledUp = lines.every(fullyShipped);
  if (rolledUp) {
    lines = lines.map((l) => {
      if (!l.isServiceLine || l.dispatchedQty >= l.quantity) return l;
      dispatched.push({ lineId: l.id, quantity: roundQuantity(l.quantity - l.dispatchedQty) });
      return { ...l, pickedQty: l.quantity, packedQty: l.quantity, dispatchedQty: l.quantity };
    });
  }
  return {
    shipment: {
      ...shipment,
      ...written,
      status: 'DISPATCHED',
      shipDate: now,
      updatedAt: now,
      version: shipment.version + 1,
    },
    order: {
      ...order,
      lines,
      status: rolledUp ? 'DISPATCHED' : order.status,
      shippedDate: order.shippedDate ?? now,
      openShipments: (order.openShipments ?? []).filter((s) => s.id !== shipment.id),
      updatedAt: now,
      version: order.version + 1,
    },
    dispatched,
    rolledUp,
    serialNumberIds: shipment.lines.flatMap((l) => l.serialNumberIds),
  };
}
