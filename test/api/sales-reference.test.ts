import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { outboxItems } from '../support/outbox.js';
import { comparable, expectReplay } from '../support/steps.js';

let t: Tenant;
const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  t = await newTenant('Sales reference org');
});

describe('GET /customer-groups', () => {
  it('lists active groups by name, with search and includeInactive (true or 1)', async () => {
    const retail = await admin('customer-group', 'create', '--org', t.orgId, '--name', 'retail');
    expect(retail).toEqual({ id: expect.any(String), name: 'retail', isActive: true });
    await admin('customer-group', 'create', '--org', t.orgId, '--name', 'Hospitality');
    const res = await call('GET', '/customer-groups', { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { name: string }) => g.name)).toEqual(['Hospitality', 'retail']);
    expect(res.body.pagination).toEqual({ total: 2, page: 1, pageSize: 50, totalPages: 1 });
    const search = await call('GET', '/customer-groups', { key: t.key, query: { search: 'TAIL' } });
    expect(search.body.data).toEqual([retail]);
    expect(
      (await call('GET', '/customer-groups', { key: t.key, query: { includeInactive: 1 } })).status,
    ).toBe(200);
    expect(
      (await call('GET', '/customer-groups', { key: t.key, query: { includeInactive: 'x' } })).status,
    ).toBe(400);
  });
});

describe('GET /sales-reps', () => {
  it('lists active members only, with exactly id, name, email and role', async () => {
    const rep = await admin(
      'sales-rep',
      'create',
      '--org',
      t.orgId,
      '--name',
      'Zed',
      '--email',
      'zed@example.com',
      '--role',
      'manager',
    );
    expect(rep).toEqual({
      id: expect.any(String),
      name: 'Zed',
      email: 'zed@example.com',
      role: 'manager',
      isActive: true,
    });
    const gone = await admin(
      'sales-rep',
      'create',
      '--org',
      t.orgId,
      '--name',
      'Amy',
      '--email',
      'amy@example.com',
    );
    expect(gone.role).toBe('sales');
    const deactivated = await admin('sales-rep', 'deactivate', '--org', t.orgId, '--id', gone.id);
    expect(deactivated).toMatchObject({ id: gone.id, isActive: false });
    const res = await call('GET', '/sales-reps', { key: t.key });
    expect(res.body.data).toEqual([{ id: rep.id, name: 'Zed', email: 'zed@example.com', role: 'manager' }]);
    const byEmail = await call('GET', '/sales-reps', { key: t.key, query: { search: 'ZED@' } });
    expect(byEmail.body.pagination.total).toBe(1);
    const unknown = await runAdmin(['sales-rep', 'deactivate', '--org', t.orgId, '--id', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Sales rep not found');
  });
});

describe('POST /customer-groups (design.md section 7)', () => {
  let fresh: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    [fresh, other] = await Promise.all([
      newTenant('Customer group writes org'),
      newTenant('Other customer group org'),
    ]);
  });

  it('creates an active group the list shows, audited with the key and no event; the same key replays', async () => {
    const created = await expectReplay(fresh, 'POST', '/customer-groups', { name: 'Cafes' });
    expect([created.status, created.body]).toEqual([
      201,
      { id: expect.any(String), name: 'Cafes', isActive: true },
    ]);
    expect((await call('GET', '/customer-groups', { key: fresh.key })).body.data).toEqual([created.body]);
    expect((await call('GET', '/customer-groups', { key: other.key })).body.data).toEqual([]);
    const audit = await listAudit(fresh.orgId, {
      resourceType: 'customer_group',
      resourceId: created.body.id,
    });
    expect(audit.map((a) => [a.action, a.apiKeyId, a.changedFields])).toEqual([
      ['create', fresh.keyId, ['name']],
    ]);
    expect(await outboxItems(fresh.orgId)).toEqual([]);
  });

  it('a customer can join the group it created', async () => {
    const group = await call('POST', '/customer-groups', { key: fresh.key, body: { name: 'Joinable' } });
    const customer = await call('POST', '/customers', {
      key: fresh.key,
      body: { code: 'CG-1', name: 'Grouped', customerGroupId: group.body.id },
    });
    expect([customer.status, customer.body.customerGroupId]).toEqual([201, group.body.id]);
  });

  it('a bad body is 400 and nothing is created; a duplicate name is allowed, as the CLI allows it', async () => {
    const before = (await call('GET', '/customer-groups', { key: fresh.key })).body.pagination.total;
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 7 }]) {
      const res = await call('POST', '/customer-groups', { key: fresh.key, body });
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    expect((await call('GET', '/customer-groups', { key: fresh.key })).body.pagination.total).toBe(before);
    const again = await call('POST', '/customer-groups', { key: fresh.key, body: { name: 'Cafes' } });
    expect(again.status).toBe(201);
    expect((await call('GET', '/customer-groups', { key: fresh.key })).body.pagination.total).toBe(
      before + 1,
    );
  });

  it('the CLI and the API give the same group', async () => {
    const api = await call('POST', '/customer-groups', { key: fresh.key, body: { name: 'Twin' } });
    const cli = await admin('customer-group', 'create', '--org', fresh.orgId, '--name', 'Twin');
    expect(comparable(cli)).toEqual(comparable(api.body));
    const audit = await listAudit(fresh.orgId, { resourceType: 'customer_group', resourceId: cli.id });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([['create', 'back-office']]);
  });
});

