import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { warehouseView } from '../../functions/areas/inventory/view.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { zoneKey } from '../../functions/areas/inventory/store/warehouses.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { comparable, expectReplay } from '../support/steps.js';
import { product } from '../support/inventory.js';

let t: Tenant;
const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
};

beforeAll(async () => {
  t = await newTenant('Warehouse org');
});

describe('warehouses: back office and GET /warehouses', () => {
  it('creates warehouses, zones (type and built-in category) and bins, listed in code order with the structure embedded', async () => {
    const main = await admin(
      'warehouse',
      'create',
      '--org',
      t.orgId,
      '--code',
      'MAIN',
      '--name',
      'Main store',
    );
    expect(main.code).toBe(0);
    expect(main.json).toEqual({
      id: expect.any(String),
      code: 'MAIN',
      name: 'Main store',
      address: null,
      isActive: true,
      zones: [],
      zonesTruncated: false,
      zonesTotal: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const cold = await admin(
      'warehouse',
      'add-zone',
      '--org',
      t.orgId,
      '--warehouse',
      main.json.id,
      '--name',
      'Cold',
      '--zone-type',
      'STORAGE',
      '--category',
      'FREEZER',
    );
    expect(cold.code).toBe(0);
    expect(cold.json).toMatchObject({
      id: expect.any(String),
      warehouseId: main.json.id,
      zoneType: 'STORAGE',
      zoneCategory: {
        id: 'zc_freezer',
        name: 'Freezer',
        builtInKey: 'FREEZER',
        needsTemperatureRecords: true,
      },
    });
    const bin = await admin(
      'warehouse',
      'add-bin',
      '--org',
      t.orgId,
      '--zone',
      cold.json.id,
      '--code',
      'F-01',
      '--capacity',
      '100',
    );
    expect(bin.json).toMatchObject({
      id: expect.any(String),
      code: 'F-01',
      capacity: 100,
      zoneId: cold.json.id,
      isActive: true,
    });
    await admin(
      'warehouse',
      'add-zone',
      '--org',
      t.orgId,
      '--warehouse',
      main.json.id,
      '--name',
      'Dock',
      '--zone-type',
      'RECEIVING',
    );
    const annex = await admin('warehouse', 'create', '--org', t.orgId, '--code', 'annex', '--name', 'Annex');

    const res = await call('GET', '/warehouses', { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { code: string }) => w.code)).toEqual(['annex', 'MAIN']);
    const listed = res.body.data[1];
    expect(listed.zonesTotal).toBe(2);
    expect(listed.zonesTruncated).toBe(false);
    const coldZone = listed.zones.find((z: { id: string }) => z.id === cold.json.id);
    expect(coldZone).toEqual({
      id: cold.json.id,
      name: 'Cold',
      zoneType: 'STORAGE',
      zoneCategory: {
        id: 'zc_freezer',
        name: 'Freezer',
        builtInKey: 'FREEZER',
        needsTemperatureRecords: true,
      },
      bins: [{ id: bin.json.id, code: 'F-01', capacity: 100, isActive: true }],
      binsTruncated: false,
      binsTotal: 1,
    });
    expect(listed.zones.find((z: { name: string }) => z.name === 'Dock').zoneCategory).toBeNull();

    expect(
      (await call('GET', '/warehouses', { key: t.key, query: { search: 'ANN' } })).body.data,
    ).toHaveLength(1);
    const deactivated = await admin('warehouse', 'deactivate', '--org', t.orgId, '--id', annex.json.id);
    expect(deactivated.json).toMatchObject({ id: annex.json.id, isActive: false });
    expect(
      (await call('GET', '/warehouses', { key: t.key })).body.data.map((w: { code: string }) => w.code),
    ).toEqual(['MAIN']);
    const all = await call('GET', '/warehouses', { key: t.key, query: { includeInactive: 1 } });
    expect(all.body.pagination.total).toBe(2);
    expect(
      (await call('GET', '/warehouses', { key: t.key, query: { includeInactive: 'maybe' } })).status,
    ).toBe(400);
  });

  it('refuses duplicate codes, unknown zone types and categories, and zones beyond 50 per warehouse', async () => {
    const org = await newTenant('Caps org');
    const wh = await admin('warehouse', 'create', '--org', org.orgId, '--code', 'CAP', '--name', 'Caps');
    const dup = await admin('warehouse', 'create', '--org', org.orgId, '--code', 'cap', '--name', 'Again');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already exists/);
    const badType = await admin(
      'warehouse',
      'add-zone',
      '--org',
      org.orgId,
      '--warehouse',
      wh.json.id,
      '--name',
      'X',
      '--zone-type',
      'ATTIC',
    );
    expect(badType.code).toBe(1);
    expect(badType.stderr).toMatch(/zone-type must be one of RECEIVING/);
    const badCategory = await admin(
      'warehouse',
      'add-zone',
      '--org',
      org.orgId,
      '--warehouse',
      wh.json.id,
      '--name',
      'X',
      '--zone-type',
      'STORAGE',
      '--category',
      'SAUNA',
    );
    expect(badCategory.code).toBe(1);
    for (let i = 0; i < 50; i += 1) {
      const zone = await admin(
        'warehouse',
        'add-zone',
        '--org',
        org.orgId,
        '--warehouse',
        wh.json.id,
        '--name',
        `Z${i}`,
        '--zone-type',
        'STORAGE',
      );
      expect(zone.code).toBe(0);
    }
    const over = await admin(
      'warehouse',
      'add-zone',
      '--org',
      org.orgId,
      '--warehouse',
      wh.json.id,
      '--name',
      'Z50',
      '--zone-type',
      'STORAGE',
    );
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/maximum of 50 zones/);
    expect(
      (await admin('warehouse', 'add-bin', '--org', org.orgId, '--zone', 'nope', '--code', 'B')).code,
    ).toBe(1);
    expect(
      (
        await admin(
          'warehouse',
          'add-bin',
          '--org',
          org.orgId,
          '--zone',
          'nope',
          '--code',
          'B',
          '--capacity',
          'x',
        )
      ).code,
    ).toBe(2);
  });

  it('refuses bins beyond 500 per zone; another organisation sees none of the warehouses', async () => {
    const org = await newTenant('Bin caps org');
    const wh = await admin('warehouse', 'create', '--org', org.orgId, '--code', 'B', '--name', 'Bins');
    const zone = await admin(
      'warehouse',
      'add-zone',
      '--org',
      org.orgId,
      '--warehouse',
      wh.json.id,
      '--name',
      'Z',
      '--zone-type',
      'PICKING',
    );
    // Stand in for 499 earlier bins: the cap is the zone's counter, checked in the bin's transaction.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: zoneKey(org.orgId, zone.json.id),
        UpdateExpression: 'SET binCount = :n',
        ExpressionAttributeValues: { ':n': 499 },
      }),
    );
    expect(
      (await admin('warehouse', 'add-bin', '--org', org.orgId, '--zone', zone.json.id, '--code', 'LAST'))
        .code,
    ).toBe(0);
    const over = await admin(
      'warehouse',
      'add-bin',
      '--org',
      org.orgId,
      '--zone',
      zone.json.id,
      '--code',
      'MORE',
    );
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/maximum of 500 bins/);
    const outsider = await newTenant('Outsider org');
    expect(
      (await call('GET', '/warehouses', { key: outsider.key, query: { includeInactive: 'true' } })).body,
    ).toEqual({
      data: [],
      pagination: { total: 0, page: 1, pageSize: 50, totalPages: 0 },
    });
  });

  it('the embed caps zones at 50 per warehouse and bins at 500 per zone, saying so', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const zones = Array.from({ length: 51 }, (_, i) => ({
      id: `z${String(i).padStart(2, '0')}`,
      warehouseId: 'w',
      name: `Z${i}`,
      zoneType: 'STORAGE' as const,
      zoneCategory: null,
      binCount: 0,
      createdAt: at,
    }));
    const bins = Array.from({ length: 501 }, (_, i) => ({
      id: `b${i}`,
      warehouseId: 'w',
      zoneId: 'z00',
      code: `B${String(i).padStart(3, '0')}`,
      capacity: null,
      isActive: true,
      onHand: 0,
      createdAt: at,
    }));
    const view = warehouseView(
      { id: 'w', code: 'W', name: 'W', isActive: true, zoneCount: 51, createdAt: at, updatedAt: at },
      zones,
      bins,
    );
    expect([view.zones.length, view.zonesTruncated, view.zonesTotal]).toEqual([50, true, 51]);
    expect([view.zones[0]!.bins.length, view.zones[0]!.binsTruncated, view.zones[0]!.binsTotal]).toEqual([
      500,
      true,
      501,
    ]);
    expect(view.zones[0]!.bins[0]!.code).toBe('B000');
  });

  it('batch create: unique batch numbers per organisation, optional expiry date', async () => {
    const p = await product(t);
    const lot = await admin(
      'batch',
      'create',
      '--org',
      t.orgId,
      '--product',
      p.id,
      '--number',
      'LOT-1',
      '--expiry',
      '2027-06-30',
    );
    expect(lot.code).toBe(0);
    expect(lot.json).toMatchObject({
      id: expect.any(String),
      batchNumber: 'LOT-1',
      status: 'ACTIVE',
      expiryDate: '2027-06-30',
      product: null,
      items: [],
      totalQuantity: 0,
    });
    const dup = await admin('batch', 'create', '--org', t.orgId, '--product', p.id, '--number', 'lot-1');
    expect(dup.code).toBe(1);
    expect(
      (
        await admin(
          'batch',
          'create',
          '--org',
          t.orgId,
          '--product',
          p.id,
          '--number',
          'L2',
          '--expiry',
          'soon',
        )
      ).code,
    ).toBe(1);
    expect(
      (await admin('batch', 'create', '--org', t.orgId, '--product', 'nope', '--number', 'L3')).code,
    ).toBe(1);
  });
});

