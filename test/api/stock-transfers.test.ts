import { beforeAll, describe, expect, it } from 'vitest';
import { setBatchStatus } from '../../functions/areas/inventory/steps/batches.js';
import { transferStock } from '../../functions/areas/inventory/steps/transfers.js';
import { deactivateWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, onHand, product, warehouse } from '../support/inventory.js';
import { outboxItems } from '../support/outbox.js';
import { confirmOrder, customer, draftOrder } from '../support/sales.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Transfers org'), newTenant('Other transfers org')]);
});

const levelEvents = async (orgId: string) =>
  (await outboxItems(orgId))
    .flatMap((item) => item.events as { event: string; data: Record<string, unknown> }[])
    .filter((e) => e.event === 'stock.level_changed')
    .map((e) => e.data);

/** The stock-on-hand rows of a product as { warehouse|bin: onHand/reserved }. */
async function where(tenant: Tenant, productId: string) {
  const res = await call('GET', '/stock-on-hand', {
    key: tenant.key,
    query: { productId, includeZero: true },
  });
  return Object.fromEntries(
    res.body.data.map(
      (r: {
        warehouse: { id: string };
        bin: { id: string } | null;
        quantityOnHand: number;
        quantityReserved: number;
      }) => [`${r.warehouse.id}|${r.bin?.id ?? ''}`, [r.quantityOnHand, r.quantityReserved]],
    ),
  );
}

