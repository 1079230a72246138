/**
 * A purchase order as the domain sees it (spec: Purchase order; design.md section 5), and its creation:
 * references checked against facts the caller loaded, lines priced with the sales-order money rules
 * (quantity x unitPrice, no discounts: lineTotal 4 dp, tax per line on its net, headers 2 dp), the
 * number, ids and instant passed in. Quantities and `unitPrice` are per base unit; the purchase-unit
 * fields are a display snapshot.
 */
import { documentNumber } from '../document-number.js';
import { invalidReference } from '../errors.js';
import { orderTotals, priceLine } from '../sales-orders/pricing.js';
import type { Currency } from '../currency.js';

export const PURCHASE_ORDER_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'APPROVED',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Statuses in which an order still holds its products (Product isActive: deactivation is 409 then). */
export const OPEN_PURCHASE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = PURCHASE_ORDER_STATUSES.filter(
  (s) => s !== 'COMPLETED' && s !== 'CANCELLED',
);
export const isOpenPurchaseOrderStatus = (status: PurchaseOrderStatus): boolean =>
  OPEN_PURCHASE_ORDER_STATUSES.includes(status);

export const PURCHASE_ORDER_SORTS = [
  'orderNumber',
  'orderDate',
  'totalAmount',
  'createdAt',
  'updatedAt',
] as const;
export type PurchaseOrderSort = (typeof PURCHASE_ORDER_SORTS)[number];

export const MAX_PURCHASE_ORDER_LINES = 100;
/** Goods-receipt summaries shown on the detail, newest first (receiptsTruncated / receiptsTotal beyond). */
export const PURCHASE_ORDER_RECEIPTS_CAP = 100;

export const PURCHASE_ORDER_PREFIX = 'PO';
export const formatPurchaseOrderNumber = (sequence: number): string =>
  documentNumber(PURCHASE_ORDER_PREFIX, sequence);

export interface PurchaseOrderInput {
  supplierId: string;
  expectedDate?: string | null;
  notes?: string | null;
  warehouseId?: string | null;
  shipToLocationId?: string | null;
  lines: {
    /** Sent by some clients; ignored (lines get fresh ids). */
    id?: string | null;
    productId: string;
    quantity: number;
    unitPrice: number;
    taxRate?: number;
    purchaseUomFactor?: number | null;
    purchaseUomAbbrev?: string | null;
  }[];
}

export interface PurchaseOrderLine {
  id: string;
  sortOrder: number;
  productId: string;
  product: { id: string; sku: string; name: string };
  /** Base units ordered. */
  quantity: number;
  /** Base units received so far (goods receipts raise it; over-receipt allowed). */
  receivedQty: number;
  /** Per base unit. */
  unitPrice: number;
  taxRate: number;
  /** quantity x unitPrice, 4 dp. */
  lineTotal: number;
  taxAmount: number;
  purchaseUomFactor: number | null;
  purchaseUomAbbrev: string | null;
}

export interface PurchaseOrder {
  id: string;
  orderNumber: string;
  status: PurchaseOrderStatus;
  supplierId: string;
  /** Snapshot at create (list search matches its name). */
  supplier: { id: string; code: string; name: string };
  warehouseId: string | null;
  shipToLocationId: string | null;
  orderDate: string;
  expectedDate: string | null;
  /** Stamped when the order becomes RECEIVED (every line fully received). */
  receivedDate: string | null;
  /** The supplier's currency at create. */
  currency: Currency;
  notes: string | null;
  lines: PurchaseOrderLine[];
  subtotal: number;
  taxTotal: number;
  totalAmount: number;
  /** Goods receipts recorded against the order (receipts raise it with the order's write). */
  receiptCount: number;
  submittedAt: string | null;
  approvedAt: string | null;
  cancelledAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A goods receipt as summarised on the order's detail (the receipt record holds more: its lines). */
export interface GoodsReceiptSummary {
  id: string;
  /** GR-000001 ... */
  reference: string;
  receivedAt: string;
  warehouseId: string;
  notes: string | null;
  lineCount: number;
  /** Base units received over every line of the receipt. */
  totalQuantity: number;
}

/** What creation needs to know about the records the body references (absent: not in the organisation). */
export interface PurchaseOrderFacts {
  supplier?: { id: string; code: string; name: string; isActive: boolean; currency: Currency };
  warehouse?: { isActive: boolean };
  /** The ship-to location when it is one of the supplier's locations. */
  shipToLocation?: { id: string };
  products: Map<string, { sku: string; name: string; isActive: boolean }>;
}

/** Every reference of the body must be in the organisation and usable (422 invalid_reference). */
function checkReferences(
  input: PurchaseOrderInput,
  facts: PurchaseOrderFacts,
): NonNullable<PurchaseOrderFacts['supplier']> {
  const supplier = facts.supplier;
  if (!supplier || !supplier.isActive) throw invalidReference('supplierId', 'active supplier');
  if (input.warehouseId && !facts.warehouse?.isActive)
    throw invalidReference('warehouseId', 'active warehouse');
  if (input.shipToLocationId && facts.shipToLocation?.id !== input.shipToLocationId)
    throw invalidReference('shipToLocationId', "location of the order's supplier");
  input.lines.forEach((line, i) => {
    if (!facts.products.get(line.productId)?.isActive)
      throw invalidReference(`lines[${i}].productId`, 'active product');
  });
  return supplier;
}

export function newPurchaseOrder(
  input: PurchaseOrderInput,
  facts: PurchaseOrderFacts,
  context: { id: string; sequence: number; now: string; newId: () => string },
): PurchaseOrder {
  const supplier = checkReferences(input, facts);
  const lines: PurchaseOrderLine[] = input.lines.map((line, i) => {
    const product = facts.products.get(line.productId)!;
    const { lineTotal, taxAmount, taxRate } = priceLine(
      { quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? 0 },
      0,
      false,
      `lines[${i}]`,
    );
    return {
      id: context.newId(),
      sortOrder: i + 1,
      productId: line.productId,
      product: { id: line.productId, sku: product.sku, name: product.name },
      quantity: line.quantity,
      receivedQty: 0,
      unitPrice: line.unitPrice,
      taxRate,
      lineTotal,
      taxAmount,
      purchaseUomFactor: line.purchaseUomFactor ?? null,
      purchaseUomAbbrev: line.purchaseUomAbbrev ?? null,
    };
  });
  const { subtotal, taxTotal, totalAmount } = orderTotals(
    lines.map((l) => ({ lineTotal: l.lineTotal, orderDiscount: 0, taxAmount: l.taxAmount })),
    [],
  );
  return {
    id: context.id,
    orderNumber: formatPurchaseOrderNumber(context.sequence),
    status: 'DRAFT',
    supplierId: supplier.id,
    supplier: { id: supplier.id, code: supplier.code, name: supplier.name },
    warehouseId: input.warehouseId ?? null,
    shipToLocationId: input.shipToLocationId ?? null,
    orderDate: context.now,
    expectedDate: input.expectedDate ?? null,
    receivedDate: null,
    currency: supplier.currency,
    notes: input.notes ?? null,
    lines,
    subtotal,
    taxTotal,
    totalAmount,
    receiptCount: 0,
    submittedAt: null,
    approvedAt: null,
    cancelledAt: null,
    completedAt: null,
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
  };
}

/** The distinct products an order's lines hold (each counts once towards the product's open orders). */
export const productIdsOf = (order: Pick<PurchaseOrder, 'lines'>): string[] => [
  ...new Set(order.lines.map((l) => l.productId)),
];
