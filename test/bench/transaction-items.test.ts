import { createId } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { newBenchTenant, seedProducts } from '../../bench/seed.js';
import { adjustmentTransaction } from '../../bench/transaction-items.js';
import { createWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { db } from '../../functions/platform/dynamo/client.js';
import type { Key } from '../../functions/platform/dynamo/keys.js';
import type { TransactItem } from '../../functions/platform/dynamo/transact.js';
import { call } from '../support/api.js';

type Captured = { TransactItems?: Record<string, { Key?: object; Item?: object }>[] };

/** The transactions sent while `fn` runs, their items as the document client was given them. */
async function transactionsOf(fn: () => Promise<unknown>): Promise<TransactItem[][]> {
  const seen: TransactItem[][] = [];
  let on = true;
  const stack = db().middlewareStack as unknown as {
    add: (mw: unknown, options: object) => void;
    remove: (name: string) => boolean;
  };
  stack.add(
    (next: (args: { input: Captured }) => Promise<unknown>, context: { commandName?: string }) =>
      (args: { input: Captured }) => {
        if (on && context.commandName === 'TransactWriteItemsCommand')
          seen.push(structuredClone(args.input.TransactItems ?? []) as TransactItem[]);
        return next(args);
      },
    { step: 'initialize', name: 'transactionItemsTest' },
  );
  try {
    await fn();
  } finally {
    on = false;
    stack.remove('transactionItemsTest');
  }
  return seen;
}

/** An item's write and key with ids, instants and the tenant taken out: what kind of record it writes. */
const shapeOf = (item: TransactItem, orgId: string) => {
  const [kind, write] = Object.entries(item)[0]! as [string, { Key?: Key; Item?: Key }];
  const key = write.Key ?? write.Item!;
  const normal = (s: unknown) =>
    String(s)
      .replaceAll(orgId, 'ORG')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'AT')
      .replace(/[a-z0-9]{20,}/g, 'ID');
  return `${kind} ${normal(key.PK)} ${normal(key.SK)}`;
};

describe('section 5b of the peer bench: its transaction items are the records ours writes', () => {
  it('the 7 items are the records of our adjustment transaction, written the same way', async () => {
    const tenant = await newBenchTenant('Transaction items test');
    await seedProducts(tenant, 1);
    const warehouse = await createWarehouse({ orgId: tenant.orgId, code: 'WH', name: 'Warehouse' });
    const [ours] = await transactionsOf(() =>
      call('POST', '/stock-adjustments', {
        key: tenant.key,
        headers: { 'idempotency-key': createId() },
        body: {
          reason: 'FOUND',
          lines: [{ productId: tenant.productIds[0]!, warehouseId: warehouse.id, quantityChange: 1 }],
        },
      }),
    );
    const bench = adjustmentTransaction(tenant.orgId, warehouse.id).items;
    expect(bench).toHaveLength(7);
    const sorted = (items: TransactItem[]) => items.map((i) => shapeOf(i, tenant.orgId)).sort();
    // A product's first adjustment puts its stock item whole, as the bench's do (each request of the peer
    // part moves another seeded product).
    expect(sorted(bench)).toEqual(sorted(ours!));
    // The bare peer's pair, then the same-effects peer's three, then ours: the adjustment and stock first.
    expect(bench.slice(0, 2).map((i) => shapeOf(i, tenant.orgId))).toEqual([
      'Put O#ORG#ADJUSTMENT#ID ADJUSTMENT',
      'Put O#ORG#PRODUCT#ID STOCK',
    ]);
  });
});
