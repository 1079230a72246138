import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { subscriptionDisableItems, webhookKey } from '../../functions/areas/webhooks/store/webhooks.js';
import { useResolver } from '../../functions/areas/webhooks/target.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
let other: Tenant;

const TAG = /^"v(\d+)-[A-Za-z0-9_-]{16}"$/;
const versionOf = (tag: string) => Number(TAG.exec(tag)![1]);

beforeAll(async () => {
  useResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
  [t, other] = await Promise.all([newTenant('Webhook ETag org'), newTenant('Other webhook ETag org')]);
});
afterAll(() => useResolver(null));

async function subscription(): Promise<string> {
  const res = await call('POST', '/webhooks', {
    key: t.key,
    body: { url: 'https://hooks.example.com/in', events: ['product.created'], description: 'first' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('ETags on /webhooks/{id}', () => {
  it('GET returns a strong ETag; If-None-Match with it is 304 without a body', async () => {
    const id = await subscription();
    const read = await call('GET', `/webhooks/${id}`, { key: t.key });
    expect(read.status).toBe(200);
    const tag = read.headers.etag!;
    expect(tag).toMatch(TAG);
    expect(versionOf(tag)).toBe(1);
    expect(read.body).not.toHaveProperty('version');

    const same = await call('GET', `/webhooks/${id}`, { key: t.key, headers: { 'if-none-match': tag } });
    expect(same.status).toBe(304);
    expect(same.raw).toBe('');
    expect(same.headers.etag).toBe(tag);
    const stale = await call('GET', `/webhooks/${id}`, {
      key: t.key,
      headers: { 'if-none-match': '"v1-x"' },
    });
    expect(stale.status).toBe(200);
  });

  it('PUT with the current If-Match applies and returns the new ETag; a stale one is 412 and changes nothing', async () => {
    const id = await subscription();
    const tag = (await call('GET', `/webhooks/${id}`, { key: t.key })).headers.etag!;
    const put = await call('PUT', `/webhooks/${id}`, {
      key: t.key,
      body: { description: 'second' },
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(200);
    expect(put.body.description).toBe('second');
    const next = put.headers.etag!;
    expect(versionOf(next)).toBe(2);
    expect((await call('GET', `/webhooks/${id}`, { key: t.key })).headers.etag).toBe(next);

    const stale = await call('PUT', `/webhooks/${id}`, {
      key: t.key,
      body: { description: 'lost', isActive: false },
      headers: { 'if-match': tag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    const after = await call('GET', `/webhooks/${id}`, { key: t.key });
    expect(after.body).toMatchObject({ description: 'second', isActive: true });
    expect(after.headers.etag).toBe(next);

    // A rotation moves the version too, so a tag read before it is stale.
    expect((await call('POST', `/webhooks/${id}/rotate-secret`, { key: t.key })).status).toBe(200);
    const rotated = await call('PUT', `/webhooks/${id}`, {
      key: t.key,
      body: { description: 'lost' },
      headers: { 'if-match': next },
    });
    expect(rotated.status).toBe(412);

    // Without If-Match a PUT is unconditional, as the spec has it.
    const plain = await call('PUT', `/webhooks/${id}`, { key: t.key, body: { description: 'third' } });
    expect(plain.status).toBe(200);
    expect(plain.body.description).toBe('third');
    expect(versionOf(plain.headers.etag!)).toBe(4);
  });

  it('two PUTs racing with the same If-Match: one applies, the other is 412', async () => {
    const id = await subscription();
    const tag = (await call('GET', `/webhooks/${id}`, { key: t.key })).headers.etag!;
    const results = await Promise.all(
      ['a', 'b'].map((description) =>
        call('PUT', `/webhooks/${id}`, { key: t.key, body: { description }, headers: { 'if-match': tag } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await call('GET', `/webhooks/${id}`, { key: t.key })).body.description).toBe(
      winner.body.description,
    );
  });

  it('is 404 for another organisation, with or without the conditional headers', async () => {
    const id = await subscription();
    const tag = (await call('GET', `/webhooks/${id}`, { key: t.key })).headers.etag!;
    const read = await call('GET', `/webhooks/${id}`, { key: other.key, headers: { 'if-none-match': tag } });
    expect(read.status).toBe(404);
    const put = await call('PUT', `/webhooks/${id}`, {
      key: other.key,
      body: { description: 'x' },
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(404);
  });
});

describe('an auto-disable moves the version', () => {
  it('so a PUT with a tag read while the subscription was active is 412 and it stays disabled', async () => {
    const id = await subscription();
    const tag = (await call('GET', `/webhooks/${id}`, { key: t.key })).headers.etag!;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(t.orgId, id),
        UpdateExpression: 'SET failureCount = :n',
        ExpressionAttributeValues: { ':n': 5 },
      }),
    );
    await transact(subscriptionDisableItems(t.orgId, id, new Date().toISOString(), 5));
    const disabled = await call('GET', `/webhooks/${id}`, { key: t.key });
    expect(disabled.body.isActive).toBe(false);
    expect(versionOf(disabled.headers.etag!)).toBe(2);

    const put = await call('PUT', `/webhooks/${id}`, {
      key: t.key,
      body: { description: 'from a stale form', isActive: true },
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(412);
    expect((await call('GET', `/webhooks/${id}`, { key: t.key })).body.isActive).toBe(false);
  });
});
