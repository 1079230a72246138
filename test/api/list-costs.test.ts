import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/dynamo/client.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
let scanned = 0;
let queries = 0;

/** Counts items DynamoDB read for Query calls (ScannedCount): what a list request really costs. */
beforeAll(async () => {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand') {
        queries += 1;
        scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'listCostCounter' },
  );
  t = await newTenant('List cost org');
  for (let i = 0; i < 45; i += 1) {
    const res = await call('POST', '/products', {
      key: t.key,
      body: { sku: `LC-${String(i).padStart(3, '0')}`, name: `Item ${String(i).padStart(3, '0')}` },
    });
    expect(res.status).toBe(201);
  }
  await call(
    'PUT',
    `/products/${(await call('GET', '/products', { key: t.key, query: { sku: 'LC-044' } })).body.data[0].id}`,
    {
      key: t.key,
      body: { isActive: false },
    },
  );
});

async function measure(query: Record<string, string | number | boolean>) {
  scanned = 0;
  queries = 0;
  const res = await call('GET', '/products', { key: t.key, query });
  expect(res.status).toBe(200);
  return { res, scanned, queries };
}

describe('list cost', () => {
  it('totals come from maintained counts, and page 1 reads about pageSize items', async () => {
    clearListCursors();
    const first = await measure({ pageSize: 10 });
    expect(first.res.body.pagination).toEqual({ total: 44, page: 1, pageSize: 10, totalPages: 5 });
    expect(first.res.body.data.map((p: { sku: string }) => p.sku)[0]).toBe('LC-000');
    expect(first.scanned).toBeLessThanOrEqual(11);
    const all = await measure({ pageSize: 10, includeInactive: true });
    expect(all.res.body.pagination.total).toBe(45);
    const inactive = await measure({ isActive: false });
    expect(inactive.res.body.pagination.total).toBe(1);
  });

  it('sequential pages resume where the previous page ended instead of re-reading it', async () => {
    clearListCursors();
    await measure({ pageSize: 10 });
    const second = await measure({ pageSize: 10, page: 2 });
    expect(second.res.body.data.map((p: { sku: string }) => p.sku)).toEqual(
      Array.from({ length: 10 }, (_, i) => `LC-0${10 + i}`),
    );
    expect(second.scanned).toBeLessThanOrEqual(11);
    const third = await measure({ pageSize: 10, page: 3 });
    expect(third.res.body.data[0].sku).toBe('LC-020');
    expect(third.scanned).toBeLessThanOrEqual(11);
  });

  it('a page reached without its cursor reads the skipped rows, with the same result', async () => {
    clearListCursors();
    const deep = await measure({ pageSize: 10, page: 4 });
    expect(deep.res.body.data[0].sku).toBe('LC-030');
    expect(deep.scanned).toBeGreaterThanOrEqual(40);
  });

  it('the sync recipe reads only the changed rows', async () => {
    const all = await measure({ sortBy: 'updatedAt', sortDir: 'asc', pageSize: 200, includeInactive: true });
    const since = all.res.body.data[40].updatedAt as string;
    const sync = await measure({
      modifiedSince: since,
      sortBy: 'updatedAt',
      sortDir: 'asc',
      pageSize: 200,
      includeInactive: true,
    });
    expect(sync.res.body.pagination.total).toBe(5);
    expect(sync.scanned).toBe(5);
  });
});