describe('POST /sales-reps and PUT /sales-reps/{id} (design.md section 7)', () => {
  let fresh: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    [fresh, other] = await Promise.all([newTenant('Sales rep writes org'), newTenant('Other sales rep org')]);
  });
  const listed = async (tenant: Tenant) => (await call('GET', '/sales-reps', { key: tenant.key })).body.data;

  it('creates an active rep (role defaults to sales) the list shows; audited with the key; the same key replays', async () => {
    const created = await expectReplay(fresh, 'POST', '/sales-reps', {
      name: 'Sue',
      email: 'sue@example.com',
    });
    expect([created.status, created.body]).toEqual([
      201,
      { id: expect.any(String), name: 'Sue', email: 'sue@example.com', role: 'sales', isActive: true },
    ]);
    const manager = await call('POST', '/sales-reps', {
      key: fresh.key,
      body: { name: 'Max', email: 'max@example.com', role: 'manager' },
    });
    expect(manager.body).toMatchObject({ name: 'Max', role: 'manager', isActive: true });
    expect(await listed(fresh)).toEqual([
      { id: manager.body.id, name: 'Max', email: 'max@example.com', role: 'manager' },
      { id: created.body.id, name: 'Sue', email: 'sue@example.com', role: 'sales' },
    ]);
    expect(await listed(other)).toEqual([]);
    const audit = await listAudit(fresh.orgId, { resourceType: 'sales_rep', resourceId: created.body.id });
    expect(audit.map((a) => [a.action, a.apiKeyId, a.changedFields])).toEqual([
      ['create', fresh.keyId, ['name', 'email', 'role']],
    ]);
    expect(await outboxItems(fresh.orgId)).toEqual([]);
  });

  it('a bad create body is 400', async () => {
    for (const body of [
      {},
      { name: 'No email' },
      { email: 'a@example.com' },
      { name: 'A', email: 'not-an-email' },
      { name: '', email: 'a@example.com' },
      { name: 'A', email: 'a@example.com', role: '' },
    ]) {
      const res = await call('POST', '/sales-reps', { key: fresh.key, body });
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
  });

  it('merge-patches name, email and isActive: omitted keys keep their values; isActive false deactivates', async () => {
    const rep = await call('POST', '/sales-reps', {
      key: fresh.key,
      body: { name: 'Pat', email: 'pat@example.com', role: 'lead' },
    });
    const renamed = await call('PUT', `/sales-reps/${rep.body.id}`, {
      key: fresh.key,
      body: { name: 'Patricia' },
    });
    expect([renamed.status, renamed.body]).toEqual([
      200,
      { id: rep.body.id, name: 'Patricia', email: 'pat@example.com', role: 'lead', isActive: true },
    ]);
    const moved = await call('PUT', `/sales-reps/${rep.body.id}`, {
      key: fresh.key,
      body: { email: 'patricia@example.com', role: 'ignored' },
    });
    expect(moved.body).toEqual({ ...renamed.body, email: 'patricia@example.com' });
    const off = await call('PUT', `/sales-reps/${rep.body.id}`, {
      key: fresh.key,
      body: { isActive: false },
    });
    expect(off.body).toEqual({ ...moved.body, isActive: false });
    expect((await listed(fresh)).map((r: { id: string }) => r.id)).not.toContain(rep.body.id);
    // An inactive rep is refused as a customer's rep; reactivated, it is accepted again.
    const refused = await call('POST', '/customers', {
      key: fresh.key,
      body: { code: 'SR-1', name: 'Buyer', salesRepId: rep.body.id },
    });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'invalid_reference']);
    const on = await call('PUT', `/sales-reps/${rep.body.id}`, { key: fresh.key, body: { isActive: true } });
    expect(on.body.isActive).toBe(true);
    expect((await listed(fresh)).map((r: { id: string }) => r.id)).toContain(rep.body.id);
    const unchanged = await call('PUT', `/sales-reps/${rep.body.id}`, { key: fresh.key, body: {} });
    expect([unchanged.status, unchanged.body]).toEqual([200, on.body]);
    const audit = await listAudit(fresh.orgId, { resourceType: 'sales_rep', resourceId: rep.body.id });
    expect(audit.map((a) => [a.action, a.changedFields, a.apiKeyId])).toEqual([
      ['create', ['name', 'email', 'role'], fresh.keyId],
      ['update', ['name'], fresh.keyId],
      ['update', ['email'], fresh.keyId],
      ['deactivate', ['isActive'], fresh.keyId],
      ['update', ['isActive'], fresh.keyId],
    ]);
  });

  it("a bad patch is 400; another organisation's rep and an unknown id are 404, and it is unchanged", async () => {
    const theirs = await call('POST', '/sales-reps', {
      key: other.key,
      body: { name: 'Theirs', email: 'theirs@example.com' },
    });
    for (const body of [{ name: '' }, { email: 'nope' }, { isActive: 'no' }, { name: null }]) {
      const res = await call('PUT', `/sales-reps/${theirs.body.id}`, { key: other.key, body });
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
    }
    for (const id of [theirs.body.id, 'nobody']) {
      const res = await call('PUT', `/sales-reps/${id}`, { key: fresh.key, body: { isActive: false } });
      expect([res.status, res.body.error]).toEqual([
        404,
        { code: 'not_found', message: 'Sales rep not found' },
      ]);
    }
    expect(await listed(other)).toEqual([
      { id: theirs.body.id, name: 'Theirs', email: 'theirs@example.com', role: 'sales' },
    ]);
  });

  it('a PUT repeated answers the same rep and writes nothing more (a PUT is idempotent by itself)', async () => {
    const rep = await call('POST', '/sales-reps', {
      key: fresh.key,
      body: { name: 'Ray', email: 'ray@example.com' },
    });
    const put = () =>
      call('PUT', `/sales-reps/${rep.body.id}`, { key: fresh.key, body: { name: 'Raymond' } });
    const first = await put();
    const second = await put();
    expect([second.status, second.raw]).toEqual([200, first.raw]);
    expect(first.body).toMatchObject({ id: rep.body.id, name: 'Raymond' });
    const audit = await listAudit(fresh.orgId, { resourceType: 'sales_rep', resourceId: rep.body.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('the CLI and the API give the same rep, created and deactivated', async () => {
    const api = await call('POST', '/sales-reps', {
      key: fresh.key,
      body: { name: 'Twin', email: 'twin@example.com', role: 'manager' },
    });
    const cli = await admin(
      'sales-rep',
      'create',
      '--org',
      fresh.orgId,
      '--name',
      'Twin',
      '--email',
      'twin@example.com',
      '--role',
      'manager',
    );
    expect(comparable(cli)).toEqual(comparable(api.body));
    const apiOff = await call('PUT', `/sales-reps/${api.body.id}`, {
      key: fresh.key,
      body: { isActive: false },
    });
    const cliOff = await admin('sales-rep', 'deactivate', '--org', fresh.orgId, '--id', cli.id);
    expect(comparable(cliOff)).toEqual(comparable(apiOff.body));
    const audit = await listAudit(fresh.orgId, { resourceType: 'sales_rep', resourceId: cli.id });
    expect(audit.map((a) => [a.action, a.apiKeyId])).toEqual([
      ['create', 'back-office'],
      ['deactivate', 'back-office'],
    ]);
  });
});
