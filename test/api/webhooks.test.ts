import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../domain/events.js';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { openSigningSecrets } from '../../functions/areas/webhooks/signing-secrets.js';
import { getSealedSecrets } from '../../functions/areas/webhooks/store/webhooks.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { webhookSecretKey } from '../../functions/areas/webhooks/store/webhooks.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { useResolver } from '../../functions/areas/webhooks/target.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
let other: Tenant;

const DNS: Record<string, string> = {
  'hooks.example.com': '93.184.216.34',
  'other.example.com': '93.184.216.35',
  'sneaky.example.com': '192.168.10.10',
};

const create = (body: Record<string, unknown>, tenant: Tenant = t) =>
  call('POST', '/webhooks', { key: tenant.key, body });
const valid = { url: 'https://hooks.example.com/in', events: ['product.created'] };

beforeAll(async () => {
  useResolver(async (host) => {
    const address = DNS[host];
    if (!address) throw new Error('ENOTFOUND');
    return [{ address, family: 4 }];
  });
  [t, other] = await Promise.all([newTenant('Webhooks org'), newTenant('Other webhooks org')]);
});
afterAll(() => useResolver(null));

describe('POST /webhooks', () => {
  it('201 with the secret shown once, secretPrefix afterwards', async () => {
    const res = await create({ ...valid, description: 'ERP sync' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/in',
      events: ['product.created'],
      description: 'ERP sync',
      secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      secretPrefix: res.body.secret.slice(0, 14),
      isActive: true,
      failureCount: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      disabledAt: null,
      createdAt: expect.any(String),
      updatedAt: res.body.createdAt,
    });
    // Stored sealed: the item holds no trace of the plain secret...
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: webhookSecretKey(t.orgId, res.body.id) }),
    );
    expect(Item!.secret).toMatch(/^local1:[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(Item)).not.toContain(res.body.secret.slice(6));
    expect(JSON.stringify(Item)).not.toContain(Buffer.from(res.body.secret).toString('base64'));
    // ...yet opens, for the delivery worker only, to the secret the create response showed...
    expect(await openSigningSecrets(t.orgId, res.body.id, new Date())).toEqual([res.body.secret]);
    // ...and only on its own row: the seal is bound to the organisation and the subscription.
    const twin = await create(valid);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...Item, ...webhookSecretKey(t.orgId, twin.body.id) },
      }),
    );
    await expect(openSigningSecrets(t.orgId, twin.body.id, new Date())).rejects.toThrow();
    // ...but never read back through the API.
    const read = await call('GET', `/webhooks/${res.body.id}`, { key: t.key });
    const listed = await call('GET', '/webhooks', { key: t.key });
    for (const raw of [read.raw, listed.raw]) expect(raw).not.toContain(res.body.secret.slice(14));
    expect(read.body).not.toHaveProperty('secret');
    expect(read.body.secretPrefix).toBe(res.body.secretPrefix);
  });

  it('accepts ["*"] alone and all 16 catalogue events at most', async () => {
    expect((await create({ ...valid, events: ['*'] })).status).toBe(201);
    expect((await create({ ...valid, events: EVENT_TYPES.slice(0, 16) })).status).toBe(201);
    const tooMany = await create({ ...valid, events: EVENT_TYPES.slice(0, 17) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].path).toBe('events');
  });

  it.each([
    ['no url', { events: ['product.created'] }, 'url'],
    ['no events', { url: valid.url }, 'events'],
    ['empty events', { ...valid, events: [] }, 'events'],
    ['unknown event', { ...valid, events: ['product.deleted'] }, 'events[0]'],
    ['* with others', { ...valid, events: ['*', 'product.created'] }, 'events'],
    ['duplicate events', { ...valid, events: ['product.created', 'product.created'] }, 'events'],
    ['http url', { ...valid, url: 'http://hooks.example.com/in' }, 'url'],
    ['malformed url', { ...valid, url: 'hooks example' }, 'url'],
    ['url over 2048', { ...valid, url: `https://hooks.example.com/${'a'.repeat(2030)}` }, 'url'],
    ['description over 500', { ...valid, description: 'd'.repeat(501) }, 'description'],
  ])('400 validation_error: %s', async (_, body, path) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details[0].path).toBe(path);
  });

  it.each([
    ['loopback', 'https://127.0.0.1/in'],
    ['private', 'https://10.1.2.3/in'],
    ['link-local metadata', 'https://169.254.169.254/latest'],
    ['hex loopback', 'https://0x7f000001/'],
    ['IPv4-mapped', 'https://[::ffff:10.0.0.1]/'],
    ['a name resolving to a private address', 'https://sneaky.example.com/in'],
    ['localhost', 'https://localhost/in'],
  ])('422 unprocessable: %s', async (_, url) => {
    const res = await create({ ...valid, url });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
    expect(res.body.error.message).toMatch(/^url is not allowed/);
  });

  it.each([
    ['CR LF', 'https://hooks.example.com/in\r\nX-Injected: 1'],
    ['LF', 'https://hooks.example.com/in\n'],
    ['tab', 'https://hooks.example.com/\tin'],
    ['space', 'https://hooks.example.com/in path'],
    ['leading space', ' https://hooks.example.com/in'],
    ['angle brackets', 'https://hooks.example.com/<in>'],
    ['bad escape', 'https://hooks.example.com/in%zz'],
  ])('400 validation_error for a url with %s, on POST and PUT, nothing stored', async (_, url) => {
    const posted = await create({ ...valid, url });
    expect(posted.status).toBe(400);
    expect(posted.body.error.code).toBe('validation_error');
    expect(posted.body.error.details[0]).toEqual({
      path: 'url',
      message: expect.stringMatching(/^must be a URL/),
    });
    const existing = await create(valid);
    const put = await call('PUT', `/webhooks/${existing.body.id}`, { key: t.key, body: { url } });
    expect(put.status).toBe(400);
    expect(put.body.error.code).toBe('validation_error');
    const read = await call('GET', `/webhooks/${existing.body.id}`, { key: t.key });
    expect(read.body.url).toBe(valid.url);
    await call('DELETE', `/webhooks/${existing.body.id}`, { key: t.key });
  });

  it('accepts a host that does not resolve yet (checked again at delivery)', async () => {
    expect((await create({ ...valid, url: 'https://not-yet.example.com/in' })).status).toBe(201);
  });

  it('caps active subscriptions at 25 (422); a disabled one frees a place', async () => {
    const tenant = await newTenant('Cap org');
    const made = await Promise.all(Array.from({ length: 25 }, () => create(valid, tenant)));
    expect(made.map((r) => r.status)).toEqual(Array(25).fill(201));
    const over = await create(valid, tenant);
    expect(over.status).toBe(422);
    expect(over.body.error).toEqual({
      code: 'unprocessable',
      message: 'An organisation can have at most 25 active webhook subscriptions',
    });
    const off = await call('PUT', `/webhooks/${made[0]!.body.id}`, {
      key: tenant.key,
      body: { isActive: false },
    });
    expect(off.body.isActive).toBe(false);
    expect((await create(valid, tenant)).status).toBe(201);
    // Re-enabling the disabled one would be the 26th.
    const back = await call('PUT', `/webhooks/${made[0]!.body.id}`, {
      key: tenant.key,
      body: { isActive: true },
    });
    expect(back.status).toBe(422);
    // Deleting an active one frees a place for it.
    expect((await call('DELETE', `/webhooks/${made[1]!.body.id}`, { key: tenant.key })).status).toBe(200);
    expect(
      (await call('PUT', `/webhooks/${made[0]!.body.id}`, { key: tenant.key, body: { isActive: true } }))
        .status,
    ).toBe(200);
  });
});

