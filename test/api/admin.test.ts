import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../functions/areas/organisations/steps/api-keys.js';
import { clearAuthCache } from '../../functions/platform/http/authenticate.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import type { PermissionGrant } from '../../domain/auth/permissions.js';
import type { Scope } from '../../domain/auth/scopes.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Admin org'), newTenant('Other org')]);
});
afterEach(() => {
  vi.useRealTimers();
  clearAuthCache();
});

const keyWith = (scopes: Scope[], permissions: PermissionGrant = 'all', orgId = t.orgId) =>
  createApiKey({ orgId, name: 'test', scopes, permissions });
const works = async (key: string) => (await call('GET', '/api-keys/current', { key })).status === 200;

describe('POST /api-keys', () => {
  it('creates a key within the caller; the secret once, a replay without it; audited with the acting key', async () => {
    const body = { name: 'Warehouse scanner', scopes: ['inventory:write'], permissions: ['inventory.view'] };
    const headers = { 'Idempotency-Key': `create-${Date.now()}` };
    const first = await call('POST', '/api-keys', { key: t.key, headers, body });
    const replay = await call('POST', '/api-keys', { key: t.key, headers, body });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(first.body.key).toMatch(/^sfk_live_[0-9a-f]{48}$/);
    expect(replay.body).toEqual({ ...first.body, key: undefined });
    expect(first.status).toBe(201);
    expect(replay.body).toEqual({
      id: expect.any(String),
      name: 'Warehouse scanner',
      scopes: ['inventory:write'],
      permissions: ['inventory.view'],
      expiresAt: null,
      revokedAt: null,
      createdAt: expect.any(String),
      rotatedAt: null,
      keyPreview: expect.stringMatching(/^sfk_live_/),
    });
    const fresh = await call('POST', '/api-keys', { key: t.key, body });
    expect(fresh.status).toBe(201);
    expect(fresh.body.key).toMatch(/^sfk_live_[0-9a-f]{48}$/);
    const created = await call('GET', '/api-keys/current', { key: fresh.body.key });
    expect(created.body).toEqual({ ...fresh.body, key: undefined });
    const audit = await listAudit(t.orgId, { resourceType: 'api_key', resourceId: fresh.body.id });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        apiKeyId: t.keyId,
        changedFields: ['name', 'scopes', 'permissions', 'expiresAt'],
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(fresh.body.key);
  });

  it("permissions left out are the caller's own", async () => {
    const caller = await keyWith(['admin:write', 'products:read'], ['keys.manage', 'products.view']);
    const res = await call('POST', '/api-keys', {
      key: caller.key,
      body: { name: 'n', scopes: ['products:read'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.permissions).toEqual(['keys.manage', 'products.view']);
  });

  it('400 for a bad body', async () => {
    for (const body of [
      { scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['root'] },
      { name: 'x', scopes: ['read'], permissions: ['no.such'] },
      { name: 'x', scopes: ['read'], expiresAt: 'tomorrow' },
    ]) {
      const res = await call('POST', '/api-keys', { key: t.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('no escalation: each kind is 403 forbidden naming the first item lacked, and nothing is created', async () => {
    const caller = await keyWith(['admin:write', 'products:read'], ['keys.manage', 'products.view']);
    const cases: [unknown, string][] = [
      [{ scopes: ['products:write'] }, 'the products:write scope'],
      [{ scopes: ['products:read', 'read'] }, 'the read scope'],
      [{ scopes: ['inventory:read'] }, 'the inventory:read scope'],
      [{ scopes: ['write'], permissions: ['sales.view'] }, 'the write scope'],
      [
        { scopes: ['products:read'], permissions: ['products.view', 'org.manage'] },
        'the org.manage permission',
      ],
      [{ scopes: ['products:read'], permissions: 'all' }, 'the all permissions grant (it holds a list)'],
    ];
    const before = (await call('GET', '/api-keys', { key: t.key })).body.data.length;
    for (const [extra, lacked] of cases) {
      const res = await call('POST', '/api-keys', {
        key: caller.key,
        body: { name: 'n', ...(extra as object) },
      });
      expect([res.status, res.body.error], lacked).toEqual([
        403,
        {
          code: 'forbidden',
          message: `This API key lacks ${lacked}, so it cannot grant or manage a key that has it`,
        },
      ]);
    }
    expect((await call('GET', '/api-keys', { key: t.key })).body.data.length).toBe(before);
  });
});

describe('GET /api-keys and /api-keys/current', () => {
  it('lists every key with revokedAt, never a secret or hash; another organisation sees none of them', async () => {
    const made = await keyWith(['read'], ['products.view']);
    await call('DELETE', `/api-keys/${made.id}`, { key: t.key });
    const list = await call('GET', '/api-keys', { key: t.key });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: string }) => k.id === made.id);
    expect(listed).toMatchObject({ id: made.id, scopes: ['read'], permissions: ['products.view'] });
    expect(listed.revokedAt).toEqual(expect.any(String));
    expect(list.raw).not.toMatch(/currentHash|hashes|sfk_live_[0-9a-f]{48}/);
    const theirs = await call('GET', '/api-keys', { key: other.key });
    expect(theirs.body.data.map((k: { id: string }) => k.id)).toEqual([other.keyId]);
  });

  it('current needs only a valid key', async () => {
    const bare = await keyWith(['customers:read'], []);
    const res = await call('GET', '/api-keys/current', { key: bare.key });
    expect([res.status, res.body.id, res.body.scopes]).toEqual([200, bare.id, ['customers:read']]);
  });
});

describe('POST /api-keys/{id}/rotate and DELETE /api-keys/{id}', () => {
  it('rotates: the new secret once, the same scopes, the old one in its grace window; other fields ignored', async () => {
    const target = await keyWith(['products:read'], ['products.view']);
    const res = await call('POST', `/api-keys/${target.id}/rotate`, {
      key: t.key,
      body: { graceHours: 2, scopes: ['write'], permissions: 'all' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: target.id,
      scopes: ['products:read'],
      permissions: ['products.view'],
    });
    expect(Date.parse(res.body.previousValidUntil) - Date.parse(res.body.rotatedAt)).toBe(2 * 3_600_000);
    expect(await works(res.body.key)).toBe(true);
    expect(await works(target.key)).toBe(true);
    const headers = { 'Idempotency-Key': `rotate-${Date.now()}` };
    const again = await call('POST', `/api-keys/${target.id}/rotate`, { key: t.key, headers, body: {} });
    const replayed = await call('POST', `/api-keys/${target.id}/rotate`, { key: t.key, headers, body: {} });
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect(again.body.key).toMatch(/^sfk_live_/);
    expect(replayed.body).toEqual({ ...again.body, key: undefined });
    const audit = await listAudit(t.orgId, { resourceType: 'api_key', resourceId: target.id });
    // The test's own key was made by the back office (the operator's door), the rotations by t's key.
    expect(audit.map((e) => [e.action, e.apiKeyId])).toEqual([
      ['create', 'back-office'],
      ['rotate', t.keyId],
      ['rotate', t.keyId],
    ]);
  });

  it('revokes: 200 { id, revoked: true }; every secret stops within the cache window; audited', async () => {
    const target = await keyWith(['read']);
    expect(await works(target.key)).toBe(true);
    const res = await call('DELETE', `/api-keys/${target.id}`, { key: t.key });
    expect([res.status, res.body]).toEqual([200, { id: target.id, revoked: true }]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_100);
    expect((await call('GET', '/products', { key: target.key })).status).toBe(401);
    vi.useRealTimers();
    const audit = await listAudit(t.orgId, { resourceType: 'api_key', resourceId: target.id });
    expect(audit.map((e) => [e.action, e.apiKeyId, e.changedFields])).toEqual([
      ['create', 'back-office', ['name', 'scopes', 'permissions', 'expiresAt']],
      ['revoke', t.keyId, ['revokedAt']],
    ]);
  });

  it('a key rotates and revokes itself with no admin scope nor keys.manage, but no other key', async () => {
    const self = await keyWith(['customers:read'], []);
    const peer = await keyWith(['customers:read'], []);
    expect((await call('POST', `/api-keys/${peer.id}/rotate`, { key: self.key })).status).toBe(403);
    expect((await call('DELETE', `/api-keys/${peer.id}`, { key: self.key })).status).toBe(403);
    const rotated = await call('POST', `/api-keys/${self.id}/rotate`, { key: self.key });
    expect([rotated.status, rotated.body.scopes]).toEqual([200, ['customers:read']]);
    const revoked = await call('DELETE', `/api-keys/${self.id}`, { key: rotated.body.key });
    expect([revoked.status, revoked.body]).toEqual([200, { id: self.id, revoked: true }]);
    clearAuthCache();
    expect(await works(rotated.body.key)).toBe(false);
    expect(await works(self.key)).toBe(false);
  });

  it('touching a wider key is 403 naming what the caller lacks, and the key is unchanged', async () => {
    const caller = await keyWith(['admin:write', 'products:write'], ['keys.manage']);
    const wider = await keyWith(['products:read', 'write'], ['keys.manage']);
    const richer = await keyWith(['products:read'], ['keys.manage', 'audit.view']);
    for (const [target, lacked] of [
      [wider, 'the write scope'],
      [richer, 'the audit.view permission'],
    ] as const) {
      for (const [method, path] of [
        ['POST', `/api-keys/${target.id}/rotate`],
        ['DELETE', `/api-keys/${target.id}`],
      ] as const) {
        const res = await call(method, path, { key: caller.key });
        expect([res.status, res.body.error.message]).toEqual([
          403,
          `This API key lacks ${lacked}, so it cannot grant or manage a key that has it`,
        ]);
      }
      expect(await works(target.key)).toBe(true);
    }
    const narrower = await keyWith(['products:read'], ['keys.manage']);
    expect((await call('DELETE', `/api-keys/${narrower.id}`, { key: caller.key })).status).toBe(200);
  });

  it("another organisation's key is 404 and stays as it was", async () => {
    const theirs = await keyWith(['read'], 'all', other.orgId);
    for (const [method, path] of [
      ['POST', `/api-keys/${theirs.id}/rotate`],
      ['DELETE', `/api-keys/${theirs.id}`],
    ] as const) {
      const res = await call(method, path, { key: t.key });
      expect([res.status, res.body.error.message]).toEqual([404, 'API key not found']);
    }
    expect(await works(theirs.key)).toBe(true);
  });

  it('a revoked key cannot be rotated (422) and revoking it again changes nothing; revoked and expired keys cannot act', async () => {
    const target = await keyWith(['read']);
    await call('DELETE', `/api-keys/${target.id}`, { key: t.key });
    const again = await call('POST', `/api-keys/${target.id}/rotate`, { key: t.key });
    expect([again.status, again.body.error.message]).toEqual([
      422,
      'API key is revoked; a revoked key cannot be rotated',
    ]);
    expect((await call('DELETE', `/api-keys/${target.id}`, { key: t.key })).status).toBe(200);
    const expired = await createApiKey({
      orgId: t.orgId,
      scopes: ['write'],
      permissions: 'all',
      expiresAt: '2020-01-01T00:00:00.000Z',
    });
    const victim = await keyWith(['read']);
    for (const key of [target.key, expired.key]) {
      expect((await call('DELETE', `/api-keys/${victim.id}`, { key })).status).toBe(401);
      expect((await call('POST', '/api-keys', { key, body: { name: 'n', scopes: ['read'] } })).status).toBe(
        401,
      );
    }
    expect(await works(victim.key)).toBe(true);
  });

  it('racing rotate and revoke: never both on stale reads; a revoked key is never rotated back to life', async () => {
    for (let i = 0; i < 6; i += 1) {
      const target = await keyWith(['read']);
      const [rotate, revoke] = await Promise.all([
        call('POST', `/api-keys/${target.id}/rotate`, { key: t.key }),
        call('DELETE', `/api-keys/${target.id}`, { key: t.key }),
      ]);
      expect([200, 409, 422]).toContain(rotate.status);
      expect([200, 409]).toContain(revoke.status);
      clearAuthCache();
      if (revoke.status === 200) {
        // Whichever committed first, every secret of the revoked key is dead, the rotated one included.
        if (rotate.status === 200) expect(await works(rotate.body.key)).toBe(false);
        expect(await works(target.key)).toBe(false);
        const listed = (await call('GET', '/api-keys', { key: t.key })).body.data.find(
          (k: { id: string }) => k.id === target.id,
        );
        expect(listed.revokedAt).toEqual(expect.any(String));
      } else {
        expect(rotate.status).toBe(200);
        expect(await works(rotate.body.key)).toBe(true);
      }
    }
    const target = await keyWith(['read']);
    const rotations = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api-keys/${target.id}/rotate`, { key: t.key })),
    );
    const won = rotations.filter((r) => r.status === 200);
    expect(rotations.filter((r) => r.status === 409).length).toBe(rotations.length - won.length);
    expect(won.length).toBeGreaterThanOrEqual(1);
  });

  it('the CLI and the API create the same key for the same request', async () => {
    const api = await call('POST', '/api-keys', {
      key: t.key,
      body: { name: 'Twin', scopes: ['read'], permissions: 'all' },
    });
    const cli = await runAdmin([
      'key',
      'create',
      '--org',
      t.orgId,
      '--scopes',
      'read',
      '--permissions',
      'all',
      '--name',
      'Twin',
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable({ ...JSON.parse(cli.stdout), key: '<secret>', keyPreview: 'p' })).toEqual(
      comparable({ ...api.body, key: '<secret>', keyPreview: 'p' }),
    );
  });
});

/**
 * A new organisation's audit log: its first key (by the back office), `keys` keys created over the API by
 * that key (oldest first in `made`), then an update of the organisation.
 */
async function auditTrail(name: string, keys: number) {
  const tenant = await newTenant(name);
  const made = [];
  for (let i = 0; i < keys; i += 1) {
    made.push(
      (await call('POST', '/api-keys', { key: tenant.key, body: { name: `k${i}`, scopes: ['read'] } })).body,
    );
  }
  await call('PUT', '/organisation', { key: tenant.key, body: { creditLimitMode: 'BLOCK' } });
  return { tenant, made };
}

describe('GET /audit-log', () => {
  it('newest first with filters, paging and the read names', async () => {
    const { tenant, made } = await auditTrail('Audit org', 3);
    const all = await call('GET', '/audit-log', { key: tenant.key });
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { action: string }) => e.action)).toEqual([
      'update',
      'create',
      'create',
      'create',
      'create',
    ]);
    expect(all.body.data[1]).toEqual({
      id: expect.any(String),
      at: made[2].createdAt,
      action: 'create',
      entityType: 'api_key',
      entityId: made[2].id,
      keyId: tenant.keyId,
      requestId: expect.any(String),
      changes: ['name', 'scopes', 'permissions', 'expiresAt'],
    });
    expect(all.body.pagination).toEqual({ page: 1, pageSize: 50, hasMore: false });
    expect(all.body.data[4]).toMatchObject({ entityId: tenant.keyId, keyId: 'back-office' });
    const page2 = await call('GET', '/audit-log', { key: tenant.key, query: { pageSize: 2, page: 2 } });
    expect(page2.body.data.map((e: { entityId: string }) => e.entityId)).toEqual([made[1].id, made[0].id]);
    expect(page2.body.pagination).toEqual({ page: 2, pageSize: 2, hasMore: true });
    const page3 = await call('GET', '/audit-log', { key: tenant.key, query: { pageSize: 2, page: 3 } });
    expect(page3.body.pagination).toEqual({ page: 3, pageSize: 2, hasMore: false });
    const page1 = await call('GET', '/audit-log', { key: tenant.key, query: { pageSize: 2 } });
    expect(page1.body.pagination.hasMore).toBe(true);
    const filtered = await call('GET', '/audit-log', {
      key: tenant.key,
      query: { entityType: 'api_key', entityId: made[0].id, action: 'create', keyId: tenant.keyId },
    });
    expect(filtered.body.data.map((e: { entityId: string }) => e.entityId)).toEqual([made[0].id]);
    const future = await call('GET', '/audit-log', { key: tenant.key, query: { dateFrom: '2999-01-01' } });
    expect(future.body.data).toEqual([]);
    const past = await call('GET', '/audit-log', { key: tenant.key, query: { dateTo: '2000-01-01' } });
    expect(past.body.data).toEqual([]);
    const theirs = await call('GET', '/audit-log', { key: other.key });
    expect(theirs.body.data.some((e: { keyId: string }) => e.keyId === tenant.keyId)).toBe(false);
  });
});

describe('GET /audit-log reads the partition its filters name, within the list budget (issue 29 item 6)', () => {
  afterEach(() => configureListBudget(undefined));

  it('a record, a key or a record type reads its own entries; other filters and page jumps are bounded', async () => {
    const { tenant, made } = await auditTrail('Audit index org', 7);
    // Newest first: the organisation's update, keys 6..0 (by the tenant's key), its first key (back office).
    configureListBudget(4);
    const log = (query: Record<string, string | number>, key = tenant.key) =>
      call('GET', '/audit-log', { key, query });
    const ids = (res: { body: { data: { entityId: string }[] } }) => res.body.data.map((e) => e.entityId);

    // The oldest key's entry is 8 entries deep: the whole log's read would pass the 4-row budget.
    const record = await log({ entityId: made[0].id });
    expect(record.status).toBe(200);
    expect(record.body.data).toEqual([
      expect.objectContaining({ entityType: 'api_key', entityId: made[0].id, action: 'create' }),
    ]);
    expect(record.body.pagination).toEqual({ page: 1, pageSize: 50, hasMore: false });
    expect(ids(await log({ keyId: 'back-office' }))).toEqual([tenant.keyId]);
    expect(ids(await log({ entityType: 'organisation' }))).toEqual([tenant.orgId]);
    // The filters a partition does not imply still apply to it.
    expect((await log({ entityId: made[0].id, action: 'rotate' })).body.data).toEqual([]);
    expect((await log({ entityId: made[0].id, entityType: 'organisation' })).body.data).toEqual([]);
    expect((await log({ entityId: made[0].id, keyId: 'back-office' })).body.data).toEqual([]);

    // An action alone is applied to the whole log, newest first: past the budget, the 400 names it.
    const action = await log({ action: 'update', pageSize: 2 });
    expect(action.status).toBe(400);
    expect(action.body.error.code).toBe('invalid_parameter');
    expect(action.body.error.message).toBe(
      "Query parameter 'action' needs more than 4 rows or ~1 MB read in one request at this organisation's " +
        'size (the audit log is read newest first); narrow the list with entityId, keyId, entityType, or ' +
        'dateFrom and dateTo',
    );
    // Within the key's entries, the action filter reads the key's 8 entries: refused too, dates narrow it.
    const keyed = await log({ keyId: tenant.keyId, action: 'create' });
    expect(keyed.status).toBe(400);
    expect(keyed.body.error.message).toMatch(
      /^Query parameter 'action' .*; narrow the list with dateFrom and dateTo$/,
    );
    const dated = await log({ keyId: tenant.keyId, action: 'create', dateTo: made[1].createdAt });
    expect(ids(dated)).toEqual([made[1].id, made[0].id]);

    // A page that fills as the budget ends: the rows left unread may hold more, so hasMore.
    const full = await log({ entityType: 'api_key', action: 'create', pageSize: 4 });
    expect(ids(full)).toEqual(
      made
        .slice(3)
        .reverse()
        .map((k) => k.id),
    );
    expect(full.body.pagination.hasMore).toBe(true);

    // Walked in order, each page of the key's entries resumes where the last ended, past the budget.
    clearListCursors();
    const seen: string[] = [];
    let more = true;
    for (let page = 1; more; page += 1) {
      const res = await log({ keyId: tenant.keyId, pageSize: 3, page });
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      more = res.body.pagination.hasMore;
    }
    expect(seen).toEqual([tenant.orgId, ...made.map((k) => k.id).reverse()]);
    // A page no cursor reaches is read within the budget: the 400 names the page.
    clearListCursors();
    const jump = await log({ keyId: tenant.keyId, pageSize: 3, page: 3 });
    expect(jump.status).toBe(400);
    expect(jump.body.error.message).toMatch(
      /^Query parameter 'page' .*narrow the list with dateFrom and dateTo$/,
    );

    // Another organisation's record and key are not found from here, nor this one's from there.
    configureListBudget(undefined);
    expect((await log({ entityId: made[0].id }, other.key)).body.data).toEqual([]);
    expect((await log({ keyId: tenant.keyId }, other.key)).body.data).toEqual([]);
    expect((await log({ keyId: other.keyId })).body.data).toEqual([]);
  });
});

describe('GET/PUT /organisation and PUT /exchange-rates/{currency}', () => {
  it('reads the settings; sets the credit mode only (merge-patch); audited', async () => {
    const tenant = await newTenant('Settings org');
    const read = await call('GET', '/organisation', { key: tenant.key });
    expect(read.body).toEqual({
      id: tenant.orgId,
      name: 'Settings org',
      baseCurrency: 'NZD',
      creditLimitMode: 'WARN',
      exchangeRates: [],
      rateLimits: { perKey: 100_000, perOrg: 100_000 },
    });
    const put = await call('PUT', '/organisation', {
      key: tenant.key,
      body: { creditLimitMode: 'BLOCK', baseCurrency: 'USD', rateLimits: { perKey: 1 }, name: 'x' },
    });
    expect(put.body).toEqual({ ...read.body, creditLimitMode: 'BLOCK' });
    expect((await call('PUT', '/organisation', { key: tenant.key, body: {} })).body.creditLimitMode).toBe(
      'BLOCK',
    );
    expect(
      (await call('PUT', '/organisation', { key: tenant.key, body: { creditLimitMode: 'NONE' } })).status,
    ).toBe(400);
    const rate = await expectReplay(tenant, 'PUT', '/exchange-rates/USD', { rate: 1.6 });
    expect(rate.body).toEqual({
      currency: 'USD',
      rate: 1.6,
      baseCurrency: 'NZD',
      updatedAt: expect.any(String),
    });
    const after = await call('GET', '/organisation', { key: tenant.key });
    expect(after.body.exchangeRates).toEqual([
      { currency: 'USD', rate: 1.6, updatedAt: rate.body.updatedAt },
    ]);
    const audit = await listAudit(tenant.orgId);
    expect(audit.map((e) => [e.resourceType, e.action, e.apiKeyId])).toEqual([
      ['api_key', 'create', 'back-office'],
      ['organisation', 'update', tenant.keyId],
      ['exchange_rate', 'set', tenant.keyId],
    ]);
  });

  it('exchange-rate validation as the CLI: 400 shape, 422 the base currency; rates stay per organisation', async () => {
    for (const body of [{ rate: 0 }, { rate: -1 }, { rate: 'x' }, {}]) {
      expect(
        (await call('PUT', '/exchange-rates/USD', { key: t.key, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    // A code that cannot be a currency reads like an unknown path id.
    const lower = await call('PUT', '/exchange-rates/usd', { key: t.key, body: { rate: 1 } });
    expect([lower.status, lower.body.error.message]).toEqual([404, 'Currency not found']);
    const base = await call('PUT', '/exchange-rates/NZD', { key: t.key, body: { rate: 1 } });
    expect([base.status, base.body.error.message]).toEqual([
      422,
      "NZD is the organisation's base currency; it needs no exchange rate",
    ]);
    await call('PUT', '/exchange-rates/GBP', { key: t.key, body: { rate: 2.1 } });
    expect((await call('GET', '/organisation', { key: other.key })).body.exchangeRates).toEqual([]);
  });

  it('the CLI and the API give the same rate and mode', async () => {
    const [a, b] = await Promise.all([newTenant(), newTenant()]);
    const api = await call('PUT', '/exchange-rates/EUR', { key: a.key, body: { rate: 1.8 } });
    const cli = await runAdmin([
      'org',
      'set-exchange-rate',
      '--org',
      b.orgId,
      '--currency',
      'EUR',
      '--rate',
      '1.8',
    ]);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(comparable(api.body));
    await call('PUT', '/organisation', { key: a.key, body: { creditLimitMode: 'BLOCK' } });
    await runAdmin(['org', 'set-credit-mode', '--org', b.orgId, '--mode', 'BLOCK']);
    const [ra, rb] = await Promise.all([
      call('GET', '/organisation', { key: a.key }),
      call('GET', '/organisation', { key: b.key }),
    ]);
    expect(comparable({ ...rb.body, name: 'n' })).toEqual(comparable({ ...ra.body, name: 'n' }));
  });
});
