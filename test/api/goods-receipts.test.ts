import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBatch } from '../../functions/areas/inventory/steps/batches.js';
import { deactivateWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { getSerialNumber } from '../../functions/areas/inventory/store/serial-numbers.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { setOrganisationExchangeRate } from '../../functions/areas/organisations/back-office/exchange-rates.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { batchKey } from '../../functions/areas/inventory/public.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import {
  approvedOrder,
  productDetail,
  purchaseOrderDetail,
  receive,
  serialItemsOf,
} from '../support/goods-receipts.js';
import { adjust, product, unique, warehouse } from '../support/inventory.js';
import { outboxItems } from '../support/outbox.js';
import { createPurchaseOrder, supplier } from '../support/purchase-orders.js';

let t: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  t = await newTenant('Receipts org');
  wh = await warehouse(t);
});

const line = (order: { lines: { id: string; productId: string }[] }, i: number, extra = {}) => ({
  poLineId: order.lines[i]!.id,
  productId: order.lines[i]!.productId,
  ...extra,
});

const setBatchStatus = (orgId: string, batchId: string, status: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: batchKey(orgId, batchId),
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );

describe('POST /purchase-orders/{id}/receipts', () => {
  it('records a partial receipt: 201 body, order PARTIALLY_RECEIVED with the receipt summary, stock, cost, ledger, events, audit', async () => {
    const p = await product(t, { costPrice: 2 });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 10, unitPrice: 3.5 }]);
    expect((await adjust(t, [{ productId: p.id, warehouseId: wh.id, quantityChange: 10 }])).status).toBe(201);

    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      notes: 'first truck',
      lines: [line(order, 0, { quantity: 5, binId: wh.binId })],
      landedCosts: [{ amount: 100 }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^GR-\d{6}$/),
      receivedAt: expect.any(String),
      warehouseId: wh.id,
      notes: 'first truck',
      currency: 'NZD',
      exchangeRate: 1,
      lines: [
        {
          poLineId: order.lines[0]!.id,
          productId: p.id,
          quantity: 5,
          batchId: null,
          batchNumber: null,
          binId: wh.binId,
          serialNumbers: [],
          unitCost: 3.5,
        },
      ],
      purchaseOrder: {
        id: order.id,
        orderNumber: order.orderNumber,
        status: 'PARTIALLY_RECEIVED',
        receivedDate: null,
      },
      createdAt: res.body.receivedAt,
    });

    const detail = await purchaseOrderDetail(t, order.id);
    expect(detail.status).toBe('PARTIALLY_RECEIVED');
    expect(detail.lines[0].receivedQty).toBe(5);
    expect(detail.receipts).toEqual([
      {
        id: res.body.id,
        reference: res.body.reference,
        receivedAt: res.body.receivedAt,
        warehouseId: wh.id,
        notes: 'first truck',
        lineCount: 1,
        totalQuantity: 5,
      },
    ]);
    // Weighted average: (10 x 2 + 5 x 3.5) / 15 = 2.5.
    expect(await productDetail(t, p.id)).toMatchObject({ totalStockOnHand: 15, costPrice: 2.5 });

    const ledger = (await listLedger(t.orgId)).filter((l) => l.sourceId === res.body.id);
    expect(ledger.map((l) => [l.sourceType, l.sourceNumber, l.movements])).toEqual([
      [
        'goods_receipt',
        res.body.reference,
        [{ productId: p.id, warehouseId: wh.id, binId: wh.binId, batchId: null, quantity: 5 }],
      ],
    ]);
    const events = (await outboxItems(t.orgId)).flatMap((i) => i.events);
    expect(events.filter((e) => e.event === 'purchase_order.received').map((e) => e.data)).toEqual([
      { id: order.id, receiptId: res.body.id, reference: res.body.reference, status: 'PARTIALLY_RECEIVED' },
    ]);
    const sameWrite = (await outboxItems(t.orgId)).find((i) =>
      i.events.some((e: { event: string }) => e.event === 'purchase_order.received'),
    )!.events;
    expect(sameWrite.map((e: { event: string }) => e.event).sort()).toEqual([
      'product.updated',
      'purchase_order.received',
      'stock.level_changed',
    ]);
    const audit = await listAudit(t.orgId, { resourceId: order.id });
    expect(audit.filter((a) => a.action === 'receive').map((a) => a.warnings)).toEqual([[]]);
  });

  it('the receipt completing every line makes the order RECEIVED with receivedDate = receivedAt; another receipt is then 422', async () => {
    const [a, b] = await Promise.all([product(t), product(t)]);
    const order = await approvedOrder(t, [
      { productId: a.id, quantity: 4, unitPrice: 1 },
      { productId: b.id, quantity: 2, unitPrice: 1 },
    ]);
    const first = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 4 })],
    });
    expect(first.body.purchaseOrder.status).toBe('PARTIALLY_RECEIVED');
    // Backdated to just after the order date: receivedAt may be any instant from the order date on.
    const receivedAt = new Date(Date.parse(order.orderDate) + 1).toISOString();
    const second = await receive(t, order.id, {
      warehouseId: wh.id,
      receivedAt,
      lines: [line(order, 1, { quantity: 2 })],
    });
    expect(second.status).toBe(201);
    expect(second.body.purchaseOrder).toEqual({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'RECEIVED',
      receivedDate: receivedAt,
    });
    expect(Number(second.body.reference.slice(3))).toBe(Number(first.body.reference.slice(3)) + 1);
    const detail = await purchaseOrderDetail(t, order.id);
    expect([detail.status, detail.receivedDate, detail.receiptsTotal]).toEqual(['RECEIVED', receivedAt, 2]);
    expect(detail.receipts.map((r: { id: string }) => r.id)).toEqual([first.body.id, second.body.id]);

    const again = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 1, { quantity: 1 })],
    });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(
      'Purchase order is RECEIVED; receive needs APPROVED or PARTIALLY_RECEIVED',
    );
  });

  it('over-receipt is accepted and audited with an OVER_RECEIPT warning', async () => {
    const p = await product(t);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 3, unitPrice: 1 }]);
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 2 }), line(order, 0, { quantity: 3, binId: wh.binId })],
    });
    expect(res.status).toBe(201);
    expect(res.body.purchaseOrder.status).toBe('RECEIVED');
    const audit = await listAudit(t.orgId, { resourceType: 'purchase_order', resourceId: order.id });
    expect(audit.filter((a) => a.action === 'receive').map((a) => a.warnings)).toEqual([
      [`OVER_RECEIPT: line ${order.lines[0]!.id} (${p.sku}) ordered 3, received 5`],
    ]);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(5);
  });

  it('weighted-average cost of a foreign-currency order at the organisation rate; a missing rate is 422', async () => {
    const org = await newTenant('Rates org');
    const w = await warehouse(org);
    const p = await product(org, { costPrice: 2 });
    expect((await adjust(org, [{ productId: p.id, warehouseId: w.id, quantityChange: 10 }])).status).toBe(
      201,
    );
    const order = await approvedOrder(org, [{ productId: p.id, quantity: 10, unitPrice: 2.5 }], {
      currency: 'USD',
    });

    const refused = await receive(org, order.id, {
      warehouseId: w.id,
      lines: [line(order, 0, { quantity: 10 })],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'unprocessable',
      message: `No exchange rate from USD to the base currency NZD; the stock of purchase order ${order.orderNumber} cannot be costed`,
    });
    expect(await productDetail(org, p.id)).toMatchObject({ totalStockOnHand: 10, costPrice: 2 });

    await setOrganisationExchangeRate(org.orgId, 'USD', '1.6');
    const res = await receive(org, order.id, {
      warehouseId: w.id,
      lines: [line(order, 0, { quantity: 10 })],
    });
    expect(res.status).toBe(201);
    expect([res.body.currency, res.body.exchangeRate, res.body.lines[0].unitCost]).toEqual(['USD', 1.6, 4]);
    // (10 x 2 + 10 x 2.5 x 1.6) / 20 = 3.
    expect(await productDetail(org, p.id)).toMatchObject({ totalStockOnHand: 20, costPrice: 3 });
  });

  it('weighted-average cost without stock on hand is the receipt cost; two lines of one product average together', async () => {
    const p = await product(t, { costPrice: 9 });
    const order = await approvedOrder(t, [
      { productId: p.id, quantity: 2, unitPrice: 1.25 },
      { productId: p.id, quantity: 6, unitPrice: 3.0001 },
    ]);
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 2 }), line(order, 1, { quantity: 6 })],
    });
    expect(res.status).toBe(201);
    // (2 x 1.25 + 6 x 3.0001) / 8 = 2.5625750 -> 2.5626
    expect(await productDetail(t, p.id)).toMatchObject({ totalStockOnHand: 8, costPrice: 2.5626 });
  });
});

