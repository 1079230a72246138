import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EventType } from '../../domain/events.js';
import { createCreditNoteCommand } from '../../functions/areas/credit-notes/steps/create.js';
import {
  approveCreditNoteCommand,
  voidCreditNoteCommand,
} from '../../functions/areas/credit-notes/steps/transitions.js';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { packSalesOrder } from '../../functions/areas/sales-orders/steps/pack.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { pickShipment } from '../../functions/areas/shipments/steps/pick.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { handleStreamRecords } from '../../functions/platform/events/publisher.js';
import { inProcessBus } from '../../infra/local/in-process-bus.js';
import { EVENT_SCHEMA_NAMES } from '../../schemas/events.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { approvedOrder, receive } from '../support/goods-receipts.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';
import { outboxStreamRecords } from '../support/outbox.js';
import { schemaErrors } from '../support/response-schema.js';
import { advance, draftPurchaseOrder, purchaseSetup } from '../support/purchase-orders.js';
import { startReceiver } from '../support/receiver.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';
import { admin, confirmedShippingOrder, packShipment, shippingSetup } from '../support/shipments.js';

/**
 * The webhook body of every catalogue event, as a subscriber to "*" receives it: each flow is driven
 * through the API or the back office, the outbox published and the deliveries dispatched to a loopback
 * receiver. Bodies are compared whole; only generated ids and instants are matched loosely. Key order is
 * not asserted: the event makes a round trip through a DynamoDB map (the outbox, then the delivery), which
 * does not keep it.
 */
const bus = inProcessBus({ send: async () => undefined });
let t: Tenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const seen = new Set<EventType>();

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = '1';
  [t, receiver] = await Promise.all([newTenant('Event payloads org'), startReceiver(() => 200)]);
  const hook = await call('POST', '/webhooks', { key: t.key, body: { url: receiver.url, events: ['*'] } });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
  await receiver.close();
});

const anyInstant = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

/** Publishes the outbox, sends what is due, and returns the raw body of `event` about record `id`. */
async function delivered(event: EventType, id: string): Promise<string> {
  await handleStreamRecords(await outboxStreamRecords(t.orgId), bus);
  await dispatchDue({ orgId: t.orgId });
  const bodies = receiver.received
    .map((r) => r.raw)
    .filter((raw) => {
      const body = JSON.parse(raw) as { event: string; data: { id: string } };
      return body.event === event && body.data.id === id;
    });
  expect(bodies, `${event} for ${id}`).toHaveLength(1);
  return bodies[0]!;
}

/**
 * Asserts the webhook body of `event` about `id`: the envelope and `data`, every member and value, and that
 * it matches the published schema of its type (and the union GET /events declares).
 */
async function expectPayload(event: EventType, id: string, data: Record<string, unknown>) {
  const body = JSON.parse(await delivered(event, id)) as unknown;
  expect(schemaErrors(EVENT_SCHEMA_NAMES[event], body), `${event} against its schema`).toEqual([]);
  expect(schemaErrors('EventEnvelope', body), `${event} against EventEnvelope`).toEqual([]);
  const expected = {
    id: expect.stringMatching(/^evt_/),
    event,
    occurredAt: anyInstant,
    orgId: t.orgId,
    data,
  };
  expect(body).toEqual(expected);
  seen.add(event);
}