describe('stock transfer (back office)', () => {
  it('moves a lot between warehouses and bins in one write: ledger out and in, one event per warehouse, audit', async () => {
    const tenant = await newTenant('Transfer numbering org');
    const [p, w1, w2] = await Promise.all([
      product(tenant, { isBatchTracked: true }),
      warehouse(tenant),
      warehouse(tenant),
    ]);
    const lot = await batchOf(tenant, p.id, '2027-05-05');
    await adjust(tenant, [
      { productId: p.id, warehouseId: w1.id, binId: w1.binId, batchId: lot.id, quantityChange: 10 },
    ]);

    const done = await transferStock({
      orgId: tenant.orgId,
      productId: p.id,
      fromWarehouseId: w1.id,
      fromBinId: w1.binId,
      toWarehouseId: w2.id,
      toBinId: w2.binId,
      batchId: lot.id,
      quantity: 4,
    });
    expect(done).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{20,}$/),
      transferNumber: 'TR-000001',
      fromWarehouse: { id: w1.id, code: w1.code, name: expect.any(String) },
      toWarehouse: { id: w2.id, code: w2.code, name: expect.any(String) },
      notes: null,
      lines: [{ productId: p.id, quantity: 4, batchId: lot.id, fromBinId: w1.binId, toBinId: w2.binId }],
      createdAt: expect.any(String),
    });
    expect((await call('GET', `/stock-transfers/${done.id}`, { key: tenant.key })).body).toEqual(done);
    expect(await where(tenant, p.id)).toEqual({
      [`${w1.id}|${w1.binId}`]: [6, 0],
      [`${w2.id}|${w2.binId}`]: [4, 0],
    });
    expect(await onHand(tenant, p.id)).toBe(10);
    const detail = await call('GET', `/batches/${lot.id}`, { key: tenant.key });
    expect(detail.body).toMatchObject({ status: 'ACTIVE', totalQuantity: 10 });

    const ledger = (await listLedger(tenant.orgId)).filter((l) => l.sourceType === 'transfer');
    expect(ledger.map((l) => [l.sourceId, l.sourceNumber, l.at, l.movements])).toEqual([
      [
        done.id,
        'TR-000001',
        done.createdAt,
        [
          { productId: p.id, warehouseId: w1.id, binId: w1.binId, batchId: lot.id, quantity: -4 },
          { productId: p.id, warehouseId: w2.id, binId: w2.binId, batchId: lot.id, quantity: 4 },
        ],
      ],
    ]);
    expect((await levelEvents(tenant.orgId)).slice(-2)).toEqual([
      {
        id: p.id,
        productId: p.id,
        warehouseId: w1.id,
        quantityOnHand: 6,
        quantityReserved: 0,
        quantityAvailable: 6,
      },
      {
        id: p.id,
        productId: p.id,
        warehouseId: w2.id,
        quantityOnHand: 4,
        quantityReserved: 0,
        quantityAvailable: 4,
      },
    ]);
    const audit = await listAudit(tenant.orgId, { resourceType: 'stock_transfer' });
    expect(audit.map((a) => [a.resourceId, a.action])).toEqual([[done.id, 'create']]);

    // Bin to the warehouse's unbinned stock: one warehouse, one event; the next number.
    const events = (await levelEvents(tenant.orgId)).length;
    const within = await transferStock({
      orgId: tenant.orgId,
      productId: p.id,
      fromWarehouseId: w1.id,
      fromBinId: w1.binId,
      toWarehouseId: w1.id,
      toBinId: null,
      batchId: lot.id,
      quantity: 6,
    });
    expect(within.transferNumber).toBe('TR-000002');
    expect((await levelEvents(tenant.orgId)).length).toBe(events + 1);
    expect(await where(tenant, p.id)).toEqual({
      [`${w1.id}|`]: [6, 0],
      [`${w1.id}|${w1.binId}`]: [0, 0],
      [`${w2.id}|${w2.binId}`]: [4, 0],
    });
    // The lot emptied its bin but not itself: still ACTIVE.
    expect((await call('GET', `/batches/${lot.id}`, { key: tenant.key })).body.status).toBe('ACTIVE');
  });

  it('moves only available stock: reserved quantities stay put (422), the rest moves', async () => {
    const [p, w1, w2, c] = await Promise.all([
      product(t, { defaultPrice: 2 }),
      warehouse(t),
      warehouse(t),
      customer(t),
    ]);
    await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 10 }]);
    const order = await draftOrder(t, [{ productId: p.id, quantity: 6 }], {
      customerId: c.id,
      warehouseId: w1.id,
    });
    await confirmOrder(t, order.id);
    const base = {
      orgId: t.orgId,
      productId: p.id,
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      fromBinId: null,
      toBinId: null,
      batchId: null,
    };
    await expect(transferStock({ ...base, quantity: 5 })).rejects.toMatchObject({
      status: 422,
      code: 'unprocessable',
      message: expect.stringContaining('available 4 (on hand 10, reserved 6), requested 5'),
    });
    await transferStock({ ...base, quantity: 4 });
    expect(await where(t, p.id)).toEqual({ [`${w1.id}|`]: [6, 6], [`${w2.id}|`]: [4, 0] });
  });

  it('refuses references outside the organisation, inactive warehouses, foreign bins and wrong lots (422)', async () => {
    const [p, tracked, w1, w2, closed] = await Promise.all([
      product(t),
      product(t, { isBatchTracked: true }),
      warehouse(t),
      warehouse(t),
      warehouse(t),
    ]);
    const [lot, otherLot] = await Promise.all([
      batchOf(t, tracked.id),
      batchOf(t, (await product(t, { isBatchTracked: true })).id),
    ]);
    await adjust(t, [
      { productId: p.id, warehouseId: w1.id, quantityChange: 5 },
      { productId: tracked.id, warehouseId: w1.id, batchId: lot.id, quantityChange: 5 },
    ]);
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: closed.id });
    const foreign = { product: await product(other), warehouse: await warehouse(other) };
    const base: Parameters<typeof transferStock>[0] = {
      orgId: t.orgId,
      productId: p.id,
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      fromBinId: null,
      toBinId: null,
      batchId: null,
      quantity: 1,
    };
    const cases: [Partial<typeof base>, string, string][] = [
      [{ productId: foreign.product.id }, 'invalid_reference', `--product ${foreign.product.id}`],
      [
        { toWarehouseId: foreign.warehouse.id },
        'invalid_reference',
        `--to-warehouse ${foreign.warehouse.id}`,
      ],
      [{ toWarehouseId: closed.id }, 'invalid_reference', 'inactive warehouse'],
      [
        { toBinId: w1.binId },
        'invalid_reference',
        `--to-bin ${w1.binId} does not reference a bin of warehouse ${w2.id}`,
      ],
      [{ productId: tracked.id }, 'invalid_reference', '--batch is required'],
      [{ productId: tracked.id, batchId: otherLot.id }, 'invalid_reference', `--batch ${otherLot.id}`],
      [{ batchId: lot.id }, 'invalid_reference', `--batch ${lot.id}`],
      [{ quantity: 6 }, 'unprocessable', 'available 5'],
    ];
    for (const [over, code, message] of cases) {
      await expect(transferStock({ ...base, ...over }), JSON.stringify(over)).rejects.toMatchObject({
        code,
        message: expect.stringContaining(message),
      });
    }
    expect(await where(t, p.id)).toEqual({ [`${w1.id}|`]: [5, 0] });
  });

  it('a destination bin over capacity is 422; a quarantined lot may move (to quarantine)', async () => {
    const [p, w1, small] = await Promise.all([
      product(t, { isBatchTracked: true }),
      warehouse(t),
      warehouse(t, { capacity: 3 }),
    ]);
    const lot = await batchOf(t, p.id);
    await adjust(t, [{ productId: p.id, warehouseId: w1.id, batchId: lot.id, quantityChange: 5 }]);
    await setBatchStatus({ orgId: t.orgId, id: lot.id, action: 'quarantine' });
    const base = {
      orgId: t.orgId,
      productId: p.id,
      fromWarehouseId: w1.id,
      toWarehouseId: small.id,
      fromBinId: null,
      toBinId: small.binId,
      batchId: lot.id,
    };
    await expect(transferStock({ ...base, quantity: 4 })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('would exceed its capacity of 3'),
    });
    const moved = await transferStock({ ...base, quantity: 3 });
    expect(moved.lines.map((l) => l.quantity)).toEqual([3]);
    expect((await call('GET', `/batches/${lot.id}`, { key: t.key })).body).toMatchObject({
      status: 'QUARANTINED',
      totalQuantity: 5,
    });
  });

  it('racing a transfer against an adjustment never drives stock negative: exactly one wins, stock exact', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
      await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 10 }]);
      const [transfer, adjustment] = await Promise.allSettled([
        transferStock({
          orgId: t.orgId,
          productId: p.id,
          fromWarehouseId: w1.id,
          toWarehouseId: w2.id,
          fromBinId: null,
          toBinId: null,
          batchId: null,
          quantity: 7,
        }),
        adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: -5 }]),
      ]);
      const adjusted = adjustment.status === 'fulfilled' && adjustment.value.status === 201;
      const transferred = transfer.status === 'fulfilled';
      expect([transferred, adjusted].filter(Boolean)).toHaveLength(1);
      if (transferred) {
        expect(adjustment.status === 'fulfilled' && adjustment.value.status).toBe(422);
        expect(await where(t, p.id)).toEqual({ [`${w1.id}|`]: [3, 0], [`${w2.id}|`]: [7, 0] });
      } else {
        expect((transfer as PromiseRejectedResult).reason).toMatchObject({ status: 422 });
        expect(await where(t, p.id)).toEqual({ [`${w1.id}|`]: [5, 0] });
      }
    }
  });

  it('the CLI: flags map onto the transfer; same location and a bad quantity are usage errors (exit 2)', async () => {
    const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
    await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 3 }]);
    const flags = ['--org', t.orgId, '--product', p.id, '--from-warehouse', w1.id];
    const ok = await runAdmin(['stock', 'transfer', ...flags, '--to-warehouse', w2.id, '--quantity', '2']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      fromWarehouse: { id: w1.id },
      toWarehouse: { id: w2.id },
      lines: [{ productId: p.id, quantity: 2, batchId: null, fromBinId: null, toBinId: null }],
    });
    for (const rest of [
      ['--to-warehouse', w1.id, '--quantity', '1'],
      ['--to-warehouse', w1.id, '--from-bin', w1.binId, '--to-bin', w1.binId, '--quantity', '1'],
      ['--to-warehouse', w2.id, '--quantity', '0'],
      ['--to-warehouse', w2.id, '--quantity', 'lots'],
    ]) {
      const refused = await runAdmin(['stock', 'transfer', ...flags, ...rest]);
      expect(refused.code, rest.join(' ')).toBe(2);
    }
    const short = await runAdmin(['stock', 'transfer', ...flags, '--to-warehouse', w2.id, '--quantity', '5']);
    expect([short.code, JSON.parse(short.stderr).error.code]).toEqual([1, 'unprocessable']);
    const foreign = await runAdmin([
      'stock',
      'transfer',
      '--org',
      other.orgId,
      '--product',
      p.id,
      '--from-warehouse',
      w1.id,
      '--to-warehouse',
      w2.id,
      '--quantity',
      '1',
    ]);
    expect([foreign.code, JSON.parse(foreign.stderr).error.code]).toEqual([1, 'invalid_reference']);
  });
});