describe('receipts: lots (rule 1)', () => {
  it('expiryRequired (issue 25 item 12): a new lot without expiryDate takes manufactureDate + shelfLifeDays', async () => {
    const p = await product(t, { isBatchTracked: true, expiryRequired: true, shelfLifeDays: 30 });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 10, unitPrice: 2 }]);
    const number = `LOT-${unique()}`;
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 4, batchNumber: number, manufactureDate: '2026-11-01T08:00:00Z' })],
    });
    expect(res.status).toBe(201);
    const lot = await call('GET', `/batches/${res.body.lines[0].batchId}`, { key: t.key });
    expect(lot.body).toMatchObject({
      batchNumber: number,
      manufactureDate: '2026-11-01',
      expiryDate: '2026-12-01',
    });
    // A given expiryDate wins over the shelf life.
    const given = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        line(order, 0, {
          quantity: 1,
          batchNumber: `LOT-${unique()}`,
          manufactureDate: '2026-11-01T08:00:00Z',
          expiryDate: '2026-11-20T00:00:00Z',
        }),
      ],
    });
    const givenLot = await call('GET', `/batches/${given.body.lines[0].batchId}`, { key: t.key });
    expect(givenLot.body.expiryDate).toBe('2026-11-20');
  });

  it('expiryRequired (issue 25 item 12): a new lot without an expiry it can derive is 422 naming the line; nothing is received', async () => {
    const [plain, required, noShelfLife] = await Promise.all([
      product(t, { isBatchTracked: true }),
      product(t, { isBatchTracked: true, expiryRequired: true, shelfLifeDays: 30 }),
      product(t, { isBatchTracked: true, expiryRequired: true }),
    ]);
    const order = await approvedOrder(t, [
      { productId: plain.id, quantity: 5, unitPrice: 1 },
      { productId: required.id, quantity: 5, unitPrice: 1 },
      { productId: noShelfLife.id, quantity: 5, unitPrice: 1 },
    ]);
    const noManufactureDate = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        line(order, 0, { quantity: 1, batchNumber: `LOT-${unique()}` }),
        line(order, 1, { quantity: 1, batchNumber: `LOT-${unique()}` }),
      ],
    });
    expect([noManufactureDate.status, noManufactureDate.body.error]).toEqual([
      422,
      {
        code: 'unprocessable',
        message: expect.stringMatching(
          /^lines\[1\]\.expiryDate is required: product .+ requires an expiry date/,
        ),
      },
    ]);
    const noShelf = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        line(order, 2, {
          quantity: 1,
          batchNumber: `LOT-${unique()}`,
          manufactureDate: '2026-11-01T08:00:00Z',
        }),
      ],
    });
    expect([noShelf.status, noShelf.body.error.message]).toEqual([
      422,
      expect.stringMatching(/^lines\[0\]\.expiryDate is required: product .+ requires an expiry date/),
    ]);
    expect((await purchaseOrderDetail(t, order.id)).status).toBe('APPROVED');
  });

  it('a new batchNumber creates the lot with its dates; the same number later reuses it', async () => {
    const p = await product(t, { isBatchTracked: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 10, unitPrice: 2 }]);
    const number = `LOT-${unique()}`;
    const first = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        line(order, 0, {
          quantity: 4,
          batchNumber: number,
          isBatchTracked: true,
          manufactureDate: '2026-01-01T00:00:00.000Z',
          expiryDate: '2027-01-01T00:00:00.000Z',
        }),
      ],
    });
    expect(first.status).toBe(201);
    const batchId = first.body.lines[0].batchId as string;
    expect(first.body.lines[0].batchNumber).toBe(number);
    const second = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 6, batchNumber: number.toLowerCase() })],
    });
    expect(second.body.lines[0]).toMatchObject({ batchId, batchNumber: number });
    const lots = await call('GET', '/batches', { key: t.key, query: { productId: p.id } });
    expect(lots.body.data).toEqual([
      expect.objectContaining({
        id: batchId,
        batchNumber: number,
        status: 'ACTIVE',
        manufactureDate: '2026-01-01',
        expiryDate: '2027-01-01',
        unitCost: 2,
      }),
    ]);
    const stock = await call('GET', '/stock-on-hand', { key: t.key, query: { productId: p.id } });
    expect(stock.body.data[0].batches).toEqual([expect.objectContaining({ batchId, quantityOnHand: 10 })]);
  });

  it('an EXPIRED or RECALLED lot is 422; batchId and batchNumber together are 400; no lot is 422', async () => {
    const p = await product(t, { isBatchTracked: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 10, unitPrice: 2 }]);
    const expired = await createBatch({ orgId: t.orgId, productId: p.id, batchNumber: `EXP-${unique()}` });
    const recalled = await createBatch({ orgId: t.orgId, productId: p.id, batchNumber: `REC-${unique()}` });
    await setBatchStatus(t.orgId, expired.id, 'EXPIRED');
    await setBatchStatus(t.orgId, recalled.id, 'RECALLED');
    const byNumber = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1, batchNumber: expired.batchNumber })],
    });
    expect(byNumber.status).toBe(422);
    expect(byNumber.body.error.message).toBe(
      `lines[0]: batch ${expired.batchNumber} is EXPIRED and cannot receive stock`,
    );
    const byId = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1, batchId: recalled.id })],
    });
    expect([byId.status, byId.body.error.code]).toEqual([422, 'unprocessable']);
    const both = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1, batchId: recalled.id, batchNumber: 'X' })],
    });
    expect([both.status, both.body.error.code]).toEqual([400, 'validation_error']);
    const none = await receive(t, order.id, { warehouseId: wh.id, lines: [line(order, 0, { quantity: 1 })] });
    expect(none.status).toBe(422);
    expect(none.body.error.message).toBe(
      `lines[0].batchNumber is required: product ${p.sku} is batch-tracked`,
    );
    expect((await purchaseOrderDetail(t, order.id)).status).toBe('APPROVED');
  });

  it('a lot of another product: by batchId 422 invalid_reference, by number 422; a lot flag on an untracked product 422', async () => {
    const [p, other, plain] = await Promise.all([
      product(t, { isBatchTracked: true }),
      product(t, { isBatchTracked: true }),
      product(t),
    ]);
    const order = await approvedOrder(t, [
      { productId: p.id, quantity: 10, unitPrice: 2 },
      { productId: plain.id, quantity: 1, unitPrice: 2 },
    ]);
    const foreign = await createBatch({
      orgId: t.orgId,
      productId: other.id,
      batchNumber: `OTH-${unique()}`,
    });
    const byId = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1, batchId: foreign.id })],
    });
    expect([byId.status, byId.body.error.code]).toEqual([422, 'invalid_reference']);
    const byNumber = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1, batchNumber: foreign.batchNumber })],
    });
    expect([byNumber.status, byNumber.body.error.code]).toEqual([422, 'unprocessable']);
    const flagged = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 1, { quantity: 1, isBatchTracked: true })],
    });
    expect(flagged.status).toBe(422);
    expect(flagged.body.error.message).toBe(
      `lines[0].isBatchTracked is true but product ${plain.sku} is not batch-tracked`,
    );
  });

  it('two receipts creating the same new lot number at once: one 201, the other 409 (or it reuses the lot)', async () => {
    const p = await product(t, { isBatchTracked: true });
    const [o1, o2] = await Promise.all([
      approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 2 }]),
      approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 2 }]),
    ]);
    const number = `RACE-${unique()}`;
    const results = await Promise.all(
      [o1, o2].map((o) =>
        receive(t, o.id, { warehouseId: wh.id, lines: [line(o, 0, { quantity: 5, batchNumber: number })] }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const created = results.filter((r) => r.status === 201).map((r) => r.body.lines[0].batchId);
    expect(new Set(created).size).toBe(1);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(5 * created.length);
  });
});

