import { beforeAll, describe, expect, it } from 'vitest';
import { approveCreditNoteCommand } from '../../functions/areas/credit-notes/steps/transitions.js';
import { createCreditNoteCommand } from '../../functions/areas/credit-notes/steps/create.js';
import { projectLedgerEntries, rebuildMovements } from '../../functions/areas/reports/ledger-projection.js';
import { movementPartitions } from '../../functions/areas/reports/store/movements.js';
import { pickSalesOrder } from '../../functions/areas/sales-orders/steps/pick.js';
import { BatchWriteCommand, QueryCommand } from '../../functions/platform/dynamo/commands.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { streamPoller } from '../../infra/local/stream-poller.js';
import { handleLedgerRecords } from '../../functions/areas/reports/ledger-projection.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, product, warehouse } from '../support/inventory.js';
import { movementReport, projectLedger } from '../support/reports.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';

let t: Tenant;
let other: Tenant;
let w1: Awaited<ReturnType<typeof warehouse>>;
let w2: Awaited<ReturnType<typeof warehouse>>;
let plain: { id: string; sku: string; name: string };
let tracked: { id: string; sku: string; name: string };
let lot: { id: string; batchNumber: string };
let orderId: string;
let orderNumber: string;
let note: { id: string; creditNoteNumber: string };
let adjustments: { id: string; adjustmentNumber: string }[];

const movements = (query: Record<string, string>, tenant = t) =>
  call('GET', '/reports/stock-movement', { key: tenant.key, query });

const created = async (res: Awaited<ReturnType<typeof adjust>>) => {
  if (res.status !== 201) throw new Error(`adjustment failed: ${res.raw}`);
  return res.body as { id: string; adjustmentNumber: string };
};

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Movement report org'), newTenant('Other movement org')]);
  [w1, w2, plain, tracked] = await Promise.all([
    warehouse(t),
    warehouse(t),
    product(t, { defaultPrice: 10 }),
    product(t, { isBatchTracked: true }),
  ]);
  lot = await batchOf(t, tracked.id, '2030-01-31');
  adjustments = [];
  adjustments.push(
    await created(
      await adjust(t, [
        { productId: plain.id, warehouseId: w1.id, binId: w1.binId, quantityChange: 20 },
        { productId: plain.id, warehouseId: w2.id, quantityChange: 5 },
      ]),
    ),
  );
  adjustments.push(
    await created(
      await adjust(t, [{ productId: tracked.id, warehouseId: w1.id, batchId: lot.id, quantityChange: 10 }]),
    ),
  );
  // A sales order picked (stock out) then cancelled (picked stock back).
  const c = await customer(t);
  const order = await draftOrder(t, [{ productId: plain.id, quantity: 4 }], {
    customerId: c.id,
    warehouseId: w1.id,
  });
  orderId = order.id;
  orderNumber = order.orderNumber;
  await confirmOrder(t, order.id);
  await pickSalesOrder({ orgId: t.orgId, id: order.id });
  const cancelled = await call('POST', `/sales-orders/${order.id}/cancel`, {
    key: t.key,
    body: { reason: 'customer changed mind' },
  });
  expect(cancelled.status).toBe(200);
  // A credit note returning stock into w2.
  note = await createCreditNoteCommand({
    orgId: t.orgId,
    customerId: c.id,
    returnStock: true,
    warehouseId: w2.id,
    lines: [{ productId: plain.id, quantity: 2, unitPrice: 10 }],
  });
  await approveCreditNoteCommand({ orgId: t.orgId, id: note.id });
  adjustments.push(
    await created(await adjust(t, [{ productId: plain.id, warehouseId: w2.id, quantityChange: -1 }])),
  );
  await projectLedger(t.orgId);
});

const window = () => ({
  dateFrom: new Date(Date.now() - 3_600_000).toISOString(),
  dateTo: new Date(Date.now() + 3_600_000).toISOString(),
});

type Row = Record<string, any>;
const summary = (rows: Row[]) =>
  rows.map((r) => [
    r.sourceType,
    r.sourceNumber,
    r.product.id,
    r.warehouse.id,
    r.quantityChange,
    r.direction,
  ]);

