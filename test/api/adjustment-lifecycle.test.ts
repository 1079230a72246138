import { beforeAll, describe, expect, it } from 'vitest';
import { completeAdjustment, voidAdjustment } from '../../functions/areas/inventory/steps/adjustments.js';
import { deactivateWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { adjust, batchOf, onHand, product, warehouse } from '../support/inventory.js';
import { outboxItems } from '../support/outbox.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Adjustment lifecycle org'), newTenant('Other lifecycle org')]);
});

const events = async (orgId: string, event: string) =>
  (await outboxItems(orgId))
    .flatMap((item) => item.events as { event: string; data: Record<string, unknown> }[])
    .filter((e) => e.event === event)
    .map((e) => e.data);

const created = async (
  tenant: Tenant,
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) => {
  const res = await adjust(tenant, lines, extra);
  if (res.status !== 201) throw new Error(`adjustment failed: ${res.raw}`);
  return res.body as { id: string; adjustmentNumber: string; createdAt: string; status: string };
};
const detail = async (tenant: Tenant, id: string) =>
  (await call('GET', `/stock-adjustments/${id}`, { key: tenant.key })).body;
const lotStatus = async (tenant: Tenant, id: string) =>
  (await call('GET', `/batches/${id}`, { key: tenant.key })).body.status as string;

describe('stock-adjustment complete (back office)', () => {
  it('moves the stock as a COMPLETED create does: completedAt, ledger with the number, stock.level_changed, audit', async () => {
    const tenant = await newTenant('Complete org');
    const [p, w] = await Promise.all([product(tenant), warehouse(tenant)]);
    const draft = await created(
      tenant,
      [{ productId: p.id, warehouseId: w.id, binId: w.binId, quantityChange: 8, costPerUnit: 2 }],
      {
        status: 'DRAFT',
      },
    );
    expect(await events(tenant.orgId, 'stock.level_changed')).toEqual([]);

    const completed = await completeAdjustment({ orgId: tenant.orgId, id: draft.id });
    expect(completed).toEqual({
      ...(await detail(tenant, draft.id)),
      status: 'COMPLETED',
      completedAt: completed.updatedAt,
    });
    expect(completed.updatedAt > draft.createdAt).toBe(true);
    expect(completed.createdAt).toBe(draft.createdAt);
    expect(await onHand(tenant, p.id)).toBe(8);
    expect((await call('GET', `/products/${p.id}`, { key: tenant.key })).body.costPrice).toBe(2);
    const ledger = await listLedger(tenant.orgId);
    expect(ledger.map((l) => [l.sourceType, l.sourceId, l.sourceNumber, l.at, l.movements])).toEqual([
      [
        'stock_adjustment',
        draft.id,
        draft.adjustmentNumber,
        completed.completedAt,
        [{ productId: p.id, warehouseId: w.id, binId: w.binId, batchId: null, quantity: 8 }],
      ],
    ]);
    expect(await events(tenant.orgId, 'stock.level_changed')).toEqual([
      {
        id: p.id,
        productId: p.id,
        warehouseId: w.id,
        quantityOnHand: 8,
        quantityReserved: 0,
        quantityAvailable: 8,
      },
    ]);
    const audit = await listAudit(tenant.orgId, { resourceType: 'stock_adjustment', resourceId: draft.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'complete']);

    await expect(completeAdjustment({ orgId: tenant.orgId, id: draft.id })).rejects.toMatchObject({
      status: 422,
      message: 'Stock adjustment is COMPLETED; complete needs DRAFT',
    });
  });

  it('refuses (422) a draft the stock cannot take, and one whose warehouse closed since; it stays DRAFT', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const short = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: -1 }], {
      status: 'DRAFT',
    });
    await expect(completeAdjustment({ orgId: t.orgId, id: short.id })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('Insufficient stock'),
    });
    const closing = await warehouse(t);
    const later = await created(t, [{ productId: p.id, warehouseId: closing.id, quantityChange: 1 }], {
      status: 'DRAFT',
    });
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: closing.id });
    await expect(completeAdjustment({ orgId: t.orgId, id: later.id })).rejects.toMatchObject({
      status: 422,
      code: 'invalid_reference',
    });
    expect((await detail(t, short.id)).status).toBe('DRAFT');
    expect((await detail(t, later.id)).status).toBe('DRAFT');
    expect(await onHand(t, p.id)).toBe(0);
  });

  it('two racing completes: one wins, the other is 422; the stock moves once', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const draft = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 3 }], {
      status: 'DRAFT',
    });
    const results = await Promise.allSettled([
      completeAdjustment({ orgId: t.orgId, id: draft.id }),
      completeAdjustment({ orgId: t.orgId, id: draft.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(lost.reason).toMatchObject({
      status: 422,
      message: 'Stock adjustment is COMPLETED; complete needs DRAFT',
    });
    expect(await onHand(t, p.id)).toBe(3);
  });

  it('ids of another organisation or unknown are 404', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const draft = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }], {
      status: 'DRAFT',
    });
    for (const run of [completeAdjustment, voidAdjustment]) {
      await expect(run({ orgId: other.orgId, id: draft.id })).rejects.toMatchObject({
        status: 404,
        message: 'Stock adjustment not found',
      });
      await expect(run({ orgId: t.orgId, id: 'nope' })).rejects.toMatchObject({ status: 404 });
    }
    expect((await detail(t, draft.id)).status).toBe('DRAFT');
  });
});