describe('receipts: serial numbers (rule 2)', () => {
  it('creates the serials AVAILABLE, linked to the order line and receipt; a serial received again is 409', async () => {
    const p = await product(t, { requiresSerialTracking: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 3, unitPrice: 50 }]);
    const sn = `SN-${unique()}`;
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 2, serialNumbers: [`${sn}-1`, `${sn}-2`], binId: wh.binId })],
    });
    expect(res.status).toBe(201);
    expect(res.body.lines[0].serialNumbers).toEqual([`${sn}-1`, `${sn}-2`]);
    const items = await serialItemsOf(t, p.id);
    expect(items).toHaveLength(2);
    const serial = await getSerialNumber(t.orgId, items[0]!.id);
    expect(serial).toMatchObject({
      status: 'AVAILABLE',
      productId: p.id,
      warehouseId: wh.id,
      binId: wh.binId,
      purchaseOrderId: order.id,
      poLineId: order.lines[0]!.id,
      receiptId: res.body.id,
      receivedAt: res.body.receivedAt,
      historyTotal: 1,
      history: [
        {
          fromStatus: null,
          toStatus: 'AVAILABLE',
          at: res.body.receivedAt,
          sourceType: 'goods_receipt',
          sourceId: res.body.id,
        },
      ],
    });

    const duplicate = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1, serialNumbers: [`${sn}-2`.toLowerCase()] })],
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toEqual({
      code: 'conflict',
      message: `Serial number ${sn.toLowerCase()}-2 already exists for product ${p.sku}`,
    });
    expect((await purchaseOrderDetail(t, order.id)).lines[0].receivedQty).toBe(2);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(2);
  });

  it('autoGenerateSerials numbers the units after the receipt reference; a wrong count or fraction is 422', async () => {
    const p = await product(t, { requiresSerialTracking: true });
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 50 }]);
    const res = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 2, autoGenerateSerials: true, requiresSerialTracking: true })],
    });
    expect(res.body.lines[0].serialNumbers).toEqual([
      `${res.body.reference}-0001`,
      `${res.body.reference}-0002`,
    ]);
    const short = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 2, serialNumbers: ['only-one'] })],
    });
    expect([short.status, short.body.error.code]).toEqual([422, 'unprocessable']);
    const fraction = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [line(order, 0, { quantity: 1.5, autoGenerateSerials: true })],
    });
    expect([fraction.status, fraction.body.error.code]).toEqual([422, 'unprocessable']);
    const inBody = await receive(t, order.id, {
      warehouseId: wh.id,
      lines: [
        line(order, 0, { quantity: 1, serialNumbers: ['twice'] }),
        line(order, 0, { quantity: 1, serialNumbers: ['TWICE'] }),
      ],
    });
    expect([inBody.status, inBody.body.error.code]).toEqual([422, 'unprocessable']);
  });
});

