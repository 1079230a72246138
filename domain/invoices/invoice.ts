/**
 * An invoice as the domain sees it, and its creation from a sales order (POST /sales-orders/{id}/invoice).
 * The invoice snapshots the order: the customer's currency (as a label, never converted), line and order
 * discounts, tax-exempt status (already in the order's tax rates) and the sale-unit snapshot. Money is
 * priced again for the billed quantities with the order's own pricing (line figures 4 dp, headers 2 dp).
 */
import type { Currency } from '../currency.js';
import { documentNumber } from '../document-number.js';
import { invalidReference, unprocessable } from '../errors.js';
import { roundQuantity } from '../inventory/stock.js';
import { header2, line4 } from '../money.js';
import type { ChargeType, SalesOrder, SalesOrderLine, SalesOrderStatus } from '../sales-orders/order.js';
import { orderTotals, priceLine, type OrderTotals } from '../sales-orders/pricing.js';
import { SALES_ORDER_RESOURCE } from '../sales-orders/status.js';
import { transitionRefused } from '../workflow/transitions.js';
import type { InvoiceStatus } from './status.js';

export const INVOICE_PREFIX = 'INV';
export const formatInvoiceNumber = (sequence: number): string => documentNumber(INVOICE_PREFIX, sequence);

/** Customer payment terms when the customer has none (design.md section 5). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** An order can be invoiced once confirmed ("CONFIRMED or later"); DRAFT and CANCELLED are refused. */
export const INVOICEABLE_ORDER_STATUSES: readonly SalesOrderStatus[] = [
  'CONFIRMED',
  'PICKING',
  'PACKED',
  'PARTIALLY_DISPATCHED',
  'DISPATCHED',
  'COMPLETED',
];

export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CREDIT_CARD', 'CASH', 'CHEQUE', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface Payment {
  id: string;
  /** Up to 4 decimals. */
  amount: number;
  paymentDate: string;
  method: PaymentMethod;
  reference: string | null;
  notes: string | null;
  createdAt: string;
}

export interface InvoiceLine {
  soLineId: string;
  productId: string;
  product: { sku: string; name: string };
  /** The quantity billed by this invoice (base units). */
  quantity: number;
  unitPrice: number;
  taxRate: number;
  discountPct: number | null;
  /** This invoice's share of the order line's money discount (pro-rated, see billedDiscountAmount); null when a percentage was used. */
  discountAmount: number | null;
  saleUomFactor: number | null;
  saleUomAbbrev: string | null;
  /** Net before tax, after the line discount (4 dp). */
  lineTotal: number;
  /** This line's share of the order-level discount (4 dp). */
  orderDiscount: number;
  taxAmount: number;
}

export interface InvoiceCharge {
  /** The order charge's id: the invoice bills it as a snapshot. */
  id: string;
  chargeType: ChargeType;
  description: string;
  amount: number;
  taxRate: number;
  taxAmount: number;
}

