/**
 * The slim rows of documents follow every write that changes what a list filters on. Each case warms
 * the projection (a projected list: `search` always pages on it), changes the document through one write
 * path, then lists again: with no overlap the warm container re-reads only rows whose GSI5SK moved, so a
 * path that forgot the slim row or its stamp leaves the document under its old status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveCreditNoteCommand } from '../../functions/areas/credit-notes/steps/transitions.js';
import { createCreditNoteCommand } from '../../functions/areas/credit-notes/steps/create.js';
import { setBatchStatus } from '../../functions/areas/inventory/steps/batches.js';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { receiptChunking } from '../../functions/areas/goods-receipts/receipt-parts.js';
import { completeProductionOrderCommand } from '../../functions/areas/production-orders/steps/complete.js';
import { createProductionOrderCommand } from '../../functions/areas/production-orders/steps/create.js';
import { startProductionOrderCommand } from '../../functions/areas/production-orders/steps/transitions.js';
import { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { pickShipment } from '../../functions/areas/shipments/steps/pick.js';
import { configureSlimProjection } from '../../functions/platform/dynamo/slim-projection.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { approvedOrder, receive } from '../support/goods-receipts.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';
import { adjust, batchOf, product, unique, warehouse } from '../support/inventory.js';
import { costedLot, recipe } from '../support/production.js';
import { advance, createPurchaseOrder, purchaseSetup } from '../support/purchase-orders.js';
import { confirmOrder, draftOrder, orderSetup } from '../support/sales.js';

let t: Tenant;

beforeAll(async () => {
  configureSlimProjection({ overlapMs: 0 });
  t = await newTenant('Projection freshness org');
});
afterAll(() => configureSlimProjection({ overlapMs: 5_000 }));

/** The ids a list returns for the query. */
async function listed(path: string, query: Record<string, string>): Promise<string[]> {
  const res = await call('GET', path, { key: t.key, query });
  expect(res.status).toBe(200);
  return res.body.data.map((d: { id: string }) => d.id);
}

/** Lists under the old status (warming the projection), runs the write, then finds it only under the new. */
async function followsWrite(
  path: string,
  search: string,
  id: string,
  move: { from: string; to: string },
  write: () => Promise<unknown>,
) {
  expect(await listed(path, { search, status: move.from })).toEqual([id]);
  const before = new Date().toISOString();
  await write();
  expect(await listed(path, { search, status: move.to })).toEqual([id]);
  expect(await listed(path, { search, status: move.from })).toEqual([]);
  // updatedAt moved with it: modifiedSince on a sort other than updatedAt is a projected list too.
  const since = await listed(path, { search, modifiedSince: before, sortBy: 'createdAt' });
  expect(since).toEqual([id]);
}

describe('document slim rows follow their writes', () => {
  it('sales order: confirm (the order replaced by a conditional put)', async () => {
    const s = await orderSetup(t, 10);
    const order = await draftOrder(t, [{ productId: s.product.id, quantity: 1 }], {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
    });
    await followsWrite('/sales-orders', order.orderNumber, order.id, { from: 'DRAFT', to: 'CONFIRMED' }, () =>
      confirmOrder(t, order.id),
    );
  });

  it('purchase order: submit (transitionUpdate) and a goods receipt (receive)', async () => {
    const setup = await purchaseSetup(t);
    const res = await createPurchaseOrder(t, {
      supplierId: setup.supplier.id,
      lines: [{ productId: setup.product.id, quantity: 10, unitPrice: 2 }],
    });
    const { id, orderNumber } = res.body as { id: string; orderNumber: string };
    await followsWrite('/purchase-orders', orderNumber, id, { from: 'DRAFT', to: 'SUBMITTED' }, () =>
      advance(t, id, 'submit'),
    );
    await advance(t, id, 'approve');
    const detail = (await call('GET', `/purchase-orders/${id}`, { key: t.key })).body;
    await followsWrite(
      '/purchase-orders',
      orderNumber,
      id,
      { from: 'APPROVED', to: 'PARTIALLY_RECEIVED' },
      async () => {
        const received = await receive(t, id, {
          warehouseId: setup.warehouse.id,
          lines: [{ poLineId: detail.lines[0].id, productId: setup.product.id, quantity: 4 }],
        });
        expect(received.status).toBe(201);
      },
    );
  });

  it('invoice: send; credit note: approve', async () => {
    const order = await confirmedOrder(t);
    const invoice = await invoiced(t, order.id);
    await followsWrite('/invoices', invoice.invoiceNumber, invoice.id, { from: 'DRAFT', to: 'SENT' }, () =>
      sendInvoice({ orgId: t.orgId, id: invoice.id }),
    );
    const p = await product(t, { productType: 'NON_STOCKED' });
    const note = await createCreditNoteCommand({
      orgId: t.orgId,
      customerId: order.customer.id,
      returnStock: false,
      lines: [{ productId: p.id, quantity: 1, unitPrice: 5 }],
    });
    await followsWrite(
      '/credit-notes',
      note.creditNoteNumber,
      note.id,
      { from: 'DRAFT', to: 'APPROVED' },
      () => approveCreditNoteCommand({ orgId: t.orgId, id: note.id }),
    );
  });

  it('shipment: pick (a list without search pages on the projection too)', async () => {
    const s = await orderSetup(t, 10);
    const order = await draftOrder(t, [{ productId: s.product.id, quantity: 2 }], {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
    });
    await confirmOrder(t, order.id);
    const shipment = await createShipment({ orgId: t.orgId, salesOrderId: order.id });
    const inStatus = (status: string) => listed('/shipments', { salesOrderId: order.id, status });
    expect(await inStatus('PICKING')).toEqual([shipment.id]);
    await pickShipment({ orgId: t.orgId, id: shipment.id });
    expect(await inStatus('PICKED')).toEqual([shipment.id]);
    expect(await inStatus('PICKING')).toEqual([]);
  });

  it('production order: start (transitionUpdate)', async () => {
    const [w, cake, flour] = await Promise.all([warehouse(t), product(t), product(t)]);
    await recipe(t, cake.id, [{ componentProductId: flour.id, quantity: 1 }]);
    const order = await createProductionOrderCommand({
      orgId: t.orgId,
      productId: cake.id,
      quantity: 1,
      warehouseId: w.id,
    });
    await followsWrite(
      '/production-orders',
      order.orderNumber,
      order.id,
      { from: 'PLANNED', to: 'IN_PROGRESS' },
      () => startProductionOrderCommand({ orgId: t.orgId, id: order.id }),
    );
  });
});