describe('receipts: order, references, validation and tenancy', () => {
  it('an order in DRAFT is 422 naming it; an unknown or other tenant order is 404', async () => {
    const p = await product(t);
    const s = await supplier(t);
    const draft = await createPurchaseOrder(t, {
      supplierId: s.id,
      lines: [{ productId: p.id, quantity: 1, unitPrice: 1 }],
    });
    const body = {
      warehouseId: wh.id,
      lines: [{ poLineId: draft.body.lines[0].id, productId: p.id, quantity: 1 }],
    };
    const res = await receive(t, draft.body.id, body);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'Purchase order is DRAFT; receive needs APPROVED or PARTIALLY_RECEIVED',
    );
    expect((await receive(t, 'nope', body)).status).toBe(404);
    const other = await newTenant('Other org');
    const foreign = await receive(other, draft.body.id, body);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
  });

  it('an inactive supplier is 422; an unknown, foreign or inactive warehouse 422 invalid_reference', async () => {
    const p = await product(t);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 1 }]);
    const other = await newTenant('Foreign warehouse org');
    const foreignWarehouse = await warehouse(other);
    for (const warehouseId of ['nope', foreignWarehouse.id]) {
      const res = await receive(t, order.id, { warehouseId, lines: [line(order, 0, { quantity: 1 })] });
      expect([res.status, res.body.error.code]).toEqual([422, 'invalid_reference']);
    }
    const closed = await warehouse(t);
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: closed.id });
    const inactive = await receive(t, order.id, {
      warehouseId: closed.id,
      lines: [line(order, 0, { quantity: 1 })],
    });
    expect(inactive.body.error).toEqual({
      code: 'invalid_reference',
      message: 'warehouseId does not reference an existing active warehouse',
    });
    expect(
      (await call('PUT', `/suppliers/${order.supplier.id}`, { key: t.key, body: { isActive: false } }))
        .status,
    ).toBe(200);
    const res = await receive(t, order.id, { warehouseId: wh.id, lines: [line(order, 0, { quantity: 1 })] });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      `Supplier ${order.supplier.code} (${(await call('GET', `/suppliers/${order.supplier.id}`, { key: t.key })).body.name}) is not active; purchase order ${order.orderNumber} cannot be received`,
    );
  });

  it('a foreign poLineId, a product other than the line’s and a bin of another warehouse are 422 invalid_reference', async () => {
    const [p, q] = await Promise.all([product(t), product(t)]);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 1 }]);
    const otherWarehouse = await warehouse(t);
    for (const l of [
      { poLineId: 'nope', productId: p.id, quantity: 1 },
      line(order, 0, { productId: q.id, quantity: 1 }),
      line(order, 0, { quantity: 1, binId: otherWarehouse.binId }),
    ]) {
      const res = await receive(t, order.id, { warehouseId: wh.id, lines: [l] });
      expect([res.status, res.body.error.code]).toEqual([422, 'invalid_reference']);
    }
  });

  it('receivedAt before the order date is 422; body shape errors are 400', async () => {
    const p = await product(t);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 1 }]);
    const early = await receive(t, order.id, {
      warehouseId: wh.id,
      receivedAt: '2020-01-01T00:00:00.000Z',
      lines: [line(order, 0, { quantity: 1 })],
    });
    expect(early.status).toBe(422);
    expect(early.body.error.message).toMatch(
      /^receivedAt \(2020-01-01T00:00:00.000Z\) is before the order date/,
    );
    for (const body of [
      { lines: [line(order, 0, { quantity: 1 })] },
      { warehouseId: wh.id, lines: [] },
      { warehouseId: wh.id, lines: [line(order, 0, { quantity: 0 })] },
      { warehouseId: wh.id, lines: [line(order, 0, { quantity: 1_000_000 })] },
      { warehouseId: wh.id, notes: 'x'.repeat(2001), lines: [line(order, 0, { quantity: 1 })] },
      { warehouseId: wh.id, lines: Array.from({ length: 101 }, () => line(order, 0, { quantity: 1 })) },
    ]) {
      const res = await receive(t, order.id, body);
      expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
    }
  });
});

