/**
 * The `data` of each event type as a JSON Schema (2020-12), member for member as the webhook body and
 * GET /events carry it. EventData (events.ts) is derived from these with json-schema-to-ts and the OpenAPI
 * document publishes them (schemas/events.ts), so the builders, the types and the document cannot drift.
 * Every object is closed: a member a builder adds without declaring it here fails tsc.
 */
import { BATCH_STATUSES } from './inventory/batch.js';
import { INVOICE_STATUSES } from './invoices/status.js';
import { PURCHASE_ORDER_STATUSES } from './purchase-orders/purchase-order.js';
import { SALES_ORDER_STATUSES } from './sales-orders/order.js';

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;

/** An object whose listed members are all present and the only ones. */
const record = <const P extends Record<string, object>>(properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties) as (keyof P & string)[],
    properties,
  }) as const;

/** Thin payloads: the record to fetch over the API, nothing else. */
const thin = record({ id: { type: 'string', description: 'The record to fetch over the API.' } });

const purchaseOrder = record({ id: str, orderNumber: str, supplierId: str });

const creditNote = {
  id: str,
  creditNoteNumber: str,
  customerId: str,
  invoiceId: { type: ['string', 'null'] },
  totalAmount: num,
  returnStock: { type: 'boolean' },
  warehouseId: { type: ['string', 'null'] },
} as const;

/** A credit note's approval or void: the invoice's status and balance after it follow when it is linked. */
const creditNoteChange = {
  oneOf: [
    record({
      ...creditNote,
      invoiceStatus: { enum: INVOICE_STATUSES, description: 'The linked invoice after the credit.' },
      invoiceBalanceDue: { ...num, description: 'The linked invoice after the credit.' },
    }),
    record(creditNote),
  ],
} as const;

export const EVENT_PAYLOAD_SCHEMAS = {
  'stock.level_changed': record({
    id: { type: 'string', description: "The product's id, the record to fetch over the API." },
    productId: str,
    warehouseId: str,
    quantityOnHand: { ...num, description: 'Warehouse totals after the change (every bin and lot).' },
    quantityReserved: num,
    quantityAvailable: num,
  }),
  'sales_order.created': thin,
  'sales_order.confirmed': thin,
  'sales_order.dispatched': record({
    id: str,
    orderNumber: str,
    status: { enum: SALES_ORDER_STATUSES },
    shippedDate: { type: ['string', 'null'] },
    shipment: {
      description:
        'The shipment dispatched; null when the order itself was dispatched (POST /sales-orders/{id}/dispatch).',
      anyOf: [record({ id: str, shipmentNumber: str }), { type: 'null' }],
    },
    lines: {
      type: 'array',
      description: 'What this dispatch shipped, per order line.',
      items: record({ soLineId: str, quantity: num }),
    },
  }),
  'sales_order.completed': record({ id: str, orderNumber: str, status: { enum: SALES_ORDER_STATUSES } }),
  'sales_order.cancelled': thin,
  'purchase_order.created': purchaseOrder,
  'purchase_order.approved': purchaseOrder,
  'purchase_order.received': record({
    id: str,
    receiptId: str,
    reference: str,
    status: { enum: PURCHASE_ORDER_STATUSES },
  }),
  'invoice.created': record({
    id: str,
    invoiceNumber: str,
    salesOrderId: str,
    customerId: str,
    totalAmount: num,
  }),
  'invoice.payment_recorded': record({
    id: str,
    invoiceNumber: str,
    paymentId: str,
    amount: num,
    status: { enum: INVOICE_STATUSES },
    balanceDue: num,
  }),
  'product.created': thin,
  'product.updated': thin,
  'customer.created': thin,
  'customer.updated': thin,
  'credit_note.approved': creditNoteChange,
  'credit_note.voided': creditNoteChange,
  'batch.status_changed': record({
    id: str,
    batchNumber: str,
    previousStatus: { enum: BATCH_STATUSES },
    newStatus: { enum: BATCH_STATUSES },
    productIds: { type: 'array', items: str },
  }),
} as const;