describe('stock-adjustment void (back office)', () => {
  it('takes every line back with a ledger entry of its own; a DRAFT or VOIDED one cannot be voided', async () => {
    const tenant = await newTenant('Void org');
    const [p, q, w] = await Promise.all([product(tenant), product(tenant), warehouse(tenant)]);
    await created(tenant, [{ productId: q.id, warehouseId: w.id, quantityChange: 5 }]);
    const applied = await created(tenant, [
      { productId: p.id, warehouseId: w.id, binId: w.binId, quantityChange: 4 },
      { productId: q.id, warehouseId: w.id, quantityChange: -2 },
    ]);
    const before = (await events(tenant.orgId, 'stock.level_changed')).length;

    const voided = await voidAdjustment({ orgId: tenant.orgId, id: applied.id });
    expect(voided).toEqual({ ...(await detail(tenant, applied.id)), status: 'VOIDED' });
    expect(voided.completedAt).toBe(applied.createdAt);
    expect([await onHand(tenant, p.id), await onHand(tenant, q.id)]).toEqual([0, 5]);
    const reversal = (await listLedger(tenant.orgId)).filter((l) => l.sourceType === 'stock_adjustment_void');
    expect(reversal.map((l) => [l.sourceId, l.sourceNumber, l.at, l.movements])).toEqual([
      [
        applied.id,
        applied.adjustmentNumber,
        voided.updatedAt,
        [
          { productId: p.id, warehouseId: w.id, binId: w.binId, batchId: null, quantity: -4 },
          { productId: q.id, warehouseId: w.id, binId: null, batchId: null, quantity: 2 },
        ],
      ],
    ]);
    expect((await events(tenant.orgId, 'stock.level_changed')).slice(before)).toEqual([
      {
        id: p.id,
        productId: p.id,
        warehouseId: w.id,
        quantityOnHand: 0,
        quantityReserved: 0,
        quantityAvailable: 0,
      },
      {
        id: q.id,
        productId: q.id,
        warehouseId: w.id,
        quantityOnHand: 5,
        quantityReserved: 0,
        quantityAvailable: 5,
      },
    ]);
    expect((await listAudit(tenant.orgId, { resourceId: applied.id })).map((a) => a.action)).toEqual([
      'create',
      'void',
    ]);
    await expect(voidAdjustment({ orgId: tenant.orgId, id: applied.id })).rejects.toMatchObject({
      status: 422,
      message: 'Stock adjustment is VOIDED; void needs COMPLETED',
    });
    const draft = await created(tenant, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }], {
      status: 'DRAFT',
    });
    await expect(voidAdjustment({ orgId: tenant.orgId, id: draft.id })).rejects.toMatchObject({
      status: 422,
      message: 'Stock adjustment is DRAFT; void needs COMPLETED',
    });
  });

  it('after partial consumption the void would drive the lot negative: 422, nothing changes', async () => {
    const tenant = await newTenant('Partial void org');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const lot = await batchOf(tenant, p.id);
    const received = await created(tenant, [
      { productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 10 },
    ]);
    await created(tenant, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: -4 }]);
    await expect(voidAdjustment({ orgId: tenant.orgId, id: received.id })).rejects.toMatchObject({
      status: 422,
      code: 'unprocessable',
      message: expect.stringContaining('Insufficient stock'),
    });
    expect((await detail(tenant, received.id)).status).toBe('COMPLETED');
    expect(await onHand(tenant, p.id)).toBe(6);
    expect((await listLedger(tenant.orgId)).filter((l) => l.sourceType === 'stock_adjustment_void')).toEqual(
      [],
    );
  });

  it('voiding the adjustment that emptied a lot puts the stock back and reactivates it, announcing CONSUMED -> ACTIVE', async () => {
    const tenant = await newTenant('Reactivation org');
    const [p, w] = await Promise.all([product(tenant, { isBatchTracked: true }), warehouse(tenant)]);
    const lot = await batchOf(tenant, p.id, '2028-08-08');
    await created(tenant, [{ productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: 10 }]);
    const partly = await created(tenant, [
      { productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: -4 },
    ]);
    const rest = await created(tenant, [
      { productId: p.id, warehouseId: w.id, batchId: lot.id, quantityChange: -6 },
    ]);
    expect(await lotStatus(tenant, lot.id)).toBe('CONSUMED');
    expect(await events(tenant.orgId, 'batch.status_changed')).toEqual([]);

    await voidAdjustment({ orgId: tenant.orgId, id: rest.id });
    expect(await lotStatus(tenant, lot.id)).toBe('ACTIVE');
    expect(await onHand(tenant, p.id)).toBe(6);
    expect(await events(tenant.orgId, 'batch.status_changed')).toEqual([
      {
        id: lot.id,
        batchNumber: lot.batchNumber,
        previousStatus: 'CONSUMED',
        newStatus: 'ACTIVE',
        productIds: [p.id],
      },
    ]);
    // A void that leaves the lot ACTIVE announces nothing about it.
    await voidAdjustment({ orgId: tenant.orgId, id: partly.id });
    expect(await onHand(tenant, p.id)).toBe(10);
    expect(await events(tenant.orgId, 'batch.status_changed')).toHaveLength(1);
  });

  it('racing a void against an adjustment: never negative, exactly one of them applies', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const received = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 10 }]);
    const [voiding, taking] = await Promise.allSettled([
      voidAdjustment({ orgId: t.orgId, id: received.id }),
      adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: -3 }]),
    ]);
    const took = taking.status === 'fulfilled' && taking.value.status === 201;
    expect([voiding.status === 'fulfilled', took].filter(Boolean)).toHaveLength(1);
    expect(await onHand(t, p.id)).toBe(took ? 7 : 0);
  });

  it('the CLI runs both commands', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const draft = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 2 }], {
      status: 'DRAFT',
    });
    const completed = await runAdmin(['stock-adjustment', 'complete', '--org', t.orgId, '--id', draft.id]);
    expect([completed.code, JSON.parse(completed.stdout).status]).toEqual([0, 'COMPLETED']);
    const voided = await runAdmin(['stock-adjustment', 'void', '--org', t.orgId, '--id', draft.id]);
    expect([voided.code, JSON.parse(voided.stdout).status]).toEqual([0, 'VOIDED']);
    const again = await runAdmin(['stock-adjustment', 'void', '--org', t.orgId, '--id', draft.id]);
    expect([again.code, JSON.parse(again.stderr).error.code]).toEqual([1, 'unprocessable']);
    expect((await runAdmin(['stock-adjustment', 'void', '--org', t.orgId])).code).toBe(2);
  });
});