describe('GET /reports/stock-movement', () => {
  it('lists every kind of movement newest first, signed in base units, with its source document', async () => {
    const res = await movements(window());
    expect(res.status).toBe(200);
    const rows = res.body.movements as Row[];
    expect(summary(rows)).toEqual([
      ['stock_adjustment', adjustments[2]!.adjustmentNumber, plain.id, w2.id, -1, 'OUT'],
      ['credit_note', note.creditNoteNumber, plain.id, w2.id, 2, 'IN'],
      ['sales_order', orderNumber, plain.id, w1.id, 4, 'IN'],
      ['sales_order', orderNumber, plain.id, w1.id, -4, 'OUT'],
      ['stock_adjustment', adjustments[1]!.adjustmentNumber, tracked.id, w1.id, 10, 'IN'],
      // One document's movements share its instant; within it the later movement sorts first.
      ['stock_adjustment', adjustments[0]!.adjustmentNumber, plain.id, w2.id, 5, 'IN'],
      ['stock_adjustment', adjustments[0]!.adjustmentNumber, plain.id, w1.id, 20, 'IN'],
    ]);
    expect(res.body.truncated).toBe(false);
    const dates = rows.map((r) => r.date as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(rows[6]).toEqual({
      date: dates[6],
      product: { id: plain.id, sku: plain.sku, name: plain.name },
      warehouse: { id: w1.id, code: w1.code },
      bin: { id: w1.binId, code: w1.binCode },
      batch: null,
      quantityChange: 20,
      direction: 'IN',
      sourceType: 'stock_adjustment',
      sourceId: adjustments[0]!.id,
      sourceNumber: adjustments[0]!.adjustmentNumber,
    });
    expect(rows[4]).toMatchObject({
      batch: { id: lot.id, batchNumber: lot.batchNumber },
      bin: null,
      sourceId: adjustments[1]!.id,
    });
    expect(rows[1]).toMatchObject({ sourceId: note.id, bin: null, batch: null });
    expect(rows[2]!.sourceId).toBe(orderId);
  });

  it('filters by product, by warehouse, and by both, each newest first', async () => {
    const byProduct = await movements({ ...window(), productId: tracked.id });
    expect(summary(byProduct.body.movements)).toEqual([
      ['stock_adjustment', adjustments[1]!.adjustmentNumber, tracked.id, w1.id, 10, 'IN'],
    ]);
    const byWarehouse = await movements({ ...window(), warehouseId: w2.id });
    expect(byWarehouse.body.movements.map((r: Row) => r.quantityChange)).toEqual([-1, 2, 5]);
    const both = await movements({ ...window(), productId: plain.id, warehouseId: w1.id });
    expect(both.body.movements.map((r: Row) => r.quantityChange)).toEqual([4, -4, 20]);
    const none = await movements({ ...window(), productId: tracked.id, warehouseId: w2.id });
    expect(none.body.movements).toEqual([]);
  });

  it('covers only the window: a date-only dateTo takes its whole UTC day, earlier and later days show nothing', async () => {
    const all = (await movements(window())).body.movements as Row[];
    const today = all[0]!.date.slice(0, 10) as string;
    const whole = await movements({ dateFrom: today, dateTo: today });
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({
      dateFrom: `${today}T00:00:00.000Z`,
      dateTo: `${today}T23:59:59.999Z`,
    });
    expect(summary(whole.body.movements)).toEqual(summary(all.filter((r) => r.date.startsWith(today))));
    const before = await movements({ dateFrom: '2020-01-01', dateTo: '2020-12-31' });
    expect(before.body.movements).toEqual([]);
    // From the instant of the credit note on: it and the adjustment after it.
    const rows = (await movements(window())).body.movements as Row[];
    const since = await movements({ dateFrom: rows[1]!.date, dateTo: window().dateTo });
    expect(summary(since.body.movements)).toEqual(summary(rows.slice(0, 2)));
    const until = await movements({ dateFrom: window().dateFrom, dateTo: rows[5]!.date });
    expect(summary(until.body.movements)).toEqual(summary(rows.slice(5)));
  });

  it('400 for a missing or unreadable date, or a dateTo not after dateFrom', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ dateTo: '2024-01-31' }, "Query parameter 'dateFrom' is required"],
      [{ dateFrom: '2024-01-01' }, "Query parameter 'dateTo' is required"],
      [
        { dateFrom: 'yesterday', dateTo: '2024-01-31' },
        "Query parameter 'dateFrom' must be an ISO 8601 date or timestamp",
      ],
      [
        { dateFrom: '2024-01-01', dateTo: '2024-02-30' },
        "Query parameter 'dateTo' must be an ISO 8601 date or timestamp",
      ],
      [{ dateFrom: '2024-02-01', dateTo: '2024-01-31' }, "Query parameter 'dateTo' must be after dateFrom"],
      [
        { dateFrom: '2024-02-01T10:00:00Z', dateTo: '2024-02-01T10:00:00Z' },
        "Query parameter 'dateTo' must be after dateFrom",
      ],
      [{ ...window(), productId: 'not an id!' }, "Query parameter 'productId' is not an id"],
    ];
    for (const [query, message] of cases) {
      const res = await movements(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid_parameter', message });
    }
  });

  it('422 invalid_reference for a product or warehouse of another organisation', async () => {
    const [theirs, theirWarehouse] = await Promise.all([product(other), warehouse(other)]);
    const p = await movements({ ...window(), productId: theirs.id });
    expect(p.status).toBe(422);
    expect(p.body.error).toEqual({
      code: 'invalid_reference',
      message: 'productId does not reference an existing product',
    });
    const w = await movements({ ...window(), warehouseId: theirWarehouse.id });
    expect(w.status).toBe(422);
    expect(w.body.error.message).toBe('warehouseId does not reference an existing warehouse');
    // Nor does the other organisation see this one's movements.
    expect((await movements(window(), other)).body.movements).toEqual([]);
  });
});

