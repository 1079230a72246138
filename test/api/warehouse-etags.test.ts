import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { warehouseKey } from '../../functions/areas/inventory/store/warehouses.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { unique } from '../support/inventory.js';

let t: Tenant;
let other: Tenant;

const TAG = /^"v(\d+)-[A-Za-z0-9_-]{16}"$/;
const versionOf = (tag: string) => Number(TAG.exec(tag)![1]);

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Warehouse ETag org'), newTenant('Other warehouse ETag org')]);
});

async function warehouse(): Promise<string> {
  const u = unique();
  const res = await call('POST', '/warehouses', {
    key: t.key,
    body: { code: `WH-${u}`, name: `Store ${u}` },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const rename = () => ({ name: `Renamed ${unique()}` });

describe('ETags on /warehouses/{id}', () => {
  it('GET returns a strong ETag at version 1; If-None-Match with it is 304; a zone added moves it', async () => {
    const id = await warehouse();
    const read = await call('GET', `/warehouses/${id}`, { key: t.key });
    expect(read.status).toBe(200);
    const tag = read.headers.etag!;
    expect(versionOf(tag)).toBe(1);
    expect(read.body).not.toHaveProperty('version');
    const same = await call('GET', `/warehouses/${id}`, { key: t.key, headers: { 'if-none-match': tag } });
    expect(same.status).toBe(304);
    expect(same.raw).toBe('');

    const zone = await call('POST', `/warehouses/${id}/zones`, {
      key: t.key,
      body: { name: 'Main', zoneType: 'STORAGE' },
    });
    expect(zone.status).toBe(201);
    const moved = await call('GET', `/warehouses/${id}`, { key: t.key, headers: { 'if-none-match': tag } });
    expect(moved.status).toBe(200);
    expect(versionOf(moved.headers.etag!)).toBe(2);
  });

  it('PUT with the current If-Match applies and returns the new ETag; a stale one is 412 and changes nothing', async () => {
    const id = await warehouse();
    const tag = (await call('GET', `/warehouses/${id}`, { key: t.key })).headers.etag!;
    const body = rename();
    const put = await call('PUT', `/warehouses/${id}`, { key: t.key, body, headers: { 'if-match': tag } });
    expect(put.status).toBe(200);
    expect(put.body.name).toBe(body.name);
    const next = put.headers.etag!;
    expect(versionOf(next)).toBe(2);
    expect((await call('GET', `/warehouses/${id}`, { key: t.key })).headers.etag).toBe(next);

    const stale = await call('PUT', `/warehouses/${id}`, {
      key: t.key,
      body: { ...rename(), isActive: false },
      headers: { 'if-match': tag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    const after = await call('GET', `/warehouses/${id}`, { key: t.key });
    expect(after.body).toMatchObject({ name: body.name, isActive: true });
    expect(after.headers.etag).toBe(next);

    // Without If-Match a PUT is unconditional.
    const plain = await call('PUT', `/warehouses/${id}`, { key: t.key, body: rename() });
    expect(plain.status).toBe(200);
    expect(versionOf(plain.headers.etag!)).toBe(3);
  });

  it('two PUTs racing with the same If-Match: one applies, the other is 412', async () => {
    const id = await warehouse();
    const tag = (await call('GET', `/warehouses/${id}`, { key: t.key })).headers.etag!;
    const results = await Promise.all(
      [0, 1].map(() =>
        call('PUT', `/warehouses/${id}`, { key: t.key, body: rename(), headers: { 'if-match': tag } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('a warehouse stored before versions reads as version 0 and takes an If-Match of it', async () => {
    const id = await warehouse();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: warehouseKey(t.orgId, id),
        UpdateExpression: 'REMOVE version',
      }),
    );
    const tag = (await call('GET', `/warehouses/${id}`, { key: t.key })).headers.etag!;
    expect(versionOf(tag)).toBe(0);
    const put = await call('PUT', `/warehouses/${id}`, {
      key: t.key,
      body: rename(),
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(200);
    expect(versionOf(put.headers.etag!)).toBe(1);
    const again = await call('PUT', `/warehouses/${id}`, {
      key: t.key,
      body: rename(),
      headers: { 'if-match': tag },
    });
    expect(again.status).toBe(412);
  });

  it('is 404 for another organisation, with or without the conditional headers', async () => {
    const id = await warehouse();
    const tag = (await call('GET', `/warehouses/${id}`, { key: t.key })).headers.etag!;
    expect(
      (await call('GET', `/warehouses/${id}`, { key: other.key, headers: { 'if-none-match': tag } })).status,
    ).toBe(404);
    expect(
      (
        await call('PUT', `/warehouses/${id}`, {
          key: other.key,
          body: rename(),
          headers: { 'if-match': tag },
        })
      ).status,
    ).toBe(404);
  });
});