export interface Invoice extends OrderTotals {
  id: string;
  invoiceNumber: string;
  status: InvoiceStatus;
  customerId: string;
  customer: { id: string; code: string; name: string };
  salesOrder: { id: string; orderNumber: string };
  currency: Currency;
  invoiceDate: string;
  dueDate: string;
  lines: InvoiceLine[];
  charges: InvoiceCharge[];
  /** Sum of payment amounts (4 dp: payments may carry 4 decimals). */
  paidAmount: number;
  /** Sum of credit notes applied to the invoice (4 dp). */
  creditedAmount: number;
  /** totalAmount - paidAmount - creditedAmount, 2 dp; 0 once fully settled (<= 0.005 left). */
  balanceDue: number;
  /** Most recent paymentDate first (the 500 cap and paymentsTruncated are the renderer's). */
  payments: Payment[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface InvoiceRequest {
  /** Omitted or empty: every line bills its not-yet-invoiced balance. */
  lines?: { soLineId: string; quantity: number }[];
}

export interface InvoiceContext {
  id: string;
  sequence: number;
  now: string;
  /** The customer's payment terms; null means DEFAULT_PAYMENT_TERMS_DAYS. */
  paymentTermsDays: number | null;
  /** True when the order has no non-VOID invoice yet: the order's charges are billed in full on it. */
  firstInvoice: boolean;
}

export interface InvoiceDecision {
  invoice: Invoice;
  /** The order with each billed line's invoicedQty advanced (status unchanged; version + 1). */
  order: SalesOrder;
  /** The new invoicedQty of each line this invoice bills. */
  invoicedQty: { lineId: string; invoicedQty: number }[];
}

/** The smallest quantity difference the domain tells apart (quantities are kept to 6 decimals). */
const QTY_EPSILON = 1e-6;
const DAY_MS = 86_400_000;

export const settled = (balance: number): boolean => balance <= 0.005;

/** Remaining balance at 4 dp: total less what payments and credits already settled. */
export const remainingBalance = (invoice: Pick<Invoice, 'totalAmount' | 'paidAmount' | 'creditedAmount'>) =>
  line4(invoice.totalAmount - invoice.paidAmount - invoice.creditedAmount);

/**
 * What is still due, to the cent. A settled invoice (0.005 or less left, or overpaid within the payment
 * tolerance) shows 0, so a PAID invoice never reports a cent due nor a negative balance.
 */
export function balanceDueOf(
  invoice: Pick<Invoice, 'totalAmount' | 'paidAmount' | 'creditedAmount'>,
): number {
  const remaining = remainingBalance(invoice);
  return settled(remaining) ? 0 : header2(remaining);
}

export function dueDateOf(invoiceDate: string, paymentTermsDays: number | null): string {
  const days = paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
  return new Date(Date.parse(invoiceDate) + days * DAY_MS).toISOString();
}

const productOf = (line: SalesOrderLine) => `${line.product.name} (${line.product.sku})`;

/** What a line bills when the request names no lines. */
function defaultBalance(order: SalesOrder, line: SalesOrderLine): number {
  const billable =
    order.status === 'PARTIALLY_DISPATCHED' && !line.isServiceLine ? line.dispatchedQty : line.quantity;
  return roundQuantity(Math.max(0, billable - line.invoicedQty));
}

/** The quantities asked for, summed per line, each checked against the ordered quantity (cumulative). */
function requestedQuantities(order: SalesOrder, lines: NonNullable<InvoiceRequest['lines']>) {
  const requested = new Map<string, number>();
  lines.forEach((line, i) => {
    const orderLine = order.lines.find((l) => l.id === line.soLineId);
    if (!orderLine) throw invalidReference(`lines[${i}].soLineId`, 'line of this sales order');
    if (!(line.quantity > 0)) throw unprocessable(`lines[${i}].quantity must be greater than 0`);
    const total = roundQuantity((requested.get(line.soLineId) ?? 0) + line.quantity);
    const after = roundQuantity(orderLine.invoicedQty + total);
    if (after > orderLine.quantity + QTY_EPSILON) {
      throw unprocessable(
        `lines[${i}].quantity: invoicing ${total} of ${productOf(orderLine)} would bring it to ${after} invoiced of ${orderLine.quantity} ordered (${orderLine.invoicedQty} already invoiced)`,
      );
    }
    requested.set(line.soLineId, total);
  });
  return requested;
}

/**
 * The part of the order line's money discount this invoice carries. Pro-rated by quantity, cumulatively:
 * this invoice gets D x (invoiced after) / Q less D x (invoiced before) / Q, each rounded to 4 dp, so the
 * invoices of a fully invoiced line add up to the line's discount exactly (no rounding drift), and a
 * single invoice of the whole line carries D itself.
 */
export function billedDiscountAmount(line: SalesOrderLine, quantity: number): number | null {
  if (line.discountAmount === null) return null;
  const share = (qty: number) => line4((line.discountAmount! * qty) / line.quantity);
  const amount = line4(share(line.invoicedQty + quantity) - share(line.invoicedQty));
  return Math.min(amount, line4(quantity * line.unitPrice));
}

function billLine(order: SalesOrder, line: SalesOrderLine, quantity: number, index: number): InvoiceLine {
  const priced = priceLine(
    {
      quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      discountPct: line.discountPct,
      discountAmount: billedDiscountAmount(line, quantity),
    },
    order.discountPct ?? 0,
    order.taxExempt,
    `lines[${index}]`,
  );
  return {
    soLineId: line.id,
    productId: line.productId,
    product: { sku: line.product.sku, name: line.product.name },
    quantity,
    unitPrice: line.unitPrice,
    // An amount line reports its pro-rated amount and the percentage derived from it.
    ...priced,
    saleUomFactor: line.saleUomFactor,
    saleUomAbbrev: line.saleUomAbbrev,
  };
}

/**
 * Bills an order (spec: Endpoints > Sales orders, invoice). DRAFT and CANCELLED orders are refused naming
 * the status; a fully invoiced order is refused; named lines must belong to the order, ask for more than 0
 * and never take a line's invoiced quantity past its ordered quantity. Without lines, each line bills its
 * not-yet-invoiced balance: ordered quantity, or dispatched quantity for a stocked line of a
 * PARTIALLY_DISPATCHED order (service lines always bill in full). Lines with nothing to bill are left off.
 */
export function newInvoiceFromOrder(
  order: SalesOrder,
  request: InvoiceRequest | undefined,
  ctx: InvoiceContext,
): InvoiceDecision {
  if (!INVOICEABLE_ORDER_STATUSES.includes(order.status)) {
    throw transitionRefused(SALES_ORDER_RESOURCE, order.status, 'invoice', INVOICEABLE_ORDER_STATUSES);
  }
  if (order.lines.every((l) => l.invoicedQty >= l.quantity - QTY_EPSILON)) {
    throw unprocessable(`Sales order ${order.orderNumber} is fully invoiced`);
  }
  const named = request?.lines && request.lines.length > 0 ? request.lines : null;
  const requested = named ? requestedQuantities(order, named) : null;
  const billed: { line: SalesOrderLine; quantity: number }[] = [];
  for (const line of order.lines) {
    const quantity = requested ? (requested.get(line.id) ?? 0) : defaultBalance(order, line);
    if (quantity > 0) billed.push({ line, quantity });
  }
  if (billed.length === 0) {
    throw unprocessable(
      `Nothing to invoice on sales order ${order.orderNumber}: no dispatched quantity is waiting to be invoiced`,
    );
  }
  const lines = billed.map(({ line, quantity }, i) => billLine(order, line, quantity, i));
  const charges: InvoiceCharge[] = ctx.firstInvoice
    ? order.charges.map((c) => ({
        id: c.id,
        chargeType: c.chargeType,
        description: c.description,
        amount: c.amount,
        taxRate: c.taxRate,
        taxAmount: c.taxAmount,
      }))
    : [];
  const totals = orderTotals(lines, charges);
  const invoicedQty = billed.map(({ line, quantity }) => ({
    lineId: line.id,
    invoicedQty: roundQuantity(line.invoicedQty + quantity),
  }));
  const after = new Map(invoicedQty.map((x) => [x.lineId, x.invoicedQty]));
  const invoice: Invoice = {
    id: ctx.id,
    invoiceNumber: formatInvoiceNumber(ctx.sequence),
    status: 'DRAFT',
    customerId: order.customerId,
    customer: { ...order.customer },
    salesOrder: { id: order.id, orderNumber: order.orderNumber },
    currency: order.currency,
    invoiceDate: ctx.now,
    dueDate: dueDateOf(ctx.now, ctx.paymentTermsDays),
    lines,
    charges,
    ...totals,
    paidAmount: 0,
    creditedAmount: 0,
    balanceDue: totals.totalAmount,
    payments: [],
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  };
  return {
    invoice,
    order: {
      ...order,
      lines: order.lines.map((l) => (after.has(l.id) ? { ...l, invoicedQty: after.get(l.id)! } : l)),
      updatedAt: ctx.now,
      version: order.version + 1,
    },
    invoicedQty,
  };
}
