/**
 * A sales order as the domain sees it, and its creation: references checked against facts the caller
 * loaded, money priced (pricing.ts), the number, ids and instant passed in. Creating touches no stock
 * and no credit.
 */
import type { Address } from '../customers/addresses.js';
import type { Currency } from '../currency.js';
import { invalidReference } from '../errors.js';
import type { ProductType } from '../products/product.js';
import { orderTotals, priceCharge, priceLine, type OrderTotals } from './pricing.js';

export const SALES_ORDER_STATUSES = [
  'DRAFT',
  'CONFIRMED',
  'PICKING',
  'PACKED',
  'PARTIALLY_DISPATCHED',
  'DISPATCHED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

/** Statuses in which an order still holds its products (neither COMPLETED nor CANCELLED). */
export const OPEN_ORDER_STATUSES: readonly SalesOrderStatus[] = SALES_ORDER_STATUSES.filter(
  (s) => s !== 'COMPLETED' && s !== 'CANCELLED',
);

export const SALES_ORDER_SORTS = [
  'orderDate',
  'orderNumber',
  'totalAmount',
  'createdAt',
  'updatedAt',
] as const;
export type SalesOrderSort = (typeof SALES_ORDER_SORTS)[number];

export const CHARGE_TYPES = ['FREIGHT', 'HANDLING', 'INSURANCE', 'SURCHARGE', 'OTHER'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

export const MAX_ORDER_LINES = 100;
export const MAX_ORDER_CHARGES = 20;

export const formatOrderNumber = (sequence: number): string => `SO-${String(sequence).padStart(6, '0')}`;

export interface SalesOrderInput {
  customerId: string;
  requiredDate?: string | null;
  notes?: string | null;
  warehouseId?: string | null;
  assignedToId?: string | null;
  shipToAddressId?: string | null;
  billToAddressId?: string | null;
  /** Omitted: the customer's standing discount; explicit null: none. */
  discountPct?: number | null;
  lines: {
    productId: string;
    quantity: number;
    unitPrice: number;
    taxRate?: number;
    discountPct?: number | null;
    discountAmount?: number | null;
    saleUomFactor?: number | null;
    saleUomAbbrev?: string | null;
  }[];
  charges?: { chargeType: ChargeType; description: string; amount: number; taxRate?: number }[];
}

export interface SalesOrderLine {
  id: string;
  sortOrder: number;
  productId: string;
  product: { id: string; sku: string; name: string };
  /** NON_STOCKED products are service lines: never checked, reserved, picked or restocked. */
  isServiceLine: boolean;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  discountPct: number | null;
  discountAmount: number | null;
  saleUomFactor: number | null;
  saleUomAbbrev: string | null;
  lineTotal: number;
  orderDiscount: number;
  taxAmount: number;
  pickedQty: number;
  packedQty: number;
  dispatchedQty: number;
  invoicedQty: number;
  /** Serial numbers allocated to the line by picking (ALLOCATED until dispatch sells them). */
  serialNumberIds: string[];
}

export interface SalesOrderCharge {
  id: string;
  chargeType: ChargeType;
  description: string;
  amount: number;
  taxRate: number;
  taxAmount: number;
}

export type OrderAddress = Omit<
  Address,
  'isDefaultShipping' | 'isDefaultBilling' | 'createdAt' | 'updatedAt'
>;

/**
 * Stock that belongs to one order line at one location: reserved for it (confirm) or taken off the shelf
 * for it (pick, returned there by a cancel). Lots carry their number for the line's `lots`.
 */
export interface LineStock {
  lineId: string;
  productId: string;
  warehouseId: string;
  binId: string | null;
  batchId: string | null;
  batchNumber: string | null;
  quantity: number;
}

/** Stock held for one order line at one location until it is picked. */
export type Reservation = LineStock;

export type PickedStock = LineStock;

/**
 * A shipment of the order not yet dispatched (domain/shipments), kept on the order so that creating a
 * shipment, picking it and cancelling the order decide on the order item they write, version-conditioned:
 * `lines` are the quantities it claims, `picked` whether picking already counted them in `pickedQty`.
 */
export interface OpenShipment {
  id: string;
  shipmentNumber: string;
  picked: boolean;
  lines: { soLineId: string; quantity: number }[];
}

export interface SalesOrder extends OrderTotals {
  id: string;
  orderNumber: string;
  status: SalesOrderStatus;
  customerId: string;
  customer: { id: string; code: string; name: string };
  currency: Currency;
  orderDate: string;
  requiredDate: string | null;
  shippedDate: string | null;
  notes: string | null;
  warehouseId: string | null;
  assignedToId: string | null;
  shipToAddress: OrderAddress | null;
  billToAddress: OrderAddress | null;
  discountPct: number | null;
  taxExempt: boolean;
  lines: SalesOrderLine[];
  charges: SalesOrderCharge[];
  /** Outstanding reservations per line and location (set by confirm, drawn down by picking). */
  reservations: Reservation[];
  picks: PickedStock[];
  cancelReason: string | null;
  cancelledAt: string | null;
  confirmedAt: string | null;
  /** How many non-VOID invoices bill the order (absent on orders never invoiced: 0). */
  activeInvoiceCount?: number | null;
  /** Shipments created and not yet dispatched (absent on orders never shipped that way: none). */
  openShipments?: OpenShipment[] | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** What creation needs to know about the records the body references (absent: not in the organisation). */
export interface OrderFacts {
  customer?: {
    id: string;
    code: string;
    name: string;
    isActive: boolean;
    currency: Currency;
    discountPct: number | null;
    taxExempt: boolean;
    salesRepId: string | null;
    addresses: Address[];
  };
  warehouse?: { isActive: boolean };
  assignedTo?: { isActive: boolean };
  products: Map<string, { sku: string; name: string; isActive: boolean; productType: ProductType }>;
}

const toOrderAddress = ({
  isDefaultShipping: _s,
  isDefaultBilling: _b,
  createdAt: _c,
  updatedAt: _u,
  ...address
}: Address): OrderAddress => address;

function addressOf(facts: OrderFacts, field: string, id: string | null | undefined): OrderAddress | null {
  if (id === undefined || id === null) return null;
  const found = facts.customer?.addresses.find((a) => a.id === id);
  if (!found) throw invalidReference(field, "address of the order's customer");
  return toOrderAddress(found);
}

/** Every reference of the body must be in the organisation and active (422 invalid_reference). */
function checkReferences(input: SalesOrderInput, facts: OrderFacts): NonNullable<OrderFacts['customer']> {
  const customer = facts.customer;
  if (!customer || !customer.isActive) throw invalidReference('customerId', 'active customer');
  if (input.warehouseId && !facts.warehouse?.isActive)
    throw invalidReference('warehouseId', 'active warehouse');
  if (input.assignedToId && !facts.assignedTo?.isActive)
    throw invalidReference('assignedToId', 'active sales rep');
  input.lines.forEach((line, i) => {
    if (!facts.products.get(line.productId)?.isActive)
      throw invalidReference(`lines[${i}].productId`, 'active product');
  });
  return customer;
}

export function newSalesOrder(
  input: SalesOrderInput,
  facts: OrderFacts,
  context: { id: string; sequence: number; now: string; newId: () => string },
): SalesOrder {
  const customer = checkReferences(input, facts);
  const shipToAddress = addressOf(facts, 'shipToAddressId', input.shipToAddressId);
  const billToAddress = addressOf(facts, 'billToAddressId', input.billToAddressId);
  const discountPct = input.discountPct === undefined ? customer.discountPct : input.discountPct;
  const lines: SalesOrderLine[] = input.lines.map((line, i) => {
    const product = facts.products.get(line.productId)!;
    const priced = priceLine(
      { ...line, taxRate: line.taxRate ?? 0 },
      discountPct ?? 0,
      customer.taxExempt,
      `lines[${i}]`,
    );
    return {
      id: context.newId(),
      sortOrder: i + 1,
      productId: line.productId,
      product: { id: line.productId, sku: product.sku, name: product.name },
      isServiceLine: product.productType === 'NON_STOCKED',
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      ...priced,
      saleUomFactor: line.saleUomFactor ?? null,
      saleUomAbbrev: line.saleUomAbbrev ?? null,
      pickedQty: 0,
      packedQty: 0,
      dispatchedQty: 0,
      invoicedQty: 0,
      serialNumberIds: [],
    };
  });
  const charges: SalesOrderCharge[] = (input.charges ?? []).map((charge) => ({
    id: context.newId(),
    chargeType: charge.chargeType,
    description: charge.description,
    amount: charge.amount,
    ...priceCharge({ amount: charge.amount, taxRate: charge.taxRate ?? 0 }, customer.taxExempt),
  }));
  return {
    id: context.id,
    orderNumber: formatOrderNumber(context.sequence),
    status: 'DRAFT',
    customerId: customer.id,
    customer: { id: customer.id, code: customer.code, name: customer.name },
    currency: customer.currency,
    orderDate: context.now,
    requiredDate: input.requiredDate ?? null,
    shippedDate: null,
    notes: input.notes ?? null,
    warehouseId: input.warehouseId ?? null,
    assignedToId: input.assignedToId ?? customer.salesRepId,
    shipToAddress,
    billToAddress,
    discountPct,
    taxExempt: customer.taxExempt,
    lines,
    charges,
    ...orderTotals(lines, charges),
    reservations: [],
    picks: [],
    cancelReason: null,
    cancelledAt: null,
    confirmedAt: null,
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
  };
}