describe('the movement cap', () => {
  it('shows the newest 1000 movements and says it truncated', async () => {
    const fresh = await newTenant('Movement cap org');
    const base = Date.now() - 60_000;
    // 1001 ledger entries' worth of rows, projected directly (what the stream would write).
    await projectLedgerEntries(
      Array.from({ length: 1001 }, (_, i) => ({
        orgId: fresh.orgId,
        at: new Date(base + i).toISOString(),
        sourceType: 'stock_adjustment',
        sourceId: `adj${String(i).padStart(5, '0')}`,
        sourceNumber: `ADJ-${String(i + 1).padStart(6, '0')}`,
        movements: [{ productId: 'p1', warehouseId: 'w1', binId: null, batchId: null, quantity: i + 1 }],
      })),
    );
    const res = await call('GET', '/reports/stock-movement', { key: fresh.key, query: window() });
    expect(res.status).toBe(200);
    expect(res.body.movements).toHaveLength(1000);
    expect(res.body.truncated).toBe(true);
    expect(res.body.movements[0].quantityChange).toBe(1001);
    expect(res.body.movements[999].quantityChange).toBe(2);
  });
});

describe('the ledger projection', () => {
  const rowCount = async (orgId: string) => {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': movementPartitions.all(orgId) },
        ConsistentRead: true,
      }),
    );
    return res.Items ?? [];
  };

  it('is idempotent, and `report rebuild-movements` restores lost rows', async () => {
    const before = await rowCount(t.orgId);
    expect(before).toHaveLength(7);
    await projectLedger(t.orgId);
    expect(await rowCount(t.orgId)).toEqual(before);
    // Lose some rows (a parked stream batch), then rebuild from the ledger.
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: before.slice(0, 3).map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })),
        },
      }),
    );
    expect(await rowCount(t.orgId)).toHaveLength(4);
    const result = await runAdmin(['report', 'rebuild-movements', '--org', t.orgId]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ledgerEntries: 6, movementRows: 7 });
    expect(await rowCount(t.orgId)).toEqual(before);
    // From an instant on: only the entries from then.
    const newest = before[before.length - 1]!.at as string;
    expect(await rebuildMovements({ orgId: t.orgId, from: newest })).toEqual({
      ledgerEntries: 1,
      movementRows: 1,
    });
  });

  it('rebuild-movements refuses an unknown organisation and a bad --from', async () => {
    const unknown = await runAdmin(['report', 'rebuild-movements', '--org', 'nope']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('organisation nope not found');
    const bad = await runAdmin(['report', 'rebuild-movements', '--org', t.orgId, '--from', 'soon']);
    expect(bad.code).toBe(2);
  });

  it('projects what arrives on the local stream (the npm start path)', async () => {
    const poller = await streamPoller();
    try {
      const fresh = await newTenant('Streamed movements org');
      const [w, p] = await Promise.all([warehouse(fresh), product(fresh)]);
      await adjust(fresh, [{ productId: p.id, warehouseId: w.id, quantityChange: 3 }]);
      const mine = [];
      for (let i = 0; i < 20 && mine.length === 0; i += 1) {
        const records = await poller.poll();
        mine.push(...records.filter((r) => r.dynamodb?.Keys?.PK?.S === `O#${fresh.orgId}#LEDGER`));
        if (mine.length === 0) await new Promise((r) => setTimeout(r, 200));
      }
      expect(mine).toHaveLength(1);
      expect(await handleLedgerRecords(mine)).toEqual({ batchItemFailures: [] });
      const res = await call('GET', '/reports/stock-movement', { key: fresh.key, query: window() });
      expect(res.body.movements.map((r: Row) => [r.product.id, r.quantityChange])).toEqual([[p.id, 3]]);
    } finally {
      poller.close();
    }
  });

  it('the support helper shows what the report shows for a tenant', async () => {
    const report = await movementReport(t, { productId: tracked.id });
    expect(report.movements.map((r) => r.sourceId)).toEqual([adjustments[1]!.id]);
  });
});