describe('receipts: idempotency and races', () => {
  it('replays the same key and body, refuses it with another body or on another order (422 idempotency_key_reuse)', async () => {
    const p = await product(t);
    const [o1, o2] = await Promise.all([
      approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 1 }]),
      approvedOrder(t, [{ productId: p.id, quantity: 5, unitPrice: 1 }]),
    ]);
    const key = { 'idempotency-key': `gr-${unique()}` };
    const body = { warehouseId: wh.id, lines: [line(o1, 0, { quantity: 2 })] };
    const first = await receive(t, o1.id, body, key);
    const replay = await receive(t, o1.id, body, key);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await purchaseOrderDetail(t, o1.id)).lines[0].receivedQty).toBe(2);
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(2);
    const otherBody = await receive(t, o1.id, { ...body, notes: 'changed' }, key);
    expect([otherBody.status, otherBody.body.error.code]).toEqual([422, 'idempotency_key_reuse']);
    const otherOrder = await receive(
      t,
      o2.id,
      { warehouseId: wh.id, lines: [line(o2, 0, { quantity: 2 })] },
      key,
    );
    expect([otherOrder.status, otherOrder.body.error.code]).toEqual([422, 'idempotency_key_reuse']);
    expect((await purchaseOrderDetail(t, o2.id)).status).toBe('APPROVED');
  });

  it('two concurrent receipts that together complete the order: both 201, RECEIVED, exact stock and cost', async () => {
    const p = await product(t, { costPrice: 1 });
    const order = await approvedOrder(t, [
      { productId: p.id, quantity: 4, unitPrice: 2 },
      { productId: p.id, quantity: 6, unitPrice: 3 },
    ]);
    const results = await Promise.all([
      receive(t, order.id, { warehouseId: wh.id, lines: [line(order, 0, { quantity: 4 })] }),
      receive(t, order.id, { warehouseId: wh.id, lines: [line(order, 1, { quantity: 6 })] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results.map((r) => r.body.purchaseOrder.status).sort()).toEqual([
      'PARTIALLY_RECEIVED',
      'RECEIVED',
    ]);
    const detail = await purchaseOrderDetail(t, order.id);
    expect([
      detail.status,
      detail.receiptsTotal,
      detail.lines.map((l: { receivedQty: number }) => l.receivedQty),
    ]).toEqual(['RECEIVED', 2, [4, 6]]);
    // Whatever the order: (4 x 2 + 6 x 3) / 10 = 2.6.
    expect(await productDetail(t, p.id)).toMatchObject({ totalStockOnHand: 10, costPrice: 2.6 });
  });

  it('two concurrent receipts each completing the order: one 201, the other 422 naming RECEIVED', async () => {
    const p = await product(t);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 3, unitPrice: 1 }]);
    const body = { warehouseId: wh.id, lines: [line(order, 0, { quantity: 3 })] };
    const results = await Promise.all([receive(t, order.id, body), receive(t, order.id, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.error.message).toBe(
      'Purchase order is RECEIVED; receive needs APPROVED or PARTIALLY_RECEIVED',
    );
    expect((await productDetail(t, p.id)).totalStockOnHand).toBe(3);
  });

  it('tenant isolation: another organisation sees neither the receipt’s order nor its stock', async () => {
    const p = await product(t);
    const order = await approvedOrder(t, [{ productId: p.id, quantity: 1, unitPrice: 1 }]);
    await receive(t, order.id, { warehouseId: wh.id, lines: [line(order, 0, { quantity: 1 })] });
    const other = await newTenant('Isolation org');
    expect((await call('GET', `/purchase-orders/${order.id}`, { key: other.key })).status).toBe(404);
    expect((await call('GET', `/products/${p.id}`, { key: other.key })).status).toBe(404);
  });
});
