import { beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant, type Tenant } from '../support/api.js';

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
