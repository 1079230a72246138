/**
 * A shipment: part (or all) of a sales order's stocked lines, picked, packed and dispatched on its own
 * (spec: Shipment; design.md section 5). Its state machine, its number and its creation from the order's
 * shippable balances. The lines' quantities stay claimed on the order (`openShipments`) until dispatch.
 */
import { invalidReference, unprocessable } from '../errors.js';
import { roundQuantity } from '../inventory/stock.js';
import type { LineStock, SalesOrder } from '../sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../sales-orders/status.js';
import { assertCan, type Transitions } from '../workflow/transitions.js';

export const SHIPMENT_STATUSES = ['PICKING', 'PICKED', 'PACKED', 'DISPATCHED', 'CANCELLED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_RESOURCE = 'Shipment';

/**
 * Created in PICKING (nothing picked yet); the spec's pack and dispatch rows, the back office's pick, and
 * cancel (design.md section 7: anything not yet dispatched; CANCELLED is final).
 */
export const SHIPMENT_TRANSITIONS = {
  pick: { from: ['PICKING'], to: 'PICKED' },
  pack: { from: ['PICKING', 'PICKED'], to: 'PACKED' },
  dispatch: { from: ['PACKED'], to: 'DISPATCHED' },
  cancel: { from: ['PICKING', 'PICKED', 'PACKED'], to: 'CANCELLED' },
} as const satisfies Transitions<ShipmentStatus>;
export type ShipmentAction = keyof typeof SHIPMENT_TRANSITIONS;

/**
 * Shipments of one order not yet dispatched, at most: each is listed on the order item (its lines' claimed
 * quantities), which has to stay small.
 */
export const MAX_OPEN_SHIPMENTS = 20;

/**
 * Products one shipment may cover: picking it writes one stock record per product beside the shipment,
 * the order, its counters, the ledger, outbox and audit entries in one transaction (at most 100 items).
 */
export const MAX_SHIPMENT_PRODUCTS = 90;

export const formatShipmentNumber = (sequence: number): string => `SH-${String(sequence).padStart(6, '0')}`;

export interface ShipmentLine {
  soLineId: string;
  productId: string;
  product: { sku: string; name: string };
  quantity: number;
  unitPrice: number;
  taxRate: number;
  /** Serial numbers allocated to the line by picking; dispatch sells them (none until serials exist). */
  serialNumberIds: string[];
}

export interface Shipment {
  id: string;
  shipmentNumber: string;
  status: ShipmentStatus;
  salesOrderId: string;
  salesOrder: { id: string; orderNumber: string };
  warehouseId: string;
  carrier: string | null;
  trackingNumber: string | null;
  totalWeight: number | null;
  shipDate: string | null;
  notes: string | null;
  lines: ShipmentLine[];
  /** Where picking took the lines' quantities from (lot, bin); empty until picked. */
  picks: LineStock[];
  /** Set by cancel (absent on shipments written before cancel existed: null). */
  cancelledAt?: string | null;
  cancelReason?: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ShipmentRequestLine {
  soLineId: string;
  quantity: number;
}

/**
 * What each stocked line of the order can still go on a shipment: ordered, less what is picked (by the
 * order itself or by shipments: dispatched units were picked first) and what shipments not yet picked
 * claim. Service lines need no shipment.
 */
export function shippableBalances(order: SalesOrder): Map<string, number> {
  const claimed = new Map<string, number>();
  for (const shipment of order.openShipments ?? []) {
    if (shipment.picked) continue;
    for (const line of shipment.lines) {
      claimed.set(line.soLineId, roundQuantity((claimed.get(line.soLineId) ?? 0) + line.quantity));
    }
  }
  return new Map(
    order.lines
      .filter((l) => !l.isServiceLine)
      .map((l) => [l.id, roundQuantity(Math.max(0, l.quantity - l.pickedQty - (claimed.get(l.id) ?? 0)))]),
  );
}

/** The sum of weight x quantity when every line's product has a weight; otherwise unknown (null). */
export function totalWeightOf(
  lines: readonly Pick<ShipmentLine, 'productId' | 'quantity'>[],
  weights: ReadonlyMap<string, number | null>,
): number | null {
  let total = 0;
  for (const line of lines) {
    const weight = weights.get(line.productId);
    if (weight === null || weight === undefined) return null;
    total += weight * line.quantity;
  }
  return roundQuantity(total);
}

export interface NewShipmentContext {
  id: string;
  sequence: number;
  now: string;
  /** Each product's weight per base unit (null: none recorded). */
  weights: ReadonlyMap<string, number | null>;
  /**
   * Products whose allocationPolicy is MANUAL: their lots are named by the picker, and a shipment's pick
   * names none, so their lines are left to the order's own pick.
   */
  manualAllocation?: ReadonlySet<string>;
  notes?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
}

/**
 * A shipment in PICKING for `request` (default: every shippable balance), and the order claiming its
 * quantities. Lines of one order line are added together; more than a line's shippable balance is 422.
 */
export function newShipment(
  order: SalesOrder,
  request: ShipmentRequestLine[] | undefined,
  context: NewShipmentContext,
): { shipment: Shipment; order: SalesOrder } {
  assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'ship');
  const open = order.openShipments ?? [];
  if (open.length >= MAX_OPEN_SHIPMENTS) {
    throw unprocessable(
      `Sales order ${order.orderNumber} already has ${open.length} shipments not yet dispatched ` +
        `(at most ${MAX_OPEN_SHIPMENTS}); dispatch some first`,
    );
  }
  const balances = shippableBalances(order);
  const asked = new Map<string, number>();
  if (request) {
    request.forEach((line, i) => {
      if (!balances.has(line.soLineId)) {
        throw invalidReference(`lines[${i}].soLineId`, 'stocked line of this sales order');
      }
      if (!(line.quantity > 0)) throw unprocessable(`lines[${i}].quantity must be above 0`);
      asked.set(line.soLineId, roundQuantity((asked.get(line.soLineId) ?? 0) + line.quantity));
    });
  } else {
    for (const [lineId, balance] of balances) if (balance > 0) asked.set(lineId, balance);
    for (const line of order.lines) if (context.manualAllocation?.has(line.productId)) asked.delete(line.id);
  }
  const lines: ShipmentLine[] = [];
  for (const line of [...order.lines].sort((a, b) => a.sortOrder - b.sortOrder)) {
    const quantity = asked.get(line.id);
    if (quantity === undefined) continue;
    const balance = balances.get(line.id) ?? 0;
    if (quantity > balance) {
      throw unprocessable(
        `Line ${line.sortOrder} (${line.product.sku}) has ${balance} left to ship; ${quantity} asked`,
      );
    }
    if (context.manualAllocation?.has(line.productId)) {
      throw unprocessable(
        `Line ${line.sortOrder} (${line.product.sku}) is allocated MANUAL: its lots are named at picking, ` +
          'which a shipment does not do; pick it through the order (sales-order pick)',
      );
    }
    lines.push({
      soLineId: line.id,
      productId: line.productId,
      product: { sku: line.product.sku, name: line.product.name },
      quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      serialNumberIds: [],
    });
  }
  if (lines.length === 0) {
    throw unprocessable(
      `Nothing to ship: every stocked line of sales order ${order.orderNumber} is picked or on a shipment`,
    );
  }
  const products = new Set(lines.map((l) => l.productId)).size;
  if (products > MAX_SHIPMENT_PRODUCTS) {
    throw unprocessable(
      `A shipment covers at most ${MAX_SHIPMENT_PRODUCTS} products (this one ${products}); ship the order in parts`,
    );
  }
  const shipment: Shipment = {
    id: context.id,
    shipmentNumber: formatShipmentNumber(context.sequence),
    status: 'PICKING',
    salesOrderId: order.id,
    salesOrder: { id: order.id, orderNumber: order.orderNumber },
    warehouseId: order.warehouseId!,
    carrier: context.carrier ?? null,
    trackingNumber: context.trackingNumber ?? null,
    totalWeight: totalWeightOf(lines, context.weights),
    shipDate: null,
    notes: context.notes ?? null,
    lines,
    picks: [],
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
  };
  return {
    shipment,
    order: {
      ...order,
      openShipments: [
        ...open,
        {
          id: shipment.id,
          shipmentNumber: shipment.shipmentNumber,
          picked: false,
          lines: lines.map((l) => ({ soLineId: l.soLineId, quantity: l.quantity })),
        },
      ],
      version: order.version + 1,
    },
  };
}
