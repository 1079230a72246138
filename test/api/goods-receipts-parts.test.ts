import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serialGuardKey } from '../../functions/areas/inventory/store/serial-numbers.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { receiptChunking } from '../../functions/areas/goods-receipts/receipt-parts.js';
import { purchaseOrderKey } from '../../functions/areas/purchase-orders/store/purchase-orders.js';
import { batchGet } from '../../functions/platform/dynamo/batch-get.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import {
  approvedOrder,
  productDetail,
  purchaseOrderDetail,
  receive,
  serialItemsOf,
} from '../support/goods-receipts.js';
import { product, unique, warehouse } from '../support/inventory.js';
import { outboxItems } from '../support/outbox.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  t = await newTenant('Receipts in parts org');
  wh = await warehouse(t);
});

const defaults = { ...receiptChunking };
afterEach(() => Object.assign(receiptChunking, defaults, { afterStep: undefined }));

/** The order item's partition as stored: the order (with any marker), its receipts and plans. */
async function orderPartition(orgId: string, id: string) {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': purchaseOrderKey(orgId, id).PK },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

const orderItem = async (orgId: string, id: string) =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: purchaseOrderKey(orgId, id), ConsistentRead: true }),
    )
  ).Item!;

describe('receipts beyond one transaction', () => {
  it('a 100-line receipt over 100 products: every product stocked and costed, one receipt, one outbox item', async () => {
    const products = [];
    for (let i = 0; i < 100; i += 10) {
      products.push(...(await Promise.all(Array.from({ length: 10 }, () => product(t)))));
    }
    const order = await approvedOrder(
      t,
      products.map((p, i) => ({ productId: p.id, quantity: 10, unitPrice: 1 + i / 100 })),
    );
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: order.lines.map((l) => ({ poLineId: l.id, productId: l.productId, quantity: 10 })),
    });
    expect(res.status).toBe(201);
    expect(res.body.lines).toHaveLength(100);
    expect(res.body.purchaseOrder.status).toBe('RECEIVED');

    const details = await Promise.all(
      [products[0]!, products[57]!, products[99]!].map((p) => productDetail(t, p.id)),
    );
    expect(details.map((d) => [d.totalStockOnHand, d.costPrice])).toEqual([
      [10, 1],
      [10, 1.57],
      [10, 1.99],
    ]);
    const ledger = (await listLedger(t.orgId)).filter((l) => l.sourceId === res.body.id);
    expect(ledger.length).toBeGreaterThan(1);
    expect(ledger.flatMap((l) => l.movements)).toHaveLength(100);
    expect(new Set(ledger.map((l) => l.sourceNumber))).toEqual(new Set([res.body.reference]));
    const outbox = (await outboxItems(t.orgId)).filter((i) =>
      i.events.some((e: { event: string }) => e.event === 'purchase_order.received'),
    );
    expect(outbox).toHaveLength(1);
    const counts: Record<string, number> = {};
    for (const e of outbox[0]!.events) counts[e.event] = (counts[e.event] ?? 0) + 1;
    expect(counts).toEqual({
      'purchase_order.received': 1,
      'stock.level_changed': 100,
      'product.updated': 100,
    });

    const partition = await orderPartition(t.orgId, order.id);
    expect(partition.map((i) => i.SK.split('#')[0])).toEqual(['PURCHASE_ORDER', 'RECEIPT']);
    expect(partition[0]!.pendingReceipt).toBeUndefined();
    const detail = await purchaseOrderDetail(t, order.id);
    expect(detail.receipts).toEqual([
      expect.objectContaining({ id: res.body.id, lineCount: 100, totalQuantity: 1000 }),
    ]);
  }, 120_000);

  it('a 1000-serial line: every serial AVAILABLE and listed, replayed by its Idempotency-Key', async () => {
    const p = await product(t, { requiresSerialTracking: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 1000, unitPrice: 5 }]);
    const prefix = `BIG-${unique()}`;
    const body = {
      warehouseId: wh.id,
      lines: [
        {
          poLineId: order.lines[0]!.id,
          productId: p.id,
          quantity: 1000,
          serialNumbers: Array.from({ length: 1000 }, (_, i) => `${prefix}-${i}`),
        },
      ],
    };
    const key = { 'idempotency-key': `big-${unique()}` };
    const res = await receive(t, order.id, body, key);
    expect(res.status).toBe(201);
    expect(res.body.lines[0].serialNumbers).toHaveLength(1000);
    const serials = await serialItemsOf(t, p.id);
    expect(serials).toHaveLength(1000);
    expect(new Set(serials.map((s) => s.status))).toEqual(new Set(['AVAILABLE']));
    expect(serials.every((s) => s.pendingReceiptId === undefined && s.receiptId === res.body.id)).toBe(true);
    expect(await productDetail(t, p.id)).toMatchObject({ totalStockOnHand: 1000, costPrice: 5 });

    const replay = await receive(t, order.id, body, key);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(1000);
  }, 120_000);

  it('a serial that exists already stops a receipt in parts with 409 and undoes everything it wrote', async () => {
    const p = await product(t, { requiresSerialTracking: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 1001, unitPrice: 5 }]);
    const prefix = `DUP-${unique()}`;
    const taken = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        { poLineId: order.lines[0]!.id, productId: p.id, quantity: 1, serialNumbers: [`${prefix}-700`] },
      ],
    });
    expect(taken.status).toBe(201);
    const before = await orderItem(t.orgId, order.id);

    const serialNumbers = Array.from({ length: 1000 }, (_, i) => `${prefix}-${i}`);
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [{ poLineId: order.lines[0]!.id, productId: p.id, quantity: 1000, serialNumbers }],
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`Serial number ${prefix}-700 already exists for product ${p.sku}`);

    const guards = await batchGet(
      serialNumbers.map((serialNumber) => serialGuardKey(t.orgId, { productId: p.id, serialNumber })),
    );
    expect(guards.size).toBe(1);
    expect(await serialItemsOf(t, p.id)).toHaveLength(1);
    const after = await orderItem(t.orgId, order.id);
    expect(after.pendingReceipt).toBeUndefined();
    expect([after.status, after.lines[0].receivedQty]).toEqual([before.status, before.lines[0].receivedQty]);
    expect(
      (await orderPartition(t.orgId, order.id)).filter((i) => i.SK.startsWith('PENDING_RECEIPT')),
    ).toEqual([]);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(1);
  }, 120_000);
});