describe('GET /webhooks', () => {
  it("newest first, paged, only the organisation's own", async () => {
    const tenant = await newTenant('List org');
    const a = await create({ ...valid, description: 'a' }, tenant);
    const b = await create({ ...valid, description: 'b' }, tenant);
    const c = await create({ ...valid, description: 'c' }, tenant);
    const page1 = await call('GET', '/webhooks', { key: tenant.key, query: { pageSize: 2 } });
    expect(page1.status).toBe(200);
    expect(page1.body.pagination).toEqual({ total: 3, page: 1, pageSize: 2, totalPages: 2 });
    expect(page1.body.data.map((w: any) => w.id)).toEqual([c.body.id, b.body.id]);
    const page2 = await call('GET', '/webhooks', { key: tenant.key, query: { pageSize: 2, page: 2 } });
    expect(page2.body.data.map((w: any) => w.id)).toEqual([a.body.id]);
    expect((await call('GET', '/webhooks', { key: tenant.key, query: { page: 0 } })).status).toBe(400);
  });
});

describe('GET/PUT/DELETE /webhooks/{id}', () => {
  it('404 across organisations and for unknown ids', async () => {
    const mine = await create(valid);
    for (const [method, path, body] of [
      ['GET', `/webhooks/${mine.body.id}`, undefined],
      ['PUT', `/webhooks/${mine.body.id}`, { description: 'x' }],
      ['DELETE', `/webhooks/${mine.body.id}`, undefined],
      ['GET', `/webhooks/${mine.body.id}/deliveries`, undefined],
      ['POST', `/webhooks/${mine.body.id}/ping`, undefined],
      ['GET', '/webhooks/nope', undefined],
    ] as const) {
      const res = await call(method, path, { key: other.key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await call('GET', `/webhooks/${mine.body.id}`, { key: t.key })).status).toBe(200);
  });

  it('PUT is a merge-patch; url re-validated; description null clears', async () => {
    const w = await create({ ...valid, description: 'keep me?' });
    const res = await call('PUT', `/webhooks/${w.body.id}`, {
      key: t.key,
      body: { events: ['*'], description: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: valid.url, events: ['*'], description: null, isActive: true });
    expect(res.body.updatedAt >= w.body.updatedAt).toBe(true);
    const moved = await call('PUT', `/webhooks/${w.body.id}`, {
      key: t.key,
      body: { url: 'https://other.example.com/x' },
    });
    expect(moved.body).toMatchObject({ url: 'https://other.example.com/x', events: ['*'] });
    const privateUrl = await call('PUT', `/webhooks/${w.body.id}`, {
      key: t.key,
      body: { url: 'https://10.0.0.1/' },
    });
    expect(privateUrl.status).toBe(422);
    const badUrl = await call('PUT', `/webhooks/${w.body.id}`, {
      key: t.key,
      body: { url: 'http://x.example.com/' },
    });
    expect(badUrl.status).toBe(400);
    const badEvents = await call('PUT', `/webhooks/${w.body.id}`, { key: t.key, body: { events: [] } });
    expect(badEvents.status).toBe(400);
    const nullActive = await call('PUT', `/webhooks/${w.body.id}`, { key: t.key, body: { isActive: null } });
    expect(nullActive.status).toBe(400);
    expect((await call('GET', `/webhooks/${w.body.id}`, { key: t.key })).body.url).toBe(
      'https://other.example.com/x',
    );
  });

  it('DELETE answers { id, deleted: true } and removes the subscription and its delivery log', async () => {
    const w = await create(valid);
    expect((await call('POST', `/webhooks/${w.body.id}/ping`, { key: t.key })).status).toBe(202);
    const res = await call('DELETE', `/webhooks/${w.body.id}`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: w.body.id, deleted: true });
    expect((await call('GET', `/webhooks/${w.body.id}`, { key: t.key })).status).toBe(404);
    expect((await call('GET', `/webhooks/${w.body.id}/deliveries`, { key: t.key })).status).toBe(404);
    expect(await getSealedSecrets(t.orgId, w.body.id)).toBeNull();
    const { listDeliveries } = await import('../../functions/areas/webhooks/store/delivery-list.js');
    expect((await listDeliveries(t.orgId, w.body.id, undefined, { offset: 0, limit: 10 })).total).toBe(0);
    expect((await call('DELETE', `/webhooks/${w.body.id}`, { key: t.key })).status).toBe(404);
  });
});

describe('POST /webhooks/{id}/ping and GET /webhooks/{id}/deliveries', () => {
  it('202 { id, status: PENDING }; the delivery log shows the ping with its payload', async () => {
    const w = await create(valid);
    const ping = await call('POST', `/webhooks/${w.body.id}/ping`, { key: t.key });
    expect(ping.status).toBe(202);
    expect(ping.body).toEqual({ id: expect.stringMatching(/^dlv_/), status: 'PENDING' });
    const log = await call('GET', `/webhooks/${w.body.id}/deliveries`, { key: t.key });
    expect(log.status).toBe(200);
    expect(log.body.pagination).toEqual({ total: 1, page: 1, pageSize: 50, totalPages: 1 });
    expect(log.body.data[0]).toEqual({
      id: ping.body.id,
      event: 'ping',
      status: 'PENDING',
      attempts: 0,
      responseStatus: null,
      lastError: null,
      deliveredAt: null,
      nextAttemptAt: expect.any(String),
      createdAt: expect.any(String),
      payload: {
        id: expect.stringMatching(/^evt_/),
        event: 'ping',
        occurredAt: log.body.data[0].createdAt,
        orgId: t.orgId,
        data: { id: w.body.id },
      },
    });
  });

  it('filters by status and rejects an unknown one', async () => {
    const w = await create(valid);
    await call('POST', `/webhooks/${w.body.id}/ping`, { key: t.key });
    const pending = await call('GET', `/webhooks/${w.body.id}/deliveries`, {
      key: t.key,
      query: { status: 'PENDING' },
    });
    expect(pending.body.data).toHaveLength(1);
    const delivered = await call('GET', `/webhooks/${w.body.id}/deliveries`, {
      key: t.key,
      query: { status: 'DELIVERED' },
    });
    expect(delivered.body).toMatchObject({ data: [], pagination: { total: 0 } });
    const bad = await call('GET', `/webhooks/${w.body.id}/deliveries`, {
      key: t.key,
      query: { status: 'LOST' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_parameter');
  });
});

describe('POST /webhooks/{id}/rotate-secret (beyond the spec)', () => {
  it('200: the subscription with the new secret shown once and when the old one stops signing', async () => {
    const w = await create(valid);
    const before = Date.now();
    const res = await call('POST', `/webhooks/${w.body.id}/rotate-secret`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...w.body,
      secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      secretPrefix: res.body.secret.slice(0, 14),
      updatedAt: expect.any(String),
      previousSecretExpiresAt: expect.any(String),
    });
    expect(res.body.secret).not.toBe(w.body.secret);
    const grace = Date.parse(res.body.previousSecretExpiresAt) - before;
    expect(grace).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000 + 5000);

    const read = await call('GET', `/webhooks/${w.body.id}`, { key: t.key });
    expect(read.body.secretPrefix).toBe(res.body.secretPrefix);
    expect(read.raw).not.toContain(res.body.secret.slice(14));
    // Both stored sealed; the worker opens the new one first, then the old one until it expires.
    const stored = await getSealedSecrets(t.orgId, w.body.id);
    expect(stored).toEqual({
      current: expect.stringMatching(/^local1:/),
      previous: { secret: expect.stringMatching(/^local1:/), expiresAt: res.body.previousSecretExpiresAt },
    });
    expect(JSON.stringify(stored)).not.toContain(res.body.secret.slice(6));
    expect(await openSigningSecrets(t.orgId, w.body.id, new Date())).toEqual([
      res.body.secret,
      w.body.secret,
    ]);
    const expired = new Date(Date.parse(res.body.previousSecretExpiresAt) + 1);
    expect(await openSigningSecrets(t.orgId, w.body.id, expired)).toEqual([res.body.secret]);
  });

  it('a second rotation retires the first old secret at once: only the last two sign', async () => {
    const w = await create(valid);
    const first = await call('POST', `/webhooks/${w.body.id}/rotate-secret`, { key: t.key });
    const second = await call('POST', `/webhooks/${w.body.id}/rotate-secret`, { key: t.key });
    expect(second.status).toBe(200);
    expect(await openSigningSecrets(t.orgId, w.body.id, new Date())).toEqual([
      second.body.secret,
      first.body.secret,
    ]);
  });

  it('404 across organisations and for unknown ids; nothing changes', async () => {
    const w = await create(valid);
    const stored = await getSealedSecrets(t.orgId, w.body.id);
    for (const [tenant, id] of [
      [other, w.body.id],
      [t, 'nope'],
    ] as const) {
      const res = await call('POST', `/webhooks/${id}/rotate-secret`, { key: tenant.key });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await getSealedSecrets(t.orgId, w.body.id)).toEqual(stored);
  });

  it('two concurrent rotations never both win on one version: overlapping, one 409; serialised, the later one signs', async () => {
    const w = await create(valid);
    const results = await Promise.all(
      [1, 2].map(() => call('POST', `/webhooks/${w.body.id}/rotate-secret`, { key: t.key })),
    );
    const secrets = await openSigningSecrets(t.orgId, w.body.id, new Date());
    const won = results.filter((r) => r.status === 200);
    if (won.length === 1) {
      // They read the same version: the version condition lets one through.
      expect(results.find((r) => r.status !== 200)!.status).toBe(409);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe('conflict');
      expect(secrets).toEqual([won[0]!.body.secret, w.body.secret]);
    } else {
      // The second read the first's result: two rotations in a row. The original secret's grace ends at
      // once; the later secret signs, the earlier one keeps its overlap.
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(secrets).toHaveLength(2);
      expect([...(secrets ?? [])].sort()).toEqual(results.map((r) => r.body.secret).sort());
      expect(secrets).not.toContain(w.body.secret);
    }
  });
});
