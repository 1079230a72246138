/** GET /goods-receipts and GET /goods-receipts/{id} (beyond the spec; docs/design/application.md, g27). */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, type Tenant } from '../support/api.js';
import { approvedOrder, receive } from '../support/goods-receipts.js';
import { product, unique, warehouse } from '../support/inventory.js';

let t: Tenant;
let other: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Receipt reads org'), newTenant('Receipt reads other')]);
  wh = await warehouse(t);
});

const line = (order: { lines: { id: string; productId: string }[] }, i: number, extra = {}) => ({
  poLineId: order.lines[i]!.id,
  productId: order.lines[i]!.productId,
  ...extra,
});

describe('GET /goods-receipts/{id}', () => {
  it('answers the receipt with each line’s lot, expiry date and serial numbers, and the order as it is now', async () => {
    const [lotted, serialled, plain] = await Promise.all([
      product(t, { isBatchTracked: true }),
      product(t, { requiresSerialTracking: true }),
      product(t, {}),
    ]);
    const order = await approvedOrder(t, [
      { productId: lotted.id, quantity: 10, unitPrice: 2 },
      { productId: serialled.id, quantity: 3, unitPrice: 40 },
      { productId: plain.id, quantity: 5, unitPrice: 1.25 },
    ]);
    const lotNumber = `LOT-${unique()}`;
    const sn = `SN-${unique()}`;
    const created = await receive(t, order.id, {
      warehouseId: wh.id,
      notes: 'dock 2',
      lines: [
        line(order, 0, { quantity: 6, batchNumber: lotNumber, expiryDate: '2027-03-31T00:00:00Z' }),
        line(order, 1, { quantity: 2, serialNumbers: [`${sn}-1`, `${sn}-2`], binId: wh.binId }),
        line(order, 2, { quantity: 5 }),
      ],
    });
    expect(created.status).toBe(201);

    const res = await call('GET', `/goods-receipts/${created.body.id}`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: created.body.id,
      reference: created.body.reference,
      receivedAt: created.body.receivedAt,
      warehouseId: wh.id,
      notes: 'dock 2',
      currency: 'NZD',
      exchangeRate: 1,
      lines: [
        {
          poLineId: order.lines[0]!.id,
          productId: lotted.id,
          quantity: 6,
          batchId: created.body.lines[0].batchId,
          batchNumber: lotNumber,
          expiryDate: '2027-03-31',
          binId: null,
          serialNumbers: [],
          unitCost: 2,
        },
        {
          poLineId: order.lines[1]!.id,
          productId: serialled.id,
          quantity: 2,
          batchId: null,
          batchNumber: null,
          expiryDate: null,
          binId: wh.binId,
          serialNumbers: [`${sn}-1`, `${sn}-2`],
          unitCost: 40,
        },
        {
          poLineId: order.lines[2]!.id,
          productId: plain.id,
          quantity: 5,
          batchId: null,
          batchNumber: null,
          expiryDate: null,
          binId: null,
          serialNumbers: [],
          unitCost: 1.25,
        },
      ],
      purchaseOrder: {
        id: order.id,
        orderNumber: order.orderNumber,
        status: 'PARTIALLY_RECEIVED',
        receivedDate: null,
      },
      createdAt: created.body.createdAt,
    });
    expect(created.body.lines[0].batchId).toEqual(expect.any(String));
  });

  it('deals serials to two lines of one order line by lot, each its own', async () => {
    const p = await product(t, { isBatchTracked: true, requiresSerialTracking: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 4, unitPrice: 10 }]);
    const sn = `SN-${unique()}`;
    const [a, b] = [`LOT-${unique()}`, `LOT-${unique()}`];
    const created = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        line(order, 0, { quantity: 1, batchNumber: a, serialNumbers: [`${sn}-a`] }),
        line(order, 0, { quantity: 2, batchNumber: b, serialNumbers: [`${sn}-b1`, `${sn}-b2`] }),
      ],
    });
    expect(created.status).toBe(201);
    const res = await call('GET', `/goods-receipts/${created.body.id}`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: { batchNumber: string; serialNumbers: string[] }) => l)).toMatchObject([
      { batchNumber: a, serialNumbers: [`${sn}-a`] },
      { batchNumber: b, serialNumbers: [`${sn}-b1`, `${sn}-b2`] },
    ]);
  });

  it('is 404 for an unknown id and for a receipt of another organisation', async () => {
    const p = await product(t, {});
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 1, unitPrice: 1 }]);
    const created = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1 })],
    });
    expect(created.status).toBe(201);
    const across = await call('GET', `/goods-receipts/${created.body.id}`, { key: other.key });
    expect(across.status).toBe(404);
    expect(across.body.error).toMatchObject({ code: 'not_found', message: 'Goods receipt not found' });
    const unknown = await call('GET', '/goods-receipts/cknotareceipt000000000000', { key: t.key });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /goods-receipts', () => {
  it('lists an order’s receipts newest first with lots and serial counts, paged', async () => {
    const [p, s] = await Promise.all([
      product(t, { isBatchTracked: true }),
      product(t, { requiresSerialTracking: true }),
    ]);
    const order = await approvedOrder(t, [
      { productId: p.id, quantity: 9, unitPrice: 3 },
      { productId: s.id, quantity: 2, unitPrice: 7 },
    ]);
    const lot = `LOT-${unique()}`;
    const first = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 2, batchNumber: lot })],
    });
    const second = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 1, { quantity: 1, serialNumbers: [`SN-${unique()}`] })],
    });
    const third = await receive(t, order.id, {
      warehouseId: wh.id,
      notes: 'last',
      lines: [line(order, 0, { quantity: 3, batchNumber: lot })],
    });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    // Another order's receipt stays out of the filtered list.
    const elsewhere = await approvedOrder(t, [{ productId: p.id, quantity: 1, unitPrice: 3 }]);
    expect(
      (
        await receive(t, elsewhere.id, {
          warehouseId: wh.id,
          lines: [line(elsewhere, 0, { quantity: 1, batchNumber: lot })],
        })
      ).status,
    ).toBe(201);

    const all = await call('GET', '/goods-receipts', { key: t.key, query: { purchaseOrderId: order.id } });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ total: 3, page: 1, pageSize: 50, totalPages: 1 });
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual([
      third.body.id,
      second.body.id,
      first.body.id,
    ]);
    expect(all.body.data[0]).toEqual({
      id: third.body.id,
      reference: third.body.reference,
      purchaseOrderId: order.id,
      receivedAt: third.body.receivedAt,
      warehouseId: wh.id,
      notes: 'last',
      currency: 'NZD',
      exchangeRate: 1,
      lineCount: 1,
      totalQuantity: 3,
      lines: [
        {
          poLineId: order.lines[0]!.id,
          productId: p.id,
          quantity: 3,
          batchId: first.body.lines[0].batchId,
          batchNumber: lot,
          binId: null,
          serialCount: 0,
          unitCost: 3,
        },
      ],
      createdAt: third.body.createdAt,
    });
    expect(all.body.data[1].lines[0]).toMatchObject({ productId: s.id, serialCount: 1, batchId: null });

    const page2 = await call('GET', '/goods-receipts', {
      key: t.key,
      query: { purchaseOrderId: order.id, page: 2, pageSize: 2 },
    });
    expect(page2.status).toBe(200);
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([first.body.id]);
  });

  it('without a filter lists the organisation’s receipts newest received first; another organisation sees none', async () => {
    const fresh = await newTenant('Receipt list org');
    const freshWh = await warehouse(fresh);
    const p = await product(fresh, {});
    const order = await approvedOrder(fresh, [{ productId: p.id, quantity: 5, unitPrice: 1 }]);
    const older = await receive(fresh, order.id, {
      warehouseId: freshWh.id,
      lines: [line(order, 0, { quantity: 1 })],
    });
    const newer = await receive(fresh, order.id, {
      warehouseId: freshWh.id,
      lines: [line(order, 0, { quantity: 1 })],
    });
    const res = await call('GET', '/goods-receipts', { key: fresh.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([newer.body.id, older.body.id]);
    expect(res.body.pagination.total).toBe(2);

    const theirs = await call('GET', '/goods-receipts', {
      key: other.key,
      query: { purchaseOrderId: order.id },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ data: [], pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 } });
  });

  it('a malformed or unknown purchaseOrderId gives an empty page (a malformed id can never exist)', async () => {
    const bad = await call('GET', '/goods-receipts', { key: t.key, query: { purchaseOrderId: 'not an id' } });
    expect(bad.status).toBe(200);
    expect(bad.body.data).toEqual([]);
    const unknown = await call('GET', '/goods-receipts', {
      key: t.key,
      query: { purchaseOrderId: 'cknotanorder0000000000000' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
  });
});
