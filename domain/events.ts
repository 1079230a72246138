import type { BatchStatus } from './inventory/batch.js';
import type { InvoiceStatus } from './invoices/status.js';
import type { PurchaseOrderStatus } from './purchase-orders/purchase-order.js';
import type { SalesOrderStatus } from './sales-orders/order.js';

/** The event catalogue of the spec (document 1, Events). */
export const EVENT_TYPES = [
  'stock.level_changed',
  'sales_order.created',
  'sales_order.confirmed',
  'sales_order.dispatched',
  'sales_order.completed',
  'sales_order.cancelled',
  'purchase_order.created',
  'purchase_order.approved',
  'purchase_order.received',
  'invoice.created',
  'invoice.payment_recorded',
  'product.created',
  'product.updated',
  'customer.created',
  'customer.updated',
  'credit_note.approved',
  'credit_note.voided',
  'batch.status_changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The `data` of each event type, member for member as the webhook body and GET /events carry it (the
 * builders in each aggregate's events.ts write the members in this order). One entry per catalogue string,
 * which a type test holds to EVENT_TYPES; plain object types throughout, so a later generator can derive
 * one published JSON Schema per event from this map.
 */
export interface EventData {
  'stock.level_changed': {
    /** The product's id, for the thin-payload rule that data.id names the record to fetch. */
    id: string;
    productId: string;
    warehouseId: string;
    /** Warehouse totals after the change (every bin and lot). */
    quantityOnHand: number;
    quantityReserved: number;
    quantityAvailable: number;
  };
  'sales_order.created': { id: string };
  'sales_order.confirmed': { id: string };
  'sales_order.dispatched': {
    id: string;
    orderNumber: string;
    status: SalesOrderStatus;
    shippedDate: string | null;
    /** The shipment dispatched; null when the order itself was dispatched (POST /sales-orders/{id}/dispatch). */
    shipment: { id: string; shipmentNumber: string } | null;
    /** What this dispatch shipped, per order line. */
    lines: { soLineId: string; quantity: number }[];
  };
  'sales_order.completed': { id: string; orderNumber: string; status: SalesOrderStatus };
  'sales_order.cancelled': { id: string };
  'purchase_order.created': { id: string; orderNumber: string; supplierId: string };
  'purchase_order.approved': { id: string; orderNumber: string; supplierId: string };
  'purchase_order.received': {
    id: string;
    receiptId: string;
    reference: string;
    status: PurchaseOrderStatus;
  };
  'invoice.created': {
    id: string;
    invoiceNumber: string;
    salesOrderId: string;
    customerId: string;
    totalAmount: number;
  };
  'invoice.payment_recorded': {
    id: string;
    invoiceNumber: string;
    paymentId: string;
    amount: number;
    status: InvoiceStatus;
    balanceDue: number;
  };
  'product.created': { id: string };
  'product.updated': { id: string };
  'customer.created': { id: string };
  'customer.updated': { id: string };
  'credit_note.approved': CreditNoteEventData;
  'credit_note.voided': CreditNoteEventData;
  'batch.status_changed': {
    id: string;
    batchNumber: string;
    previousStatus: BatchStatus;
    newStatus: BatchStatus;
    productIds: string[];
  };
}

/** A credit note's approval or void: the invoice's status and balance after it follow when it is linked. */
export type CreditNoteEventData = {
  id: string;
  creditNoteNumber: string;
  customerId: string;
  invoiceId: string | null;
  totalAmount: number;
  returnStock: boolean;
  warehouseId: string | null;
} & (
  | { invoiceStatus: InvoiceStatus; invoiceBalanceDue: number }
  | { invoiceStatus?: never; invoiceBalanceDue?: never }
);

/** An event as a write journals it: its type and the data of exactly that type. */
export type Event<T extends EventType = EventType> = { [K in T]: { event: K; data: EventData[K] } }[T];

/** The one way to make an event: tsc refuses an unknown type, and data missing or mistyping a member. */
export const event = <T extends EventType>(type: T, data: EventData[T]): Event<T> =>
  // Correct by construction; tsc cannot see that one T picks the same member of the mapped union.
  ({ event: type, data }) as Event<T>;

/** A domain event as queued in the outbox; the webhook body is built from it unchanged. */
export interface DomainEvent {
  id: string;
  event: EventType;
  occurredAt: string;
  orgId: string;
  data: { id: string } & Record<string, unknown>;
}