describe('POST /stock-adjustments/{id}/complete and /void (design.md section 7, beyond the spec)', () => {
  const post = (path: string, tenant: Tenant = t) => call('POST', path, { key: tenant.key });

  it('completes a DRAFT: the stock moves, one event, audited with the acting key; the same key replays', async () => {
    const tenant = await newTenant('API complete org');
    const [p, w] = await Promise.all([product(tenant), warehouse(tenant)]);
    const draft = await created(tenant, [{ productId: p.id, warehouseId: w.id, quantityChange: 6 }], {
      status: 'DRAFT',
    });
    const done = await expectReplay(tenant, 'POST', `/stock-adjustments/${draft.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      ...(await detail(tenant, draft.id)),
      status: 'COMPLETED',
      completedAt: done.body.updatedAt,
    });
    expect(done.body.adjustmentNumber).toBe(draft.adjustmentNumber);
    expect(await onHand(tenant, p.id)).toBe(6);
    expect(await events(tenant.orgId, 'stock.level_changed')).toEqual([
      {
        id: p.id,
        productId: p.id,
        warehouseId: w.id,
        quantityOnHand: 6,
        quantityReserved: 0,
        quantityAvailable: 6,
      },
    ]);
    const ledger = await listLedger(tenant.orgId);
    expect(ledger.map((l) => [l.sourceType, l.sourceId, l.sourceNumber])).toEqual([
      ['stock_adjustment', draft.id, draft.adjustmentNumber],
    ]);
    const audit = await listAudit(tenant.orgId, { resourceType: 'stock_adjustment', resourceId: draft.id });
    expect(audit.filter((e) => e.action === 'complete')).toEqual([
      expect.objectContaining({ apiKeyId: tenant.keyId, changedFields: ['status', 'completedAt'] }),
    ]);
  });

  it('voids a COMPLETED one: the stock goes back, audited; the same key replays', async () => {
    const tenant = await newTenant('API void org');
    const [p, w] = await Promise.all([product(tenant), warehouse(tenant)]);
    const applied = await created(tenant, [{ productId: p.id, warehouseId: w.id, quantityChange: 4 }]);
    const voided = await expectReplay(tenant, 'POST', `/stock-adjustments/${applied.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body).toEqual({ ...(await detail(tenant, applied.id)), status: 'VOIDED' });
    expect(await onHand(tenant, p.id)).toBe(0);
    const reversal = (await listLedger(tenant.orgId)).filter((l) => l.sourceType === 'stock_adjustment_void');
    expect(reversal.map((l) => [l.sourceId, l.movements])).toEqual([
      [applied.id, [{ productId: p.id, warehouseId: w.id, binId: null, batchId: null, quantity: -4 }]],
    ]);
    const audit = await listAudit(tenant.orgId, { resourceId: applied.id });
    expect(audit.filter((e) => e.action === 'void')).toEqual([
      expect.objectContaining({ apiKeyId: tenant.keyId, changedFields: ['status'] }),
    ]);
  });

  it('a wrong status is 422 naming it; stock short is 422; nothing moves', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const draft = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: -2 }], {
      status: 'DRAFT',
    });
    const early = await post(`/stock-adjustments/${draft.id}/void`);
    expect([early.status, early.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Stock adjustment is DRAFT; void needs COMPLETED' },
    ]);
    const short = await post(`/stock-adjustments/${draft.id}/complete`);
    expect([short.status, short.body.error.code]).toEqual([422, 'unprocessable']);
    expect(short.body.error.message).toContain('Insufficient stock');
    const applied = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }]);
    const again = await post(`/stock-adjustments/${applied.id}/complete`);
    expect([again.status, again.body.error.message]).toEqual([
      422,
      'Stock adjustment is COMPLETED; complete needs DRAFT',
    ]);
    expect((await detail(t, draft.id)).status).toBe('DRAFT');
    expect(await onHand(t, p.id)).toBe(1);
  });

  it("another organisation's adjustment is 404 and stays as it was", async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const draft = await created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 1 }], {
      status: 'DRAFT',
    });
    for (const step of ['complete', 'void']) {
      const foreign = await post(`/stock-adjustments/${draft.id}/${step}`, other);
      expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Stock adjustment not found']);
    }
    expect((await detail(t, draft.id)).status).toBe('DRAFT');
    expect(await onHand(t, p.id)).toBe(0);
  });

  it('the CLI and the API give the same adjustment for the same step', async () => {
    const [p, w] = await Promise.all([product(t), warehouse(t)]);
    const draft = () =>
      created(t, [{ productId: p.id, warehouseId: w.id, quantityChange: 2 }], { status: 'DRAFT' });
    const [viaApi, viaCli] = await Promise.all([draft(), draft()]);
    for (const step of ['complete', 'void']) {
      const api = await post(`/stock-adjustments/${viaApi.id}/${step}`);
      const cli = await runAdmin(['stock-adjustment', step, '--org', t.orgId, '--id', viaCli.id]);
      expect([api.status, cli.code], cli.stderr).toEqual([200, 0]);
      expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
    }
  });
});
