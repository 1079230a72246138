import { beforeAll, describe, expect, it } from 'vitest';
import { parseSerialStatus } from '../../functions/areas/inventory/back-office/serials.js';
import { setSerialStatus } from '../../functions/areas/inventory/steps/serials.js';
import { getSerialNumber } from '../../functions/areas/inventory/store/serial-numbers.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, unique, warehouse } from '../support/inventory.js';
import { receiveSerials, serialsOf } from '../support/serials.js';
import { comparable, expectReplay } from '../support/steps.js';
import { runAdmin } from '../../infra/admin/cli.js';

let t: Tenant;
let other: Tenant;
let wh: Awaited<ReturnType<typeof warehouse>>;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Serials org'), newTenant('Other serials org')]);
  wh = await warehouse(t);
});

const list = (query: Record<string, string | number>, tenant = t) =>
  call('GET', '/serial-numbers', { key: tenant.key, query });

describe('GET /serial-numbers', () => {
  it('lists newest first with product, dates and pagination; filters by product, status, serial and modifiedSince', async () => {
    const [p1, p2] = await Promise.all([
      product(t, { requiresSerialTracking: true }),
      product(t, { requiresSerialTracking: true }),
    ]);
    const sn = `LS-${unique()}`;
    const first = await receiveSerials(t, p1.id, wh, [`${sn}-A`, `${sn}-B`]);
    const second = await receiveSerials(t, p2.id, wh, [`${sn}-C`]);

    const all = await list({ pageSize: 100 });
    expect(all.status).toBe(200);
    const ours = all.body.data.filter((s: { serialNumber: string }) => s.serialNumber.startsWith(sn));
    // The later receipt first; within one receipt, the records share createdAt (then id order).
    expect(ours[0]).toEqual({
      id: expect.any(String),
      serialNumber: `${sn}-C`,
      status: 'AVAILABLE',
      product: { id: p2.id, sku: p2.sku, name: p2.name },
      receivedAt: second.receipt.receivedAt,
      soldAt: null,
      returnedAt: null,
      notes: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(
      ours
        .slice(1)
        .map((s: { serialNumber: string }) => s.serialNumber)
        .sort(),
    ).toEqual([`${sn}-A`, `${sn}-B`]);
    expect(all.body.pagination.total).toBe(all.body.data.length);
    const createdAts = all.body.data.map((s: { createdAt: string }) => s.createdAt);
    expect([...createdAts].sort().reverse()).toEqual(createdAts);

    const byProduct = await list({ productId: p1.id });
    expect(byProduct.body.data.map((s: { serialNumber: string }) => s.serialNumber).sort()).toEqual([
      `${sn}-A`,
      `${sn}-B`,
    ]);
    expect(byProduct.body.pagination.total).toBe(2);
    expect(byProduct.body.data[0].receivedAt).toBe(first.receipt.receivedAt);

    const bySerial = await list({ serial: `  ${sn.toLowerCase()}-c ` });
    expect(bySerial.body.data.map((s: { id: string }) => s.id)).toEqual([ours[0].id]);
    expect((await list({ serial: `${sn}-` })).body.data).toEqual([]);

    const idA = ours.find((s: { serialNumber: string }) => s.serialNumber === `${sn}-A`).id;
    const since = new Date().toISOString();
    await setSerialStatus({ orgId: t.orgId, id: idA, status: 'DAMAGED' });
    const changed = await list({ modifiedSince: since });
    expect(changed.body.data.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
      [idA, 'DAMAGED'],
    ]);
    expect(changed.body.pagination.total).toBe(1);

    const damaged = await list({ status: 'damaged', productId: p1.id });
    expect(damaged.body.data.map((s: { id: string }) => s.id)).toEqual([idA]);
    const available = await list({ status: 'AVAILABLE', pageSize: 100 });
    expect(available.body.data.every((s: { status: string }) => s.status === 'AVAILABLE')).toBe(true);
    expect(available.body.data.map((s: { id: string }) => s.id)).not.toContain(idA);
  });

  it('pages through the default list with the total from the maintained count', async () => {
    const tenant = await newTenant('Serial paging org');
    const w = await warehouse(tenant);
    const p = await product(tenant, { requiresSerialTracking: true });
    await receiveSerials(tenant, p.id, w, ['P-1', 'P-2', 'P-3']);
    await receiveSerials(tenant, p.id, w, ['P-4', 'P-5']);
    const page1 = await list({ pageSize: 2 }, tenant);
    expect(page1.body.pagination).toEqual({ total: 5, page: 1, pageSize: 2, totalPages: 3 });
    expect(page1.body.data.map((s: { serialNumber: string }) => s.serialNumber).sort()).toEqual([
      'P-4',
      'P-5',
    ]);
    const page3 = await list({ pageSize: 2, page: 3 }, tenant);
    expect(page3.body.data).toHaveLength(1);
  });

  it('400 for a status list or an unknown status; 404 for a product of another organisation', async () => {
    const bad = await list({ status: 'AVAILABLE,SOLD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_parameter');
    expect((await list({ status: 'LOST' })).status).toBe(400);
    const foreign = await product(other);
    const res = await list({ productId: foreign.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
    expect((await list({ productId: 'nope' })).status).toBe(404);
  });
});

describe('GET /serial-numbers/{id}', () => {
  it('shows the lot, warehouse and bin placement and the history; 404 across organisations', async () => {
    const p = await product(t, { requiresSerialTracking: true, isBatchTracked: true });
    const lot = `LOT-${unique()}`;
    const sn = `D-${unique()}`;
    const { receipt } = await receiveSerials(t, p.id, wh, [sn], { batchNumber: lot, binId: wh.binId });
    const id = (await serialsOf(t, p.id)).get(sn)!.id as string;
    const detail = await call('GET', `/serial-numbers/${id}`, { key: t.key });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      id,
      serialNumber: sn,
      status: 'AVAILABLE',
      product: { id: p.id, sku: p.sku, name: p.name },
      receivedAt: receipt.receivedAt,
      soldAt: null,
      returnedAt: null,
      notes: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      batch: { id: receipt.lines[0]!.batchId, batchNumber: lot },
      warehouse: { id: wh.id, code: wh.code },
      bin: { id: wh.binId, code: wh.binCode },
      history: [
        {
          fromStatus: null,
          toStatus: 'AVAILABLE',
          at: receipt.receivedAt,
          sourceType: 'goods_receipt',
          sourceId: receipt.id,
        },
      ],
      historyTruncated: false,
      historyTotal: 1,
    });
    const foreign = await call('GET', `/serial-numbers/${id}`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual({ code: 'not_found', message: 'Serial number not found' });
    expect((await call('GET', '/serial-numbers/x', { key: t.key })).body.error.message).toBe(
      'Serial number not found',
    );
  });
});

describe('serial set-status (back office)', () => {
  it('makes the legal moves with history and audit; refuses the others with 422 naming the status', async () => {
    const p = await product(t, { requiresSerialTracking: true });
    const sn = `S-${unique()}`;
    await receiveSerials(t, p.id, wh, [sn]);
    const id = (await serialsOf(t, p.id)).get(sn)!.id as string;

    const damaged = await setSerialStatus({ orgId: t.orgId, id, status: 'DAMAGED' });
    expect(damaged).toMatchObject({ id, status: 'DAMAGED', historyTotal: 2 });
    expect(damaged.history[1]).toEqual({
      fromStatus: 'AVAILABLE',
      toStatus: 'DAMAGED',
      at: damaged.updatedAt,
      sourceType: 'back_office',
      sourceId: null,
    });
    await expect(setSerialStatus({ orgId: t.orgId, id, status: 'RETURNED' })).rejects.toMatchObject({
      status: 422,
      message: `Serial number ${sn} is DAMAGED; it cannot be set RETURNED (only from SOLD)`,
    });
    expect((await setSerialStatus({ orgId: t.orgId, id, status: 'AVAILABLE' })).status).toBe('AVAILABLE');
    const scrapped = await setSerialStatus({ orgId: t.orgId, id, status: 'SCRAPPED' });
    expect(scrapped.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'AVAILABLE',
      'DAMAGED',
      'AVAILABLE',
      'SCRAPPED',
    ]);
    await expect(setSerialStatus({ orgId: t.orgId, id, status: 'AVAILABLE' })).rejects.toMatchObject({
      status: 422,
      message: `Serial number ${sn} is SCRAPPED; it cannot be set AVAILABLE (only from DAMAGED, RETURNED)`,
    });
    const stored = await getSerialNumber(t.orgId, id);
    expect(stored).toMatchObject({ status: 'SCRAPPED', version: 4, historyTotal: 4 });
    const audit = (await listAudit(t.orgId)).filter((a) => a.resourceId === id);
    expect(audit.map((a) => [a.action, a.changedFields])).toEqual([
      ['set_status', ['status']],
      ['set_status', ['status']],
      ['set_status', ['status']],
    ]);

    await expect(setSerialStatus({ orgId: other.orgId, id, status: 'DAMAGED' })).rejects.toMatchObject({
      status: 404,
    });
    expect(() => parseSerialStatus('SOLD')).toThrow(
      /--status must be one of AVAILABLE, DAMAGED, SCRAPPED, RETURNED/,
    );
    expect(parseSerialStatus('damaged')).toBe('DAMAGED');
  });

  it('two racing moves of one serial: one wins, the other is refused on the fresh read', async () => {
    const p = await product(t, { requiresSerialTracking: true });
    const sn = `R-${unique()}`;
    await receiveSerials(t, p.id, wh, [sn]);
    const id = (await serialsOf(t, p.id)).get(sn)!.id as string;
    const results = await Promise.allSettled([
      setSerialStatus({ orgId: t.orgId, id, status: 'DAMAGED' }),
      setSerialStatus({ orgId: t.orgId, id, status: 'DAMAGED' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await getSerialNumber(t.orgId, id)).toMatchObject({ status: 'DAMAGED', historyTotal: 2 });
  });
});

describe('POST /serial-numbers/{id}/status (design.md section 7, beyond the spec)', () => {
  const received = async (count = 1) => {
    const p = await product(t, { requiresSerialTracking: true });
    const sn = `ST-${unique()}`;
    const numbers = Array.from({ length: count }, (_, i) => `${sn}-${i}`);
    await receiveSerials(t, p.id, wh, numbers);
    const serials = await serialsOf(t, p.id);
    return numbers.map((n) => serials.get(n)!.id as string);
  };

  it('sets a status with its history entry (200, the detail); the acting key is audited; the key replays', async () => {
    const [id] = await received();
    const res = await expectReplay(t, 'POST', `/serial-numbers/${id}/status`, { status: 'DAMAGED' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'DAMAGED', historyTotal: 2 });
    expect(res.body.history[1]).toEqual({
      fromStatus: 'AVAILABLE',
      toStatus: 'DAMAGED',
      at: res.body.updatedAt,
      sourceType: 'back_office',
      sourceId: null,
    });
    expect((await call('GET', `/serial-numbers/${id}`, { key: t.key })).body).toEqual(res.body);
    const audit = await listAudit(t.orgId, { resourceType: 'serial_number', resourceId: id! });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'set_status', apiKeyId: t.keyId, changedFields: ['status'] }),
    ]);
  });

  it('a move the status does not allow is 422 naming it; a bad status is 400; another organisation is 404', async () => {
    const [id] = await received();
    const post = (body: unknown, key = t.key) => call('POST', `/serial-numbers/${id}/status`, { key, body });
    const illegal = await post({ status: 'RETURNED' });
    expect([illegal.status, illegal.body.error.code, illegal.body.error.message]).toEqual([
      422,
      'unprocessable',
      expect.stringContaining('is AVAILABLE; it cannot be set RETURNED'),
    ]);
    for (const body of [{ status: 'SOLD' }, { status: 'damaged' }, {}]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    const foreign = await post({ status: 'DAMAGED' }, other.key);
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Serial number not found']);
    expect((await call('GET', `/serial-numbers/${id}`, { key: t.key })).body.status).toBe('AVAILABLE');
  });

  it('the CLI and the API give the same serial for the same step', async () => {
    const [viaApi, viaCli] = await received(2);
    const api = await call('POST', `/serial-numbers/${viaApi}/status`, {
      key: t.key,
      body: { status: 'SCRAPPED' },
    });
    const cli = await runAdmin([
      'serial',
      'set-status',
      '--org',
      t.orgId,
      '--id',
      viaCli!,
      '--status',
      'SCRAPPED',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    // comparable() leaves a history entry's bare `at`: the two units' instants differ by nature.
    const same = (s: { history: { at: string }[] }) =>
      comparable({ ...s, serialNumber: 'X', history: s.history.map((h) => ({ ...h, at: '<varies>' })) });
    expect(same(JSON.parse(cli.stdout))).toEqual(same(api.body));
  });
});
