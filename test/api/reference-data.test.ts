import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createUnitOfMeasure,
} from '../../functions/areas/products/back-office/catalogue-data.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant(), newTenant()]);
  const dairy = await createCategory({ orgId: t.orgId, name: 'dairy', sortOrder: 2 });
  await createCategory({ orgId: t.orgId, name: 'Bakery', sortOrder: 2 });
  await createCategory({ orgId: t.orgId, name: 'Zesty', sortOrder: 1 });
  await createCategory({ orgId: t.orgId, name: 'Cheese', parentId: dairy.id, sortOrder: 3 });
  await createUnitOfMeasure({ orgId: t.orgId, name: 'Kilogram', abbreviation: 'kg', type: 'WEIGHT' });
  await createUnitOfMeasure({ orgId: t.orgId, name: 'Each', abbreviation: 'ea', type: 'UNIT' });
  await createUnitOfMeasure({ orgId: t.orgId, name: 'Litre', abbreviation: 'L', type: 'VOLUME' });
});

describe('GET /categories', () => {
  it('orders by sort order, then name, with parentId', async () => {
    const res = await call('GET', '/categories', { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual([
      'Zesty',
      'Bakery',
      'dairy',
      'Cheese',
    ]);
    expect(res.body.data[3]).toEqual({
      id: expect.any(String),
      name: 'Cheese',
      parentId: res.body.data[2].id,
      sortOrder: 3,
    });
    expect(res.body.pagination).toEqual({ total: 4, page: 1, pageSize: 50, totalPages: 1 });
  });

  it('searches by name and pages', async () => {
    const res = await call('GET', '/categories', {
      key: t.key,
      query: { search: 'E', pageSize: 2, page: 2 },
    });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Cheese']);
    expect(res.body.pagination).toEqual({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
  });

  it('is scoped to the organisation', async () => {
    expect((await call('GET', '/categories', { key: other.key })).body.data).toEqual([]);
  });
});

describe('GET /units-of-measure', () => {
  it('lists by name and searches name or abbreviation', async () => {
    const all = await call('GET', '/units-of-measure', { key: t.key });
    expect(all.body.data.map((u: { abbreviation: string }) => u.abbreviation)).toEqual(['ea', 'kg', 'L']);
    expect(all.body.data[1]).toEqual({
      id: expect.any(String),
      name: 'Kilogram',
      abbreviation: 'kg',
      type: 'WEIGHT',
    });
    const byAbbreviation = await call('GET', '/units-of-measure', { key: t.key, query: { search: 'KG' } });
    expect(byAbbreviation.body.data.map((u: { name: string }) => u.name)).toEqual(['Kilogram']);
  });
});