describe('webhook payload of each event type', () => {
  it('product.created, product.updated', async () => {
    const p = await product(t);
    await expectPayload('product.created', p.id, { id: p.id });
    expect((await call('PUT', `/products/${p.id}`, { key: t.key, body: { defaultPrice: 6 } })).status).toBe(
      200,
    );
    await expectPayload('product.updated', p.id, { id: p.id });
  });

  it('customer.created, customer.updated', async () => {
    const c = await customer(t);
    await expectPayload('customer.created', c.id, { id: c.id });
    const res = await call('PUT', `/customers/${c.id}`, { key: t.key, body: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    await expectPayload('customer.updated', c.id, { id: c.id });
  });

  it('stock.level_changed', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    expect((await adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 12.5 }])).status).toBe(
      201,
    );
    await expectPayload('stock.level_changed', p.id, {
      id: p.id,
      productId: p.id,
      warehouseId: w.id,
      quantityOnHand: 12.5,
      quantityReserved: 0,
      quantityAvailable: 12.5,
    });
  });

  it('sales_order.created, sales_order.confirmed, sales_order.cancelled', async () => {
    const [c, w, p] = await Promise.all([customer(t), warehouse(t), product(t)]);
    await adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 5 }]);
    const order = await draftOrder(t, [{ productId: p.id, quantity: 2 }], {
      customerId: c.id,
      warehouseId: w.id,
    });
    await expectPayload('sales_order.created', order.id, { id: order.id });
    await confirmOrder(t, order.id);
    await expectPayload('sales_order.confirmed', order.id, { id: order.id });
    expect((await call('POST', `/sales-orders/${order.id}/cancel`, { key: t.key })).status).toBe(200);
    await expectPayload('sales_order.cancelled', order.id, { id: order.id });
  });

  it('sales_order.dispatched and sales_order.completed, order dispatched whole', async () => {
    const order = await confirmedOrder(t);
    await pickSalesOrder({ orgId: t.orgId, id: order.id });
    await packSalesOrder({ orgId: t.orgId, id: order.id });
    expect((await call('POST', `/sales-orders/${order.id}/dispatch`, { key: t.key })).status).toBe(200);
    await expectPayload('sales_order.dispatched', order.id, {
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'DISPATCHED',
      shippedDate: anyInstant,
      shipment: null,
      lines: [
        { soLineId: order.lines[0]!.id, quantity: 3 },
        { soLineId: order.lines[1]!.id, quantity: 1 },
      ],
    });
    await invoiced(t, order.id);
    expect((await call('POST', `/sales-orders/${order.id}/complete`, { key: t.key })).status).toBe(200);
    await expectPayload('sales_order.completed', order.id, {
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'COMPLETED',
    });
  });

  it('sales_order.dispatched, by a shipment', async () => {
    const s = await shippingSetup(t);
    const order = await confirmedShippingOrder(t, s, { plain: 4 });
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    await pickShipment({ orgId: t.orgId, id: shipment.id });
    expect((await packShipment(t, shipment.id)).status).toBe(200);
    const res = await call('POST', `/shipments/${shipment.id}/dispatch`, { key: t.key });
    expect(res.status).toBe(200);
    await expectPayload('sales_order.dispatched', order.id, {
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'DISPATCHED',
      shippedDate: anyInstant,
      shipment: { id: shipment.id, shipmentNumber: shipment.shipmentNumber },
      lines: [{ soLineId: order.lines[0]!.id, quantity: 4 }],
    });
  });

  it('purchase_order.created, purchase_order.approved', async () => {
    const setup = await purchaseSetup(t);
    const order = await draftPurchaseOrder(t, setup);
    const data = { id: order.id, orderNumber: order.orderNumber, supplierId: setup.supplier.id };
    await expectPayload('purchase_order.created', order.id, data);
    await advance(t, order.id, 'submit', 'approve');
    await expectPayload('purchase_order.approved', order.id, data);
  });

  it('purchase_order.received', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 10, unitPrice: 2 }]);
    const res = await receive(t, order.id, {
      warehouseId: w.id,
      lines: [{ poLineId: order.lines[0]!.id, productId: p.id, quantity: 4 }],
    });
    expect(res.status).toBe(201);
    await expectPayload('purchase_order.received', order.id, {
      id: order.id,
      receiptId: res.body.id,
      reference: res.body.reference,
      status: 'PARTIALLY_RECEIVED',
    });
  });

  it('invoice.created, invoice.payment_recorded', async () => {
    const order = await confirmedOrder(t);
    const invoice = await invoiced(t, order.id);
    await expectPayload('invoice.created', invoice.id, {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      salesOrderId: order.id,
      customerId: order.customer.id,
      totalAmount: 55,
    });
    await sendInvoice({ orgId: t.orgId, id: invoice.id });
    const paid = await call('POST', `/invoices/${invoice.id}/payments`, {
      key: t.key,
      body: { amount: 20, currency: 'NZD', method: 'CASH' },
    });
    expect(paid.status).toBe(201);
    await expectPayload('invoice.payment_recorded', invoice.id, {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      paymentId: paid.body.id,
      amount: 20,
      status: 'PARTIALLY_PAID',
      balanceDue: 35,
    });
  });

  it('credit_note.approved, credit_note.voided', async () => {
    const order = await confirmedOrder(t);
    const invoice = await invoiced(t, order.id);
    const sent = await sendInvoice({ orgId: t.orgId, id: invoice.id });
    const note = await createCreditNoteCommand({
      orgId: t.orgId,
      customerId: order.customer.id,
      invoiceId: invoice.id,
      returnStock: false,
      lines: [{ productId: sent.lines[0]!.productId, quantity: 1, unitPrice: 10 }],
    });
    const data = {
      id: note.id,
      creditNoteNumber: note.creditNoteNumber,
      customerId: order.customer.id,
      invoiceId: invoice.id,
      totalAmount: note.totalAmount,
      returnStock: false,
      warehouseId: null,
    };
    await approveCreditNoteCommand({ orgId: t.orgId, id: note.id });
    await expectPayload('credit_note.approved', note.id, {
      ...data,
      invoiceStatus: 'SENT',
      invoiceBalanceDue: 55 - note.totalAmount,
    });
    await voidCreditNoteCommand({ orgId: t.orgId, id: note.id });
    await expectPayload('credit_note.voided', note.id, {
      ...data,
      invoiceStatus: 'SENT',
      invoiceBalanceDue: 55,
    });
  });

  it('credit_note.approved without an invoice', async () => {
    const [c, p] = await Promise.all([customer(t), product(t)]);
    const note = await createCreditNoteCommand({
      orgId: t.orgId,
      customerId: c.id,
      returnStock: false,
      lines: [{ productId: p.id, quantity: 2, unitPrice: 5 }],
    });
    await approveCreditNoteCommand({ orgId: t.orgId, id: note.id });
    await expectPayload('credit_note.approved', note.id, {
      id: note.id,
      creditNoteNumber: note.creditNoteNumber,
      customerId: c.id,
      invoiceId: null,
      totalAmount: 10,
      returnStock: false,
      warehouseId: null,
    });
  });

  it('batch.status_changed', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await batchOf(t, p.id, '2027-01-01');
    const done = await admin('batch', 'quarantine', '--org', t.orgId, '--id', lot.id);
    expect(done.code).toBe(0);
    await expectPayload('batch.status_changed', lot.id, {
      id: lot.id,
      batchNumber: lot.batchNumber,
      previousStatus: 'ACTIVE',
      newStatus: 'QUARANTINED',
      productIds: [p.id],
    });
  });

  it('covers every event type of the catalogue', () => {
    expect([...seen].sort()).toEqual([...EVENT_TYPES].sort());
  });
});