describe('batch slim rows follow their writes', () => {
  /** Lots found by their number (a projected list) in a status. */
  const lotsIn = (batchNumber: string, status: string) =>
    listed('/batches', { search: batchNumber.toLowerCase(), status });

  it('a status action (transitionUpdate)', async () => {
    const p = await product(t, { isBatchTracked: true });
    const lot = await batchOf(t, p.id);
    expect(await lotsIn(lot.batchNumber, 'ACTIVE')).toEqual([lot.id]);
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'quarantine' });
    expect(await lotsIn(lot.batchNumber, 'QUARANTINED')).toEqual([lot.id]);
    expect(await lotsIn(lot.batchNumber, 'ACTIVE')).toEqual([]);
  });

  it('the silent flips of stock movements: emptied, refilled, consumed by production, received again', async () => {
    const [w, flour, cake] = await Promise.all([
      warehouse(t),
      product(t, { isBatchTracked: true }),
      product(t),
    ]);
    const lot = await costedLot(t, { productId: flour.id, warehouseId: w.id, quantity: 2 });
    expect(await lotsIn(lot.batchNumber, 'ACTIVE')).toEqual([lot.id]);
    const move = (quantityChange: number) =>
      adjust(t, [{ productId: flour.id, warehouseId: w.id, batchId: lot.id, quantityChange }]);
    expect((await move(-2)).status).toBe(201);
    expect(await lotsIn(lot.batchNumber, 'CONSUMED')).toEqual([lot.id]);
    expect((await move(3)).status).toBe(201);
    expect(await lotsIn(lot.batchNumber, 'ACTIVE')).toEqual([lot.id]);

    // A production completion reads the lots it consumes itself (not through the stock facts' read).
    await recipe(t, cake.id, [{ componentProductId: flour.id, quantity: 1 }]);
    const order = await createProductionOrderCommand({
      orgId: t.orgId,
      productId: cake.id,
      quantity: 3,
      warehouseId: w.id,
    });
    await startProductionOrderCommand({ orgId: t.orgId, id: order.id });
    await completeProductionOrderCommand({ orgId: t.orgId, id: order.id });
    expect(await lotsIn(lot.batchNumber, 'CONSUMED')).toEqual([lot.id]);

    // A goods receipt naming the lot by number reads it apart too, and refills it.
    const purchase = await approvedOrder(t, [{ productId: flour.id, quantity: 5, unitPrice: 1 }]);
    const received = await receive(t, purchase.id, {
      warehouseId: w.id,
      lines: [
        {
          poLineId: purchase.lines[0]!.id,
          productId: flour.id,
          quantity: 5,
          batchNumber: lot.batchNumber,
        },
      ],
    });
    expect(received.status).toBe(201);
    expect(await lotsIn(lot.batchNumber, 'ACTIVE')).toEqual([lot.id]);
  });

  it('a lot revealed by a goods receipt in parts (hidden until then)', async () => {
    const [w, lotted] = await Promise.all([warehouse(t), product(t, { isBatchTracked: true })]);
    const order = await approvedOrder(t, [{ productId: lotted.id, quantity: 4, unitPrice: 2 }]);
    const number = `REVEAL-${unique()}`;
    expect(await lotsIn(number, 'ACTIVE')).toEqual([]);
    const defaults = { ...receiptChunking };
    receiptChunking.maxItems = 10;
    try {
      const res = await receive(t, order.id, {
        warehouseId: w.id,
        lines: [{ poLineId: order.lines[0]!.id, productId: lotted.id, quantity: 4, batchNumber: number }],
      });
      expect(res.status).toBe(201);
    } finally {
      Object.assign(receiptChunking, defaults);
    }
    const [found] = await listed('/batches', { search: number.toLowerCase(), status: 'ACTIVE' });
    expect(found).toEqual(expect.any(String));
    expect(await listed('/batches', { productId: lotted.id, search: number.toLowerCase() })).toEqual([found]);
  });
});