describe('an interrupted receipt in parts', () => {
  const serialBody = (order: { lines: { id: string; productId: string }[] }, quantity: number) => ({
    warehouseId: wh.id,
    lines: [
      {
        poLineId: order.lines[0]!.id,
        productId: order.lines[0]!.productId,
        quantity,
        autoGenerateSerials: true,
      },
    ],
  });
  const crashAt = (step: 'start' | 'commit') => {
    receiptChunking.afterStep = async (at) => {
      if (at === step) throw new Error(`simulated crash after ${step}`);
    };
  };

  it('before its commit: other receipts and transitions wait (409) while fresh; once stale it is undone', async () => {
    receiptChunking.maxItems = 20;
    const p = await product(t, { requiresSerialTracking: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 20, unitPrice: 5 }]);
    crashAt('start');
    expect((await receive(t, order.id, serialBody(order, 12))).status).toBe(500);
    receiptChunking.afterStep = undefined;
    expect((await orderItem(t.orgId, order.id)).pendingReceipt.phase).toBe('PREPARE');

    const waiting = await receive(t, order.id, serialBody(order, 2));
    expect(waiting.status).toBe(409);
    expect(waiting.body.error.message).toBe(
      `A goods receipt of purchase order ${order.orderNumber} is being recorded; retry shortly`,
    );
    const cancel = await call('POST', `/purchase-orders/${order.id}/cancel`, { key: t.key });
    expect([cancel.status, cancel.body.error.code]).toEqual([409, 'conflict']);
    expect((await purchaseOrderDetail(t, order.id)).status).toBe('APPROVED');

    receiptChunking.staleAfterMs = 0;
    const next = await receive(t, order.id, serialBody(order, 2));
    expect(next.status).toBe(201);
    expect(next.body.purchaseOrder.status).toBe('PARTIALLY_RECEIVED');
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(2);
    expect(await serialItemsOf(t, p.id)).toHaveLength(2);
    const detail = await purchaseOrderDetail(t, order.id);
    expect([detail.receiptsTotal, detail.lines[0].receivedQty]).toEqual([1, 2]);
    expect(
      (await orderPartition(t.orgId, order.id)).filter((i) => i.SK.startsWith('PENDING_RECEIPT')),
    ).toEqual([]);
  }, 60_000);

  it('after its commit: the next receipt, once the marker is stale, finishes it first', async () => {
    receiptChunking.maxItems = 20;
    const [p, lotted] = await Promise.all([
      product(t, { requiresSerialTracking: true }),
      product(t, { isBatchTracked: true }),
    ]);
    const order = await approvedOrder(t, [
      { productId: p.id, quantity: 20, unitPrice: 5 },
      { productId: lotted.id, quantity: 4, unitPrice: 2 },
    ]);
    const lotCount = async () =>
      (await call('GET', '/batches', { key: t.key, query: { pageSize: 1 } })).body.pagination.total as number;
    const lotsBefore = await lotCount();
    const number = `PARTS-${unique()}`;
    crashAt('commit');
    const first = {
      ...serialBody(order, 12),
      lines: [
        ...serialBody(order, 12).lines,
        { poLineId: order.lines[1]!.id, productId: lotted.id, quantity: 4, batchNumber: number },
      ],
    };
    expect((await receive(t, order.id, first)).status).toBe(500);
    receiptChunking.afterStep = undefined;
    expect((await orderItem(t.orgId, order.id)).pendingReceipt.phase).toBe('COMMITTED');
    // Its stock is in; its serials and its lot are not visible yet and the order is unchanged.
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(12);
    expect(await serialItemsOf(t, p.id)).toHaveLength(0);
    const hidden = await call('GET', '/batches', { key: t.key, query: { productId: lotted.id } });
    expect([hidden.body.data, await lotCount()]).toEqual([[], lotsBefore]);
    expect((await purchaseOrderDetail(t, order.id)).status).toBe('APPROVED');

    receiptChunking.staleAfterMs = 0;
    const next = await receive(t, order.id, serialBody(order, 8));
    expect(next.status).toBe(201);
    expect(next.body.purchaseOrder.status).toBe('RECEIVED');
    const detail = await purchaseOrderDetail(t, order.id);
    expect([detail.receiptsTotal, detail.lines.map((l: { receivedQty: number }) => l.receivedQty)]).toEqual([
      2,
      [20, 4],
    ]);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(20);
    expect(await serialItemsOf(t, p.id)).toHaveLength(20);
    const lots = await call('GET', '/batches', { key: t.key, query: { productId: lotted.id } });
    expect(
      lots.body.data.map((b: { batchNumber: string; status: string }) => [b.batchNumber, b.status]),
    ).toEqual([[number, 'ACTIVE']]);
    expect(await lotCount()).toBe(lotsBefore + 1);
    const received = (await outboxItems(t.orgId))
      .flatMap((i) => i.events)
      .filter((e) => e.event === 'purchase_order.received' && e.data.id === order.id);
    expect(received).toHaveLength(2);
  }, 60_000);
});
