/**
 * A production order (spec: Production order (read-only); design.md section 5): the back office plans a
 * run of one output product in a warehouse from the product's bill of materials (snapshotted, phantoms
 * exploded), starts it, and completes it by consuming the inputs FEFO and adding the output to stock; or
 * cancels it before completion. Nothing moves before completion, so a cancel moves nothing.
 */
import { documentNumber } from '../document-number.js';
import { unprocessable } from '../errors.js';
import { roundQuantity } from '../inventory/stock.js';
import { line4 } from '../money.js';
import { assertCan, type Transitions } from '../workflow/transitions.js';
import type { ExplodedLine } from './bom-explosion.js';

export const PRODUCTION_ORDER_STATUSES = ['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type ProductionOrderStatus = (typeof PRODUCTION_ORDER_STATUSES)[number];

export const PRODUCTION_ORDER_RESOURCE = 'Production order';
export const PRODUCTION_ORDER_PREFIX = 'MO';
export const formatProductionOrderNumber = (sequence: number): string =>
  documentNumber(PRODUCTION_ORDER_PREFIX, sequence);

export const PRODUCTION_ORDER_TRANSITIONS = {
  start: { from: ['PLANNED'], to: 'IN_PROGRESS' },
  complete: { from: ['IN_PROGRESS'], to: 'COMPLETED' },
  cancel: { from: ['PLANNED', 'IN_PROGRESS'], to: 'CANCELLED' },
} as const satisfies Transitions<ProductionOrderStatus>;
export type ProductionOrderAction = keyof typeof PRODUCTION_ORDER_TRANSITIONS;

/** The most a planned or completed quantity may be (as order and receipt quantities). */
export const MAX_PRODUCTION_QUANTITY = 999_999;
/** The priority is an operator's ranking, stored and shown; it orders nothing. */
export const MAX_PRIORITY = 999;
/** The spec's cancel-reason limit. */
export const MAX_CANCEL_REASON = 500;
/** The spec's embedded cap on the lines a detail shows (OUTPUT first, then the INPUT lines). */
export const MAX_RENDERED_LINES = 1000;

export interface ProductRef {
  id: string;
  sku: string;
  name: string;
}

export interface LotQuantity {
  batchId: string;
  batchNumber: string;
  quantity: number;
}

export type LineType = 'INPUT' | 'OUTPUT';

export interface ProductionOrderLine {
  id: string;
  lineType: LineType;
  productId: string;
  product: ProductRef;
  /** INPUT: the recipe quantity per one unit of output before this line's wastage (phantom factors folded in); OUTPUT: 1. */
  quantityPerUnit: number;
  /** INPUT: the recipe line's wastage, a percentage 0-100; OUTPUT: 0. */
  wastagePercent: number;
  group: string | null;
  /** The phantom sub-recipe this INPUT line was exploded from (its nearest phantom), else null. */
  phantomProductId: string | null;
  plannedQuantity: number;
  /** Null until the order is completed. */
  actualQuantity: number | null;
  /** Cost per unit actually consumed (INPUT) or the rolled-up cost per unit produced (OUTPUT), 4 dp. */
  unitCost: number | null;
  totalCost: number | null;
  lotsConsumed: LotQuantity[];
  lotsMinted: LotQuantity[];
}

export interface ProductionOrder {
  id: string;
  orderNumber: string;
  status: ProductionOrderStatus;
  productId: string;
  product: ProductRef;
  plannedQuantity: number;
  actualQuantity: number | null;
  warehouseId: string;
  warehouse: { id: string; code: string };
  plannedStartDate: string;
  priority: number;
  salesOrderId: string | null;
  salesOrder: { id: string; orderNumber: string } | null;
  /** OUTPUT first, then the INPUT lines in recipe order. */
  lines: ProductionOrderLine[];
  startedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ProductionOrderDraft {
  product: ProductRef;
  plannedQuantity: number;
  warehouse: { id: string; code: string };
  plannedStartDate: string | null;
  priority: number | null;
  salesOrder: { id: string; orderNumber: string } | null;
  /** The product's bill of materials, exploded (explodeBom). */
  inputs: ExplodedLine[];
}

export function checkQuantity(name: string, quantity: number): void {
  if (!(Number.isFinite(quantity) && quantity > 0 && quantity <= MAX_PRODUCTION_QUANTITY)) {
    throw unprocessable(`${name} must be greater than 0 and at most ${MAX_PRODUCTION_QUANTITY}`);
  }
}

/** Planned input = order quantity x quantity per unit x (1 + wastage / 100). */
export const plannedInput = (
  orderQuantity: number,
  line: Pick<ExplodedLine, 'quantityPerUnit' | 'wastagePercent'>,
) => roundQuantity(orderQuantity * line.quantityPerUnit * (1 + line.wastagePercent / 100));

/** A PLANNED order; the caller has checked the references and exploded the recipe. */
export function createProductionOrder(
  draft: ProductionOrderDraft,
  ctx: { id: string; sequence: number; now: string; lineIds: string[] },
): ProductionOrder {
  checkQuantity('quantity', draft.plannedQuantity);
  const priority = draft.priority ?? 0;
  if (!(Number.isInteger(priority) && priority >= 0 && priority <= MAX_PRIORITY)) {
    throw unprocessable(`priority must be a whole number from 0 to ${MAX_PRIORITY}`);
  }
  if (draft.inputs.length === 0) {
    throw unprocessable(`Product ${draft.product.sku} has no bill of materials to produce it from`);
  }
  const output: ProductionOrderLine = {
    id: ctx.lineIds[0]!,
    lineType: 'OUTPUT',
    productId: draft.product.id,
    product: draft.product,
    quantityPerUnit: 1,
    wastagePercent: 0,
    group: null,
    phantomProductId: null,
    plannedQuantity: draft.plannedQuantity,
    actualQuantity: null,
    unitCost: null,
    totalCost: null,
    lotsConsumed: [],
    lotsMinted: [],
  };
  const inputs = draft.inputs.map((input, i): ProductionOrderLine => ({
    id: ctx.lineIds[i + 1]!,
    lineType: 'INPUT',
    productId: input.product.id,
    product: input.product,
    quantityPerUnit: roundQuantity(input.quantityPerUnit),
    wastagePercent: input.wastagePercent,
    group: input.group,
    phantomProductId: input.phantomProductId,
    plannedQuantity: plannedInput(draft.plannedQuantity, input),
    actualQuantity: null,
    unitCost: null,
    totalCost: null,
    lotsConsumed: [],
    lotsMinted: [],
  }));
  return {
    id: ctx.id,
    orderNumber: formatProductionOrderNumber(ctx.sequence),
    status: 'PLANNED',
    productId: draft.product.id,
    product: draft.product,
    plannedQuantity: draft.plannedQuantity,
    actualQuantity: null,
    warehouseId: draft.warehouse.id,
    warehouse: draft.warehouse,
    plannedStartDate: draft.plannedStartDate ?? ctx.now,
    priority,
    salesOrderId: draft.salesOrder?.id ?? null,
    salesOrder: draft.salesOrder,
    lines: [output, ...inputs],
    startedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  };
}

export const inputLines = (order: ProductionOrder): ProductionOrderLine[] =>
  order.lines.filter((l) => l.lineType === 'INPUT');

const advance = (
  order: ProductionOrder,
  action: ProductionOrderAction,
  now: string,
  changes: Partial<ProductionOrder>,
): ProductionOrder => ({
  ...order,
  ...changes,
  status: assertCan(PRODUCTION_ORDER_TRANSITIONS, PRODUCTION_ORDER_RESOURCE, order.status, action),
  updatedAt: now,
  version: order.version + 1,
});

/** PLANNED -> IN_PROGRESS; nothing else is checked (design.md section 5). */
export const startProductionOrder = (order: ProductionOrder, now: string): ProductionOrder =>
  advance(order, 'start', now, { startedAt: now });

/** PLANNED or IN_PROGRESS -> CANCELLED; nothing was consumed yet, so nothing moves. */
export function cancelProductionOrder(
  order: ProductionOrder,
  now: string,
  reason: string | null = null,
): ProductionOrder {
  const trimmed = reason?.trim() || null;
  if (trimmed !== null && trimmed.length > MAX_CANCEL_REASON) {
    throw unprocessable(`The cancel reason must be at most ${MAX_CANCEL_REASON} characters`);
  }
  return advance(order, 'cancel', now, { cancelledAt: now, cancelReason: trimmed });
}

// What completing takes and costs, as planConsumption (consumption.ts) decides it.

/** Stock taken at one location (a positive quantity). */
export interface Take {
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  quantity: number;
}

export interface ConsumedLine {
  lineId: string;
  quantity: number;
  unitCost: number | null;
  totalCost: number;
  lots: LotQuantity[];
}

export interface Consumption {
  lines: ConsumedLine[];
  takes: Take[];
  /** The sum of every consumed unit's cost, unrounded. */
  totalCost: number;
  /** totalCost / the quantity produced, 4 dp. */
  outputUnitCost: number;
}

/** The status check of a completion, before anything is read for it (422 naming the actual status). */
export const assertCanComplete = (order: ProductionOrder): void => {
  assertCan(PRODUCTION_ORDER_TRANSITIONS, PRODUCTION_ORDER_RESOURCE, order.status, 'complete');
};

/**
 * IN_PROGRESS -> COMPLETED with what was consumed (planConsumption) and produced: the INPUT lines take
 * their actual quantities, costs and lots; the OUTPUT line the quantity produced, the rolled-up cost
 * (sum of consumed input costs / output quantity) and the lot minted, if any.
 */
export function completeProductionOrder(
  order: ProductionOrder,
  consumption: Consumption,
  output: { quantity: number; lot: { batchId: string; batchNumber: string } | null },
  now: string,
): ProductionOrder {
  const consumed = new Map(consumption.lines.map((l) => [l.lineId, l]));
  const lines = order.lines.map((line): ProductionOrderLine => {
    if (line.lineType === 'OUTPUT') {
      return {
        ...line,
        actualQuantity: output.quantity,
        unitCost: consumption.outputUnitCost,
        totalCost: line4(consumption.totalCost),
        lotsMinted: output.lot ? [{ ...output.lot, quantity: output.quantity }] : [],
      };
    }
    const used = consumed.get(line.id)!;
    return {
      ...line,
      actualQuantity: used.quantity,
      unitCost: used.unitCost,
      totalCost: used.totalCost,
      lotsConsumed: used.lots,
    };
  });
  return advance(order, 'complete', now, { lines, actualQuantity: output.quantity, completedAt: now });
}
