import { beforeAll, describe, expect, it } from 'vitest';
import { deactivateWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { completePurchaseOrder } from '../../functions/areas/purchase-orders/steps/complete.js';
import { goodsReceiptKey } from '../../functions/areas/purchase-orders/store/purchase-orders.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { ApiError } from '../../domain/errors.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { eventsFor } from '../support/outbox.js';
import { comparable, expectReplay } from '../support/steps.js';
import {
  advance,
  createPurchaseOrder,
  draftPurchaseOrder,
  forcePurchaseOrderState,
  purchaseSetup,
  supplier,
  supplierLocation,
} from '../support/purchase-orders.js';

let t: Tenant;
let other: Tenant;
let setup: Awaited<ReturnType<typeof purchaseSetup>>;

const post = (path: string, tenant = t, body?: unknown) =>
  call('POST', path, { key: tenant.key, ...(body === undefined ? {} : { body }) });

const refusal = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
};

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Purchasing org'), newTenant('Other purchasing org')]);
  setup = await purchaseSetup(t);
});

describe('POST /purchase-orders', () => {
  it("creates a DRAFT with a number, priced lines, the supplier's currency and summary, and an event", async () => {
    const fresh = await newTenant('Numbering purchasing org');
    const s = await supplier(fresh, { currency: 'USD' });
    const [w, p1, p2] = await Promise.all([warehouse(fresh), product(fresh), product(fresh)]);
    const location = await supplierLocation(fresh, s.id);
    const body = {
      supplierId: s.id,
      expectedDate: '2031-05-01T00:00:00.000Z',
      notes: 'Dock 2',
      warehouseId: w.id,
      shipToLocationId: location.id,
      lines: [
        {
          id: 'client-line-1',
          productId: p1.id,
          quantity: 3,
          unitPrice: 9.99,
          taxRate: 0.15,
          purchaseUomFactor: 12,
          purchaseUomAbbrev: 'ctn',
        },
        { productId: p2.id, quantity: 3, unitPrice: 0.33335, taxRate: 0.15 },
      ],
      totalAmount: 1, // caller totals are ignored like any unknown key
      subtotal: 1,
    };
    const res = await createPurchaseOrder(fresh, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orderNumber: 'PO-000001',
      status: 'DRAFT',
      supplier: { id: s.id, code: s.code, name: s.name },
      currency: 'USD',
      warehouseId: w.id,
      shipToLocationId: location.id,
      expectedDate: '2031-05-01T00:00:00.000Z',
      receivedDate: null,
      notes: 'Dock 2',
      lineCount: 2,
      // 29.97 + 1.00005 -> 1.0001 (4 dp, half away from zero) = 30.9701 -> 30.97; tax 4.4955 + 0.15 -> 4.65
      subtotal: 30.97,
      taxTotal: 4.65,
      totalAmount: 35.62,
      submittedAt: null,
      approvedAt: null,
      cancelledAt: null,
      completedAt: null,
      receipts: [],
      receiptsTotal: 0,
      receiptsTruncated: false,
    });
    expect(res.body.lines).toEqual([
      {
        id: expect.any(String),
        sortOrder: 1,
        productId: p1.id,
        product: { id: p1.id, sku: p1.sku, name: p1.name },
        quantity: 3,
        receivedQty: 0,
        // unitPrice is per base unit: the purchase unit is a display snapshot and prices nothing
        unitPrice: 9.99,
        taxRate: 0.15,
        lineTotal: 29.97,
        taxAmount: 4.4955,
        purchaseUomFactor: 12,
        purchaseUomAbbrev: 'ctn',
      },
      expect.objectContaining({ sortOrder: 2, lineTotal: 1.0001, taxAmount: 0.15, purchaseUomFactor: null }),
    ]);
    expect(res.body.lines[0].id).not.toBe('client-line-1');
    expect(res.body.orderDate).toBe(res.body.createdAt);
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    const second = await createPurchaseOrder(fresh, {
      supplierId: s.id,
      lines: [{ productId: p1.id, quantity: 1, unitPrice: 1 }],
    });
    expect(second.body).toMatchObject({
      orderNumber: 'PO-000002',
      warehouseId: null,
      shipToLocationId: null,
      expectedDate: null,
      notes: null,
    });
    expect(await eventsFor(fresh.orgId, res.body.id)).toEqual([
      expect.objectContaining({
        event: 'purchase_order.created',
        data: { id: res.body.id, orderNumber: 'PO-000001', supplierId: s.id },
      }),
    ]);
    const audit = await listAudit(fresh.orgId, { resourceType: 'purchase_order', resourceId: res.body.id });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([['create', fresh.keyId]]);
  });

  it('422 invalid_reference for references outside the organisation, inactive, or not the supplier’s', async () => {
    const foreign = await purchaseSetup(other);
    const inactiveSupplier = await supplier(t);
    await call('PUT', `/suppliers/${inactiveSupplier.id}`, { key: t.key, body: { isActive: false } });
    const closed = await warehouse(t);
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: closed.id });
    const otherSupplier = await supplier(t);
    const theirLocation = await supplierLocation(t, otherSupplier.id);
    const inactive = await product(t);
    await call('PUT', `/products/${inactive.id}`, { key: t.key, body: { isActive: false } });
    const line = { productId: setup.product.id, quantity: 1, unitPrice: 1 };
    const cases: [string, Record<string, unknown>][] = [
      ['supplierId', { supplierId: foreign.supplier.id }],
      ['supplierId', { supplierId: inactiveSupplier.id }],
      ['supplierId', { supplierId: 'not an id at all' }],
      ['warehouseId', { warehouseId: foreign.warehouse.id }],
      ['warehouseId', { warehouseId: closed.id }],
      ['shipToLocationId', { shipToLocationId: theirLocation.id }],
      ['shipToLocationId', { shipToLocationId: 'ckzzzzzzzzzzzzzzzzzzzzzz' }],
      ['lines[0].productId', { lines: [{ ...line, productId: foreign.product.id }] }],
      ['lines[1].productId', { lines: [line, { ...line, productId: inactive.id }] }],
    ];
    for (const [field, patch] of cases) {
      const res = await createPurchaseOrder(t, { supplierId: setup.supplier.id, lines: [line], ...patch });
      expect([res.status, res.body.error.code, field]).toEqual([422, 'invalid_reference', field]);
      expect(res.body.error.message).toContain(field);
    }
  });

  it.each([
    ['supplierId missing', { supplierId: undefined }, 'supplierId'],
    ['no lines', { lines: [] }, 'lines'],
    [
      '101 lines',
      { lines: Array.from({ length: 101 }, () => ({ productId: 'p', quantity: 1, unitPrice: 1 })) },
      'lines',
    ],
    ['quantity 0', { lines: [{ productId: 'p', quantity: 0, unitPrice: 1 }] }, 'lines[0].quantity'],
    [
      'quantity over 999999',
      { lines: [{ productId: 'p', quantity: 1_000_000, unitPrice: 1 }] },
      'lines[0].quantity',
    ],
    ['unitPrice missing', { lines: [{ productId: 'p', quantity: 1 }] }, 'lines[0].unitPrice'],
    ['unitPrice null', { lines: [{ productId: 'p', quantity: 1, unitPrice: null }] }, 'lines[0].unitPrice'],
    ['unitPrice negative', { lines: [{ productId: 'p', quantity: 1, unitPrice: -1 }] }, 'lines[0].unitPrice'],
    [
      'unitPrice over 99999999',
      { lines: [{ productId: 'p', quantity: 1, unitPrice: 100_000_000 }] },
      'lines[0].unitPrice',
    ],
    [
      'taxRate over 1',
      { lines: [{ productId: 'p', quantity: 1, unitPrice: 1, taxRate: 1.5 }] },
      'lines[0].taxRate',
    ],
    [
      'purchaseUomFactor 0',
      { lines: [{ productId: 'p', quantity: 1, unitPrice: 1, purchaseUomFactor: 0 }] },
      'lines[0].purchaseUomFactor',
    ],
    [
      'purchaseUomFactor over 1000000',
      { lines: [{ productId: 'p', quantity: 1, unitPrice: 1, purchaseUomFactor: 1_000_001 }] },
      'lines[0].purchaseUomFactor',
    ],
    [
      'purchaseUomAbbrev over 20',
      { lines: [{ productId: 'p', quantity: 1, unitPrice: 1, purchaseUomAbbrev: 'x'.repeat(21) }] },
      'lines[0].purchaseUomAbbrev',
    ],
    ['notes over 2000', { notes: 'x'.repeat(2001) }, 'notes'],
    ['expectedDate not a date-time', { expectedDate: '2031-13-01' }, 'expectedDate'],
  ])('400 validation_error: %s', async (_name, patch, path) => {
    const res = await createPurchaseOrder(t, {
      supplierId: setup.supplier.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 1 }],
      ...patch,
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
    expect(res.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain(path);
  });

  it('replays an idempotent create without a second order; the key with another body is 422', async () => {
    const body = {
      supplierId: setup.supplier.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 1 }],
    };
    const headers = { 'Idempotency-Key': `po-${Date.now()}` };
    const first = await createPurchaseOrder(t, body, headers);
    const again = await createPurchaseOrder(t, body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await createPurchaseOrder(t, { ...body, notes: 'different' }, headers);
    expect([reused.status, reused.body.error.code]).toEqual([422, 'idempotency_key_reuse']);
    const list = await call('GET', '/purchase-orders', {
      key: t.key,
      query: { search: first.body.orderNumber },
    });
    expect(list.body.pagination.total).toBe(1);
  });

  it('parallel creates get distinct numbers, gapless when every create succeeds', async () => {
    const fresh = await newTenant('Parallel purchasing org');
    const s = await purchaseSetup(fresh);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        createPurchaseOrder(fresh, {
          supplierId: s.supplier.id,
          lines: [{ productId: s.product.id, quantity: 1, unitPrice: 1 }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(results.map((r) => r.body.orderNumber).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `PO-00000${i + 1}`),
    );
  });
});