describe('POST /stock-transfers, GET /stock-transfers[/{id}] (design.md section 7, beyond the spec)', () => {
  const post = (body: unknown, tenant: Tenant = t) =>
    call('POST', '/stock-transfers', { key: tenant.key, body });

  it('moves every line in one write: 201 with the document, one ledger entry, events, audit; replays', async () => {
    const tenant = await newTenant('API transfer org');
    const [p, q, w1, w2] = await Promise.all([
      product(tenant),
      product(tenant, { isBatchTracked: true }),
      warehouse(tenant),
      warehouse(tenant),
    ]);
    const lot = await batchOf(tenant, q.id, '2028-01-01');
    await adjust(tenant, [
      { productId: p.id, warehouseId: w1.id, binId: w1.binId, quantityChange: 10 },
      { productId: q.id, warehouseId: w1.id, batchId: lot.id, quantityChange: 5 },
    ]);
    const before = (await levelEvents(tenant.orgId)).length;
    const body = {
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      notes: 'Rebalance',
      lines: [
        { productId: p.id, quantity: 3, fromBinId: w1.binId, toBinId: w2.binId },
        { productId: q.id, quantity: 2, batchId: lot.id },
      ],
    };
    const done = await expectReplay(tenant, 'POST', '/stock-transfers', body);
    expect(done.status).toBe(201);
    expect(done.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{20,}$/),
      transferNumber: 'TR-000001',
      fromWarehouse: { id: w1.id, code: w1.code, name: `Warehouse ${w1.code.slice(3)}` },
      toWarehouse: { id: w2.id, code: w2.code, name: `Warehouse ${w2.code.slice(3)}` },
      notes: 'Rebalance',
      lines: [
        { productId: p.id, quantity: 3, batchId: null, fromBinId: w1.binId, toBinId: w2.binId },
        { productId: q.id, quantity: 2, batchId: lot.id, fromBinId: null, toBinId: null },
      ],
      createdAt: expect.any(String),
    });
    expect((await call('GET', `/stock-transfers/${done.body.id}`, { key: tenant.key })).body).toEqual(
      done.body,
    );
    expect(await where(tenant, p.id)).toEqual({
      [`${w1.id}|${w1.binId}`]: [7, 0],
      [`${w2.id}|${w2.binId}`]: [3, 0],
    });
    expect(await where(tenant, q.id)).toEqual({ [`${w1.id}|`]: [3, 0], [`${w2.id}|`]: [2, 0] });
    const ledger = (await listLedger(tenant.orgId)).filter((l) => l.sourceType === 'transfer');
    expect(ledger.map((l) => [l.sourceId, l.sourceNumber, l.at, l.movements])).toEqual([
      [
        done.body.id,
        'TR-000001',
        done.body.createdAt,
        [
          { productId: p.id, warehouseId: w1.id, binId: w1.binId, batchId: null, quantity: -3 },
          { productId: p.id, warehouseId: w2.id, binId: w2.binId, batchId: null, quantity: 3 },
          { productId: q.id, warehouseId: w1.id, binId: null, batchId: lot.id, quantity: -2 },
          { productId: q.id, warehouseId: w2.id, binId: null, batchId: lot.id, quantity: 2 },
        ],
      ],
    ]);
    expect(
      (await levelEvents(tenant.orgId))
        .slice(before)
        .map((e) => [e.productId, e.warehouseId, e.quantityOnHand]),
    ).toEqual([
      [p.id, w1.id, 7],
      [p.id, w2.id, 3],
      [q.id, w1.id, 3],
      [q.id, w2.id, 2],
    ]);
    const audit = await listAudit(tenant.orgId, { resourceType: 'stock_transfer' });
    expect(audit).toEqual([
      expect.objectContaining({ resourceId: done.body.id, action: 'create', apiKeyId: tenant.keyId }),
    ]);
  });

  it('a malformed body is 400 (no lines, over 100, quantity 0, a line moving to its own location)', async () => {
    const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
    const base = { fromWarehouseId: w1.id, toWarehouseId: w2.id };
    const line = { productId: p.id, quantity: 1 };
    for (const body of [
      { ...base, lines: [] },
      { ...base, lines: Array.from({ length: 101 }, () => line) },
      { ...base, lines: [{ ...line, quantity: 0 }] },
      { fromWarehouseId: w1.id, lines: [line] },
      { ...base, lines: [{ quantity: 1 }] },
    ]) {
      const res = await post(body);
      expect([res.status, res.body.error.code], JSON.stringify(body).slice(0, 80)).toEqual([
        400,
        'validation_error',
      ]);
    }
    const same = await post({
      fromWarehouseId: w1.id,
      toWarehouseId: w1.id,
      lines: [line, { ...line, fromBinId: w1.binId, toBinId: w1.binId }],
    });
    expect([same.status, same.body.error.details]).toEqual([
      400,
      [
        { path: 'lines[0]', message: 'moves to its own source location (same warehouse and bin)' },
        { path: 'lines[1]', message: 'moves to its own source location (same warehouse and bin)' },
      ],
    ]);
  });

  it('a line taking more than is available is 422 naming the line; lines on one source add up; nothing moves', async () => {
    const [p, q, w1, w2] = await Promise.all([product(t), product(t), warehouse(t), warehouse(t)]);
    await adjust(t, [
      { productId: p.id, warehouseId: w1.id, quantityChange: 5 },
      { productId: q.id, warehouseId: w1.id, quantityChange: 5 },
    ]);
    const base = { fromWarehouseId: w1.id, toWarehouseId: w2.id };
    const short = await post({
      ...base,
      lines: [
        { productId: p.id, quantity: 2 },
        { productId: q.id, quantity: 6 },
      ],
    });
    expect([short.status, short.body.error.code]).toEqual([422, 'unprocessable']);
    expect(short.body.error.message).toBe(
      `Line 2: Insufficient available stock to transfer from warehouse ${w1.id}: available 5 (on hand 5, reserved 0), requested 6`,
    );
    const together = await post({
      ...base,
      lines: [
        { productId: p.id, quantity: 3 },
        { productId: p.id, quantity: 3 },
      ],
    });
    expect([together.status, together.body.error.message]).toEqual([
      422,
      `Line 2: Insufficient available stock to transfer from warehouse ${w1.id}: available 2 (on hand 5, reserved 0, 3 of it taken by earlier lines), requested 3`,
    ]);
    const foreign = await warehouse(other);
    const elsewhere = await post({
      ...base,
      toWarehouseId: foreign.id,
      lines: [{ productId: p.id, quantity: 1 }],
    });
    expect([elsewhere.status, elsewhere.body.error]).toEqual([
      422,
      {
        code: 'invalid_reference',
        message: `Line 1: toWarehouseId ${foreign.id} does not reference an existing warehouse`,
      },
    ]);
    expect(await where(t, p.id)).toEqual({ [`${w1.id}|`]: [5, 0] });
    expect(await where(t, q.id)).toEqual({ [`${w1.id}|`]: [5, 0] });
  });

  it("another organisation's transfer is 404", async () => {
    const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
    await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 1 }]);
    const done = await post({
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      lines: [{ productId: p.id, quantity: 1 }],
    });
    expect(done.status).toBe(201);
    const foreign = await call('GET', `/stock-transfers/${done.body.id}`, { key: other.key });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Stock transfer not found']);
    const listed = await call('GET', '/stock-transfers', { key: other.key, query: { productId: p.id } });
    expect(listed.body.data).toEqual([]);
  });

  it('two transfers racing for the last units never both win: one 201, the other 422, stock exact', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [p, w1, w2, w3] = await Promise.all([product(t), warehouse(t), warehouse(t), warehouse(t)]);
      await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 5 }]);
      const results = await Promise.all(
        [w2, w3].map((to) =>
          post({ fromWarehouseId: w1.id, toWarehouseId: to.id, lines: [{ productId: p.id, quantity: 4 }] }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      const lost = results.find((r) => r.status === 422)!;
      expect(lost.body.error.message).toContain('Line 1: Insufficient available stock');
      const won = results.find((r) => r.status === 201)!;
      expect(await where(t, p.id)).toEqual({
        [`${w1.id}|`]: [1, 0],
        [`${won.body.toWarehouse.id}|`]: [4, 0],
      });
    }
  });

  it('lists newest first with product, either-side warehouse and date filters, paged', async () => {
    const tenant = await newTenant('Transfer list org');
    const [p, q, w1, w2, w3] = await Promise.all([
      product(tenant),
      product(tenant),
      warehouse(tenant),
      warehouse(tenant),
      warehouse(tenant),
    ]);
    await adjust(tenant, [
      { productId: p.id, warehouseId: w1.id, quantityChange: 10 },
      { productId: q.id, warehouseId: w1.id, quantityChange: 10 },
    ]);
    const send = (body: unknown) =>
      post(body, tenant).then((r) => r.body as { id: string; createdAt: string });
    const first = await send({
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      lines: [{ productId: p.id, quantity: 1 }],
    });
    const second = await send({
      fromWarehouseId: w1.id,
      toWarehouseId: w3.id,
      lines: [{ productId: q.id, quantity: 1 }],
    });
    const third = await send({
      fromWarehouseId: w2.id,
      toWarehouseId: w3.id,
      lines: [{ productId: p.id, quantity: 1 }],
    });
    const ids = async (query: Record<string, string>) => {
      const res = await call('GET', '/stock-transfers', { key: tenant.key, query });
      expect(res.status).toBe(200);
      return res.body.data.map((d: { id: string }) => d.id);
    };
    expect(await ids({})).toEqual([third.id, second.id, first.id]);
    expect(await ids({ productId: p.id })).toEqual([third.id, first.id]);
    expect(await ids({ warehouseId: w2.id })).toEqual([third.id, first.id]);
    expect(await ids({ warehouseId: w3.id, productId: q.id })).toEqual([second.id]);
    expect(await ids({ dateFrom: second.createdAt })).toEqual([third.id, second.id]);
    expect(await ids({ dateTo: second.createdAt })).toEqual([second.id, first.id]);
    const page = await call('GET', '/stock-transfers', { key: tenant.key, query: { page: 2, pageSize: 2 } });
    expect(page.body).toEqual({
      data: [expect.objectContaining({ id: first.id, transferNumber: 'TR-000001' })],
      pagination: { total: 3, page: 2, pageSize: 2, totalPages: 2 },
    });
    const bad = await call('GET', '/stock-transfers', {
      key: tenant.key,
      query: { productId: 'not an id!' },
    });
    expect(bad.status).toBe(400);
  });

  it('the CLI and the API give the same transfer document for the same step', async () => {
    const [p, w1, w2] = await Promise.all([product(t), warehouse(t), warehouse(t)]);
    await adjust(t, [{ productId: p.id, warehouseId: w1.id, quantityChange: 4 }]);
    const api = await post({
      fromWarehouseId: w1.id,
      toWarehouseId: w2.id,
      lines: [{ productId: p.id, quantity: 2 }],
    });
    const cli = await runAdmin([
      'stock',
      'transfer',
      '--org',
      t.orgId,
      '--product',
      p.id,
      '--from-warehouse',
      w1.id,
      '--to-warehouse',
      w2.id,
      '--quantity',
      '2',
    ]);
    expect([api.status, cli.code], cli.stderr).toEqual([201, 0]);
    const viaCli = JSON.parse(cli.stdout);
    expect(comparable(viaCli)).toEqual(comparable(api.body));
    expect((await call('GET', `/stock-transfers/${viaCli.id}`, { key: t.key })).body).toEqual(viaCli);
  });
});