describe('warehouses over the API (design.md section 7, beyond the spec)', () => {
  const post = (path: string, body: unknown, key = t.key) => call('POST', path, { key, body });

  it('POST /warehouses creates one (201, its detail), replays its key, and GET /warehouses/{id} reads it', async () => {
    const created = await expectReplay(t, 'POST', '/warehouses', {
      code: ' NORTH ',
      name: 'North depot',
      address: '1 Quay St, Auckland',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      code: 'NORTH',
      name: 'North depot',
      address: '1 Quay St, Auckland',
      isActive: true,
      zones: [],
      zonesTruncated: false,
      zonesTotal: 0,
      createdAt: created.body.updatedAt,
      updatedAt: expect.any(String),
    });
    expect((await call('GET', `/warehouses/${created.body.id}`, { key: t.key })).body).toEqual(created.body);
    const audit = await listAudit(t.orgId, { resourceType: 'warehouse', resourceId: created.body.id });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        apiKeyId: t.keyId,
        changedFields: ['code', 'name', 'address'],
      }),
    ]);
  });

  it('a duplicate code is 409 (any case); a bad body is 400', async () => {
    await post('/warehouses', { code: 'DUP-1', name: 'First' });
    const dup = await post('/warehouses', { code: 'dup-1', name: 'Second' });
    expect([dup.status, dup.body.error]).toEqual([
      409,
      { code: 'conflict', message: "A warehouse with code 'dup-1' already exists" },
    ]);
    const bad = await post('/warehouses', { code: '   ', name: 'x'.repeat(256) });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_error']);
    expect((await post('/warehouses', { name: 'No code' })).status).toBe(400);
  });

  it('zones and bins: 201 with the refreshed warehouse; caps are 422; another warehouse or organisation is 404', async () => {
    const wh = (await post('/warehouses', { code: 'ZB-1', name: 'Zones and bins' })).body;
    const zoned = await expectReplay(t, 'POST', `/warehouses/${wh.id}/zones`, {
      name: 'Freezer',
      zoneType: 'STORAGE',
      zoneCategoryId: 'zc_freezer',
    });
    expect(zoned.status).toBe(201);
    expect(zoned.body).toMatchObject({ id: wh.id, zonesTotal: 1 });
    const zone = zoned.body.zones[0];
    expect(zone).toEqual({
      id: expect.any(String),
      name: 'Freezer',
      zoneType: 'STORAGE',
      zoneCategory: {
        id: 'zc_freezer',
        name: 'Freezer',
        builtInKey: 'FREEZER',
        needsTemperatureRecords: true,
      },
      bins: [],
      binsTruncated: false,
      binsTotal: 0,
    });
    const binned = await expectReplay(t, 'POST', `/warehouses/${wh.id}/zones/${zone.id}/bins`, {
      code: 'F-01',
      capacity: 40,
    });
    expect(binned.status).toBe(201);
    expect(binned.body.zones[0].bins).toEqual([
      { id: expect.any(String), code: 'F-01', capacity: 40, isActive: true },
    ]);
    expect((await call('GET', `/warehouses/${wh.id}`, { key: t.key })).body).toEqual(binned.body);

    const badZone = await post(`/warehouses/${wh.id}/zones`, { name: 'Attic', zoneType: 'ATTIC' });
    expect([badZone.status, badZone.body.error.code]).toEqual([400, 'validation_error']);
    expect(
      (await post(`/warehouses/${wh.id}/zones/${zone.id}/bins`, { code: 'B', capacity: 0 })).status,
    ).toBe(400);

    const otherWh = (await post('/warehouses', { code: 'ZB-2', name: 'Other' })).body;
    const misplaced = await post(`/warehouses/${otherWh.id}/zones/${zone.id}/bins`, { code: 'X' });
    expect([misplaced.status, misplaced.body.error.message]).toEqual([404, 'Zone not found']);
    const outsider = await newTenant('Warehouse outsider');
    const foreign = await post(
      `/warehouses/${wh.id}/zones`,
      { name: 'Z', zoneType: 'STORAGE' },
      outsider.key,
    );
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Warehouse not found']);
    expect((await call('GET', `/warehouses/${wh.id}`, { key: outsider.key })).status).toBe(404);
    expect(
      (await post(`/warehouses/${wh.id}/zones/${zone.id}/bins`, { code: 'Y' }, outsider.key)).status,
    ).toBe(404);

    // Stand in for 49 earlier zones and 499 earlier bins: the caps are the parents' counters.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: zoneKey(t.orgId, zone.id),
        UpdateExpression: 'SET binCount = :n',
        ExpressionAttributeValues: { ':n': 500 },
      }),
    );
    const fullZone = await post(`/warehouses/${wh.id}/zones/${zone.id}/bins`, { code: 'F-02' });
    expect([fullZone.status, fullZone.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Zone Freezer already has the maximum of 500 bins' },
    ]);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: zoneKey(t.orgId, zone.id).PK, SK: `W#${wh.id}` },
        UpdateExpression: 'SET zoneCount = :n',
        ExpressionAttributeValues: { ':n': 50 },
      }),
    );
    const fullWh = await post(`/warehouses/${wh.id}/zones`, { name: 'More', zoneType: 'PICKING' });
    expect([fullWh.status, fullWh.body.error]).toEqual([
      422,
      { code: 'unprocessable', message: 'Warehouse ZB-1 already has the maximum of 50 zones' },
    ]);
  });

  it('PUT /warehouses/{id} merge-patches name, address and isActive; 404 elsewhere; 400 on a bad body', async () => {
    const wh = (await post('/warehouses', { code: 'PUT-1', name: 'Before', address: 'Old road' })).body;
    const renamed = await call('PUT', `/warehouses/${wh.id}`, { key: t.key, body: { name: 'After' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: wh.id,
      code: 'PUT-1',
      name: 'After',
      address: 'Old road',
      isActive: true,
    });
    const off = await call('PUT', `/warehouses/${wh.id}`, {
      key: t.key,
      body: { isActive: false, address: null },
    });
    expect(off.body).toMatchObject({ name: 'After', address: null, isActive: false });
    expect(
      (await call('GET', '/warehouses', { key: t.key })).body.data.map((w: { id: string }) => w.id),
    ).not.toContain(wh.id);
    const on = await call('PUT', `/warehouses/${wh.id}`, { key: t.key, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    const audit = await listAudit(t.orgId, { resourceType: 'warehouse', resourceId: wh.id });
    expect(audit.map((e) => [e.action, e.changedFields, e.apiKeyId])).toEqual(
      expect.arrayContaining([
        ['update', ['name'], t.keyId],
        ['update', ['address', 'isActive'], t.keyId],
        ['update', ['isActive'], t.keyId],
      ]),
    );
    expect((await call('PUT', `/warehouses/${wh.id}`, { key: t.key, body: { isActive: 'no' } })).status).toBe(
      400,
    );
    const outsider = await newTenant('Warehouse put outsider');
    const foreign = await call('PUT', `/warehouses/${wh.id}`, { key: outsider.key, body: { name: 'Mine' } });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, 'Warehouse not found']);
  });

  it('the CLI and the API give the same warehouse for the same steps', async () => {
    const api = (await post('/warehouses', { code: 'TWIN-A', name: 'Twin' })).body;
    const cli = await admin('warehouse', 'create', '--org', t.orgId, '--code', 'TWIN-B', '--name', 'Twin');
    expect(comparable({ ...cli.json, code: 'X' })).toEqual(comparable({ ...api, code: 'X' }));
    const viaApi = (
      await post(`/warehouses/${api.id}/zones`, {
        name: 'Cold',
        zoneType: 'STORAGE',
        zoneCategoryId: 'zc_cool_room',
      })
    ).body;
    const zone = await admin(
      'warehouse',
      'add-zone',
      '--org',
      t.orgId,
      '--warehouse',
      cli.json.id,
      '--name',
      'Cold',
      '--zone-type',
      'STORAGE',
      '--category',
      'COOL_ROOM',
    );
    expect(zone.code, zone.stderr).toBe(0);
    const viaCli = (await call('GET', `/warehouses/${cli.json.id}`, { key: t.key })).body;
    expect(comparable({ ...viaCli, code: 'X' })).toEqual(comparable({ ...viaApi, code: 'X' }));
    const off = await admin('warehouse', 'deactivate', '--org', t.orgId, '--id', cli.json.id);
    const offApi = (await call('PUT', `/warehouses/${api.id}`, { key: t.key, body: { isActive: false } }))
      .body;
    expect(comparable({ ...off.json, code: 'X' })).toEqual(comparable({ ...offApi, code: 'X' }));
  });
});