describe('GET /purchase-orders/{id}', () => {
  it("returns the detail; another organisation's order and an unknown id are 404", async () => {
    const order = await draftPurchaseOrder(t, setup);
    const got = await call('GET', `/purchase-orders/${order.id}`, { key: t.key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(order);
    for (const [tenant, id] of [
      [other, order.id],
      [t, 'ckunknownunknownunknown0'],
    ] as const) {
      const res = await call('GET', `/purchase-orders/${id}`, { key: tenant.key });
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
  });

  it('summarises the goods receipts newest first, capped at 100 with receiptsTotal and receiptsTruncated', async () => {
    const order = await draftPurchaseOrder(t, setup);
    await advance(t, order.id, 'submit', 'approve');
    // TEST-ONLY: receipt records and the order's receiptCount written as the receipts use case will.
    const receipts = Array.from({ length: 102 }, (_, i) => {
      const receivedAt = new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString();
      const id = `gr${String(i).padStart(22, '0')}`;
      return {
        ...goodsReceiptKey(t.orgId, order.id, receivedAt, id),
        entity: 'GoodsReceipt',
        id,
        reference: `GR-${String(i + 1).padStart(6, '0')}`,
        receivedAt,
        warehouseId: setup.warehouse.id,
        notes: i === 101 ? 'Last pallet' : null,
        lineCount: 1,
        totalQuantity: 2,
        lines: [{ poLineId: order.lines[0]!.id, quantity: 2 }],
      };
    });
    for (let i = 0; i < receipts.length; i += 25) {
      await db().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: receipts.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
    await forcePurchaseOrderState(t.orgId, order.id, {
      status: 'PARTIALLY_RECEIVED',
      receivedQty: 204,
      receiptCount: 102,
    });
    const got = await call('GET', `/purchase-orders/${order.id}`, { key: t.key });
    expect(got.body).toMatchObject({
      status: 'PARTIALLY_RECEIVED',
      receiptsTotal: 102,
      receiptsTruncated: true,
    });
    expect(got.body.receipts).toHaveLength(100);
    expect(got.body.receipts[0]).toEqual({
      id: receipts[101]!.id,
      reference: 'GR-000102',
      receivedAt: receipts[101]!.receivedAt,
      warehouseId: setup.warehouse.id,
      notes: 'Last pallet',
      lineCount: 1,
      totalQuantity: 2,
    });
    expect(got.body.receipts[99].reference).toBe('GR-000003');
    expect(got.body.lines[0].receivedQty).toBe(204);
  });
});

describe('POST /purchase-orders/{id}/submit, approve, cancel', () => {
  it('DRAFT -> SUBMITTED -> APPROVED with timestamps, an approved event, audit entries; a body sent is ignored', async () => {
    const order = await draftPurchaseOrder(t, setup);
    const submitted = await post(`/purchase-orders/${order.id}/submit`, t, { anything: true });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', submittedAt: submitted.body.updatedAt });
    expect(submitted.body.lines).toEqual(order.lines);
    const approved = await post(`/purchase-orders/${order.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      submittedAt: submitted.body.submittedAt,
      approvedAt: approved.body.updatedAt,
    });
    const got = await call('GET', `/purchase-orders/${order.id}`, { key: t.key });
    expect(got.body).toEqual(approved.body);
    expect((await eventsFor(t.orgId, order.id)).map((e) => e.event)).toEqual([
      'purchase_order.created',
      'purchase_order.approved',
    ]);
    const audit = await listAudit(t.orgId, { resourceType: 'purchase_order', resourceId: order.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'submit', 'approve']);
  });

  it('422 naming the actual status for every transition out of order', async () => {
    const order = await draftPurchaseOrder(t, setup);
    const check = async (action: string, message: string) => {
      const res = await post(`/purchase-orders/${order.id}/${action}`);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        422,
        'unprocessable',
        message,
      ]);
    };
    await check('approve', 'Purchase order is DRAFT; approve needs SUBMITTED');
    await advance(t, order.id, 'submit');
    await check('submit', 'Purchase order is SUBMITTED; submit needs DRAFT');
    await advance(t, order.id, 'approve');
    await check('submit', 'Purchase order is APPROVED; submit needs DRAFT');
    await check('approve', 'Purchase order is APPROVED; approve needs SUBMITTED');
    await advance(t, order.id, 'cancel');
    await check('cancel', 'Purchase order is CANCELLED; cancel needs DRAFT or SUBMITTED or APPROVED');
    await check('approve', 'Purchase order is CANCELLED; approve needs SUBMITTED');
    await check('submit', 'Purchase order is CANCELLED; submit needs DRAFT');
  });

  it('404 across organisations and for unknown ids', async () => {
    const order = await draftPurchaseOrder(t, setup);
    for (const action of ['submit', 'approve', 'cancel']) {
      const foreign = await post(`/purchase-orders/${order.id}/${action}`, other);
      expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
      const unknown = await post(`/purchase-orders/ckunknownunknownunknown0/${action}`);
      expect(unknown.status).toBe(404);
    }
    const got = await call('GET', `/purchase-orders/${order.id}`, { key: t.key });
    expect(got.body.status).toBe('DRAFT');
  });

  it('approve is 422 while the supplier is deactivated, and succeeds once it is active again', async () => {
    const s = await supplier(t);
    const order = await draftPurchaseOrder(t, { supplier: s, product: setup.product });
    await advance(t, order.id, 'submit');
    await call('PUT', `/suppliers/${s.id}`, { key: t.key, body: { isActive: false } });
    const refused = await post(`/purchase-orders/${order.id}/approve`);
    expect([refused.status, refused.body.error.code]).toEqual([422, 'unprocessable']);
    expect(refused.body.error.message).toBe(
      `Supplier ${s.code} (${s.name}) is not active; purchase order ${order.orderNumber} cannot be approved`,
    );
    expect((await call('GET', `/purchase-orders/${order.id}`, { key: t.key })).body.status).toBe('SUBMITTED');
    await call('PUT', `/suppliers/${s.id}`, { key: t.key, body: { isActive: true } });
    expect((await post(`/purchase-orders/${order.id}/approve`)).body.status).toBe('APPROVED');
  });

  it('cancel from DRAFT, SUBMITTED and APPROVED; the reason goes to the audit log only', async () => {
    for (const steps of [[], ['submit'], ['submit', 'approve']] as const) {
      const order = await draftPurchaseOrder(t, setup);
      await advance(t, order.id, ...steps);
      const res = await post(`/purchase-orders/${order.id}/cancel`, t, { reason: 'Supplier out of stock' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'CANCELLED', cancelledAt: res.body.updatedAt });
      expect(JSON.stringify(res.body)).not.toContain('Supplier out of stock');
      const audit = await listAudit(t.orgId, { resourceType: 'purchase_order', resourceId: order.id });
      expect(audit.at(-1)).toMatchObject({ action: 'cancel', reason: 'Supplier out of stock' });
    }
    const bare = await draftPurchaseOrder(t, setup);
    const noBody = await post(`/purchase-orders/${bare.id}/cancel`);
    expect(noBody.body.status).toBe('CANCELLED');
    const audit = await listAudit(t.orgId, { resourceType: 'purchase_order', resourceId: bare.id });
    expect(audit.at(-1)!.reason).toBeUndefined();
  });

  it('cancel is 400 for a reason over 500 characters', async () => {
    const order = await draftPurchaseOrder(t, setup);
    const res = await post(`/purchase-orders/${order.id}/cancel`, t, { reason: 'x'.repeat(501) });
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
    expect(res.body.error.details[0].path).toBe('reason');
  });

  it('cancel is 422 once anything was received', async () => {
    const order = await draftPurchaseOrder(t, setup);
    await advance(t, order.id, 'submit', 'approve');
    // TEST-ONLY: a partial receipt's effect on the order, until goods receipts land.
    await forcePurchaseOrderState(t.orgId, order.id, { status: 'PARTIALLY_RECEIVED', receivedQty: 4 });
    const partial = await post(`/purchase-orders/${order.id}/cancel`);
    expect([partial.status, partial.body.error.message]).toEqual([
      422,
      'Purchase order is PARTIALLY_RECEIVED; cancel needs DRAFT or SUBMITTED or APPROVED',
    ]);
    await forcePurchaseOrderState(t.orgId, order.id, { status: 'RECEIVED', receivedQty: 10 });
    const received = await post(`/purchase-orders/${order.id}/cancel`);
    expect(received.body.error.message).toContain('is RECEIVED');
    // An APPROVED order holding a received quantity is refused on the quantities too.
    const approved = await draftPurchaseOrder(t, setup);
    await advance(t, approved.id, 'submit', 'approve');
    await forcePurchaseOrderState(t.orgId, approved.id, { receivedQty: 1 });
    const held = await post(`/purchase-orders/${approved.id}/cancel`);
    expect([held.status, held.body.error.message]).toEqual([
      422,
      `Purchase order ${approved.orderNumber} has received goods (${setup.product.sku}); it cannot be cancelled`,
    ]);
  });

  it('racing transitions: one wins, the other gets the 422 naming the status', async () => {
    const twoApproves = await draftPurchaseOrder(t, setup);
    await advance(t, twoApproves.id, 'submit');
    const approves = await Promise.all([
      post(`/purchase-orders/${twoApproves.id}/approve`),
      post(`/purchase-orders/${twoApproves.id}/approve`),
    ]);
    expect(approves.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(approves.find((r) => r.status === 422)!.body.error.message).toBe(
      'Purchase order is APPROVED; approve needs SUBMITTED',
    );
    expect(
      (await eventsFor(t.orgId, twoApproves.id)).filter((e) => e.event.endsWith('approved')),
    ).toHaveLength(1);

    const twoCancels = await draftPurchaseOrder(t, setup);
    const cancels = await Promise.all([
      post(`/purchase-orders/${twoCancels.id}/cancel`),
      post(`/purchase-orders/${twoCancels.id}/cancel`),
    ]);
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(cancels.find((r) => r.status === 422)!.body.error.message).toContain('is CANCELLED');

    const approveOrCancel = await draftPurchaseOrder(t, setup);
    await advance(t, approveOrCancel.id, 'submit');
    const [approve, cancel] = await Promise.all([
      post(`/purchase-orders/${approveOrCancel.id}/approve`),
      post(`/purchase-orders/${approveOrCancel.id}/cancel`),
    ]);
    // Cancel is allowed from APPROVED too, so an approve first is followed by the cancel; a cancel first
    // refuses the approve.
    if (approve.status === 200) {
      expect(cancel.status).toBe(200);
    } else {
      expect([approve.status, approve.body.error.message, cancel.status]).toEqual([
        422,
        'Purchase order is CANCELLED; approve needs SUBMITTED',
        200,
      ]);
    }
    const final = await call('GET', `/purchase-orders/${approveOrCancel.id}`, { key: t.key });
    expect(final.body.status).toBe('CANCELLED');

    const submitOrCancel = await draftPurchaseOrder(t, setup);
    const [submit, cancelDraft] = await Promise.all([
      post(`/purchase-orders/${submitOrCancel.id}/submit`),
      post(`/purchase-orders/${submitOrCancel.id}/cancel`),
    ]);
    expect([submit.status, cancelDraft.status]).toContain(200);
    if (submit.status === 422) expect(submit.body.error.message).toContain('is CANCELLED');
  });
});

describe('product deactivation with open purchase orders', () => {
  const deactivate = (productId: string) =>
    call('PUT', `/products/${productId}`, { key: t.key, body: { isActive: false } });

  it('is 409 while a non-completed, non-cancelled order holds the product, and allowed once none does', async () => {
    const p = await product(t);
    const order = await draftPurchaseOrder(t, { supplier: setup.supplier, product: p });
    for (const steps of [[], ['submit'], ['approve']] as const) {
      await advance(t, order.id, ...steps);
      const refused = await deactivate(p.id);
      expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
      expect(refused.body.error.message).toMatch(/open sales or purchase orders/);
    }
    for (const status of ['PARTIALLY_RECEIVED', 'RECEIVED'] as const) {
      await forcePurchaseOrderState(t.orgId, order.id, { status });
      expect((await deactivate(p.id)).status).toBe(409);
    }
    // Completing the order (back office) releases the product.
    await completePurchaseOrder({ orgId: t.orgId, id: order.id });
    const done = await deactivate(p.id);
    expect([done.status, done.body.isActive]).toEqual([200, false]);
  });

  it('counts each order once however many lines name the product; a cancel releases it', async () => {
    const p = await product(t);
    const line = { productId: p.id, quantity: 1, unitPrice: 1 };
    const a = await createPurchaseOrder(t, { supplierId: setup.supplier.id, lines: [line, line, line] });
    const b = await createPurchaseOrder(t, { supplierId: setup.supplier.id, lines: [line] });
    await post(`/purchase-orders/${a.body.id}/cancel`);
    expect((await deactivate(p.id)).status).toBe(409);
    await post(`/purchase-orders/${b.body.id}/cancel`);
    expect((await deactivate(p.id)).status).toBe(200);
    // Reactivated, it can be ordered again.
    await call('PUT', `/products/${p.id}`, { key: t.key, body: { isActive: true } });
    expect((await createPurchaseOrder(t, { supplierId: setup.supplier.id, lines: [line] })).status).toBe(201);
  });

  it('an order of 100 distinct products commits in one transaction and holds every one', async () => {
    const products = await Promise.all(Array.from({ length: 100 }, () => product(t)));
    const res = await createPurchaseOrder(t, {
      supplierId: setup.supplier.id,
      lines: products.map((p) => ({ productId: p.id, quantity: 1, unitPrice: 1 })),
    });
    expect([res.status, res.body.lineCount]).toEqual([201, 100]);
    expect((await deactivate(products[57]!.id)).status).toBe(409);
    expect((await post(`/purchase-orders/${res.body.id}/cancel`)).status).toBe(200);
    expect((await deactivate(products[57]!.id)).status).toBe(200);
  });

  it('racing a deactivation and an order create: never both', async () => {
    for (let i = 0; i < 6; i += 1) {
      const p = await product(t);
      const [put, create] = await Promise.all([
        deactivate(p.id),
        createPurchaseOrder(t, {
          supplierId: setup.supplier.id,
          lines: [{ productId: p.id, quantity: 1, unitPrice: 1 }],
        }),
      ]);
      const outcome = [put.status, create.status];
      expect([
        [200, 422],
        [409, 201],
      ]).toContainEqual(outcome);
      if (create.status === 422) expect(create.body.error.code).toBe('invalid_reference');
    }
  });
});

describe('purchase-order complete (back office)', () => {
  it('RECEIVED -> COMPLETED; any other status is 422 naming it; an unknown order is 404', async () => {
    const order = await draftPurchaseOrder(t, setup);
    const early = await refusal(completePurchaseOrder({ orgId: t.orgId, id: order.id }));
    expect([early.status, early.message]).toEqual([422, 'Purchase order is DRAFT; complete needs RECEIVED']);
    await advance(t, order.id, 'submit', 'approve');
    // TEST-ONLY: the order fully received, as goods receipts will leave it.
    await forcePurchaseOrderState(t.orgId, order.id, { status: 'RECEIVED', receivedQty: 10 });
    const done = await completePurchaseOrder({ orgId: t.orgId, id: order.id });
    expect(done).toMatchObject({ status: 'COMPLETED', completedAt: done.updatedAt });
    expect(done.receivedDate).not.toBeNull();
    const got = await call('GET', `/purchase-orders/${order.id}`, { key: t.key });
    expect(got.body).toEqual(done);
    const again = await refusal(completePurchaseOrder({ orgId: t.orgId, id: order.id }));
    expect(again.message).toBe('Purchase order is COMPLETED; complete needs RECEIVED');
    const unknown = await refusal(completePurchaseOrder({ orgId: t.orgId, id: 'ckunknownunknownunknown0' }));
    expect(unknown.status).toBe(404);
    const audit = await listAudit(t.orgId, { resourceType: 'purchase_order', resourceId: order.id });
    expect(audit.at(-1)).toMatchObject({ action: 'complete', apiKeyId: 'back-office' });
  });

  it('runs from the admin CLI and prints the order', async () => {
    const order = await draftPurchaseOrder(t, setup);
    const refused = await runAdmin(['purchase-order', 'complete', '--org', t.orgId, '--id', order.id]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error.code).toBe('unprocessable');
    await advance(t, order.id, 'submit', 'approve');
    await forcePurchaseOrderState(t.orgId, order.id, { status: 'RECEIVED', receivedQty: 10 });
    const result = await runAdmin(['purchase-order', 'complete', '--org', t.orgId, '--id', order.id]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: order.id, status: 'COMPLETED' });
  });
});

describe('POST /purchase-orders/{id}/complete (design.md section 7, beyond the spec)', () => {
  const received = async () => {
    const order = await draftPurchaseOrder(t, setup);
    await advance(t, order.id, 'submit', 'approve');
    // TEST-ONLY: the order fully received, as goods receipts will leave it.
    await forcePurchaseOrderState(t.orgId, order.id, { status: 'RECEIVED', receivedQty: 10 });
    return order;
  };

  it('completes a RECEIVED order with the acting key in the audit log; the same key replays', async () => {
    const order = await received();
    const done = await expectReplay(t, 'POST', `/purchase-orders/${order.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: order.id, status: 'COMPLETED', completedAt: done.body.updatedAt });
    expect((await call('GET', `/purchase-orders/${order.id}`, { key: t.key })).body).toEqual(done.body);
    const audit = await listAudit(t.orgId, { resourceType: 'purchase_order', resourceId: order.id });
    expect(audit.filter((e) => e.action === 'complete')).toEqual([
      expect.objectContaining({ apiKeyId: t.keyId, changedFields: ['status', 'completedAt'] }),
    ]);
  });

  it("another status is 422 naming it; another organisation's order is 404 and stays as it was", async () => {
    const order = await draftPurchaseOrder(t, setup);
    const early = await post(`/purchase-orders/${order.id}/complete`);
    expect([early.status, early.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Purchase order is DRAFT; complete needs RECEIVED' },
    ]);
    const done = await received();
    const foreign = await post(`/purchase-orders/${done.id}/complete`, other);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Purchase order not found']);
    expect((await call('GET', `/purchase-orders/${done.id}`, { key: t.key })).body.status).toBe('RECEIVED');
  });

  it('the CLI and the API give the same order for the same step', async () => {
    const [viaApi, viaCli] = await Promise.all([received(), received()]);
    const api = await post(`/purchase-orders/${viaApi.id}/complete`);
    const cli = await runAdmin(['purchase-order', 'complete', '--org', t.orgId, '--id', viaCli.id]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
  });
});
