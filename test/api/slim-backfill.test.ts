/**
 * `projection backfill`: items written before their entity had a slim row (a table deployed before GSI5)
 * get the row their store would write, so projected lists find them; items that already have one, or that
 * the API rewrites meanwhile, are left alone.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/admin/cli.js';
import { SLIM_REBUILDERS } from '../../infra/admin/projection.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { QueryCommand, UpdateCommand } from '../../functions/platform/dynamo/commands.js';
import { runBackfills } from '../../functions/platform/dynamo/backfill-pass.js';
import { backfillSlimRows, slimRowsPart } from '../../functions/platform/dynamo/slim-backfill.js';
import { auditCollection } from '../../functions/platform/journal/audit-keys.js';
import { auditIndexesPart, backfillAuditIndexes } from '../../infra/admin/audit-index.js';
import { clearSlimProjections } from '../../functions/platform/dynamo/slim-projection.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { batchOf } from '../support/inventory.js';
import { draftPurchaseOrder, purchaseSetup } from '../support/purchase-orders.js';
import { draftOrder, orderSetup } from '../support/sales.js';

let t: Tenant;
let setup: Awaited<ReturnType<typeof orderSetup>>;
/** The organisation's items with a slim row, as the API wrote them. */
let written: Record<string, unknown>[];
/** What a run finds once every row is there: the one stock item that never held stock, and nothing to do. */
const idle = { found: 1, written: 0, withoutRow: 1, rewrittenMeanwhile: 0 };

/** Every item of the organisation that has a slim row (one GSI5 partition per collection, so scan). */
async function itemsWithRows(orgId: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'orgId = :org AND attribute_exists(slim)',
        ExpressionAttributeValues: { ':org': orgId },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

const stripRow = (item: Record<string, unknown>) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: item.PK, SK: item.SK },
      UpdateExpression: 'REMOVE slim, GSI5PK, GSI5SK',
    }),
  );

const get = async (item: Record<string, unknown>) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK = :sk',
        ExpressionAttributeValues: { ':pk': item.PK, ':sk': item.SK },
      }),
    )
  ).Items?.[0];

beforeAll(async () => {
  t = await newTenant('Backfill org');
  setup = await orderSetup(t);
  await draftOrder(t, [{ productId: setup.product.id, quantity: 1 }], { customerId: setup.customer.id });
  const purchase = await purchaseSetup(t);
  await draftPurchaseOrder(t, purchase);
  await batchOf(t, setup.product.id, '2027-01-01');
  written = await itemsWithRows(t.orgId);
});

describe('projection backfill', () => {
  it('has a rebuilder for every entity that writes a slim row', () => {
    const entities = new Set(written.map((i) => i.entity as string));
    expect([...entities].sort()).toEqual(
      ['Batch', 'Customer', 'Product', 'ProductStock', 'PurchaseOrder', 'SalesOrder', 'Supplier'].sort(),
    );
    for (const entity of entities) expect(SLIM_REBUILDERS, entity).toHaveProperty(entity);
  });

  it('gives items without a row the row their store writes, so projected lists find them again', async () => {
    await Promise.all(written.map(stripRow));
    clearSlimProjections();
    const search = () =>
      call('GET', '/products', { key: t.key, query: { search: setup.product.sku as string } });
    expect((await search()).body.pagination.total).toBe(0);

    const result = await backfillSlimRows(SLIM_REBUILDERS, { orgId: t.orgId });
    // The purchase setup's product has never held stock: its stock item has no row and needs none.
    expect(result).toEqual({ ...idle, found: written.length + 1, written: written.length });
    for (const before of written) {
      const after = await get(before);
      expect(after?.slim, String(before.entity)).toEqual(before.slim);
      expect(after?.GSI5PK).toBe(before.GSI5PK);
      expect(String(after?.GSI5SK) > String(before.GSI5SK)).toBe(true);
    }
    clearSlimProjections();
    expect((await search()).body.data.map((p: { id: string }) => p.id)).toEqual([setup.product.id]);
    const customers = await call('GET', '/customers', { key: t.key, query: { search: setup.customer.name } });
    expect(customers.body.data.map((c: { id: string }) => c.id)).toEqual([setup.customer.id]);

    // A second run finds nothing left to do.
    expect(await backfillSlimRows(SLIM_REBUILDERS, { orgId: t.orgId })).toEqual(idle);
  });

  // The CLI's backfill of one organisation scans the whole shared test table once (slim rows; its audit
  // entries, registry entry and serials are read by key since session 42): up to 30 s on a loaded CI
  // machine before, when it scanned four times.
  it('runs from the admin CLI; an unknown organisation is refused', { timeout: 120_000 }, async () => {
    const done = await runAdmin(['projection', 'backfill', '--org', t.orgId]);
    expect(done.code, done.stderr).toBe(0);
    // Every organisation is already in the scheduled jobs' registry (test/infra/local-scheduled-jobs.test.ts).
    expect(JSON.parse(done.stdout)).toEqual({
      ...idle,
      auditEntriesIndexed: 0,
      organisationsRegistered: 0,
      serialsIndexed: 0,
      serialProductsCounted: 0,
      serialOrganisationsLeft: 0,
    });
    const unknown = await runAdmin(['projection', 'backfill', '--org', 'ckunknownunknownunknown0']);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr).error.message).toBe('organisation ckunknownunknownunknown0 not found');
  });
});

/** The organisation's audit entries, as stored (its audit partition). */
const auditEntriesOf = async (orgId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': auditCollection(orgId) },
      }),
    )
  ).Items ?? [];

describe('projection backfill: the audit log indexes', () => {
  it('gives entries written before the indexes their keys, so a record, key or type filter finds them', async () => {
    const entries = await auditEntriesOf(t.orgId);
    expect(entries.length).toBeGreaterThan(3);
    // Another organisation's entry without keys: a backfill of `t` reads t's audit partition only.
    const other = await newTenant('Audit backfill other org');
    const created = await call('POST', '/categories', { key: other.key, body: { name: 'Other' } });
    expect(created.status).toBe(201);
    const [otherEntry] = await auditEntriesOf(other.orgId);
    expect(otherEntry).toBeDefined();
    const indexKeys = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'];
    const before = new Map(entries.map((e) => [e.SK, indexKeys.map((k) => e[k])]));
    await Promise.all(
      [...entries, otherEntry!].map((e) =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: e.PK, SK: e.SK },
            UpdateExpression: `REMOVE ${indexKeys.join(', ')}`,
          }),
        ),
      ),
    );
    const product = setup.product.id as string;
    const byRecord = () => call('GET', '/audit-log', { key: t.key, query: { entityId: product } });
    const byType = () => call('GET', '/audit-log', { key: t.key, query: { entityType: 'product' } });
    expect((await byRecord()).body.data).toEqual([]);

    expect(await backfillAuditIndexes({ orgId: t.orgId })).toEqual({ auditEntriesIndexed: entries.length });
    for (const entry of entries) {
      const after = await get(entry);
      expect(indexKeys.map((k) => after?.[k])).toEqual(before.get(entry.SK));
    }
    expect((await byRecord()).body.data).toEqual([
      expect.objectContaining({ entityType: 'product', entityId: product, action: 'create' }),
    ]);
    expect((await byType()).body.data.map((e: { entityId: string }) => e.entityId)).toContain(product);
    expect(await backfillAuditIndexes({ orgId: t.orgId })).toEqual({ auditEntriesIndexed: 0 });
    expect((await get(otherEntry!))?.GSI1PK).toBeUndefined();
    expect(await backfillAuditIndexes({ orgId: other.orgId })).toEqual({ auditEntriesIndexed: 1 });
    expect((await get(otherEntry!))?.GSI1PK).toBe(otherEntry!.GSI1PK);
  });
});

describe('projection backfill over the whole table', () => {
  it(
    'reads the table once for all its parts, each item rewritten by its own part',
    { timeout: 120_000 },
    async () => {
      const product = written.find((i) => i.entity === 'Product')!;
      await stripRow(product);
      const [entry] = await auditEntriesOf(t.orgId);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: entry!.PK, SK: entry!.SK },
          UpdateExpression: 'REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK, GSI3PK, GSI3SK',
        }),
      );
      // Scans started from the table's first page: one per pass over the table.
      let passes = 0;
      db().middlewareStack.add(
        (next, context) => async (args) => {
          const input = args.input as { ExclusiveStartKey?: unknown };
          if (context.commandName === 'ScanCommand' && !input.ExclusiveStartKey) passes += 1;
          return next(args);
        },
        { step: 'initialize', name: 'backfillScanPasses' },
      );
      try {
        const slim = slimRowsPart(SLIM_REBUILDERS);
        const audit = auditIndexesPart();
        await runBackfills([slim.part, audit.part]);
        expect(passes).toBe(1);
        expect(slim.result.written).toBeGreaterThanOrEqual(1);
        expect(audit.result.auditEntriesIndexed).toBeGreaterThanOrEqual(1);
      } finally {
        db().middlewareStack.remove('backfillScanPasses');
      }
      expect((await get(product))?.slim).toEqual(product.slim);
      expect((await get(entry!))?.GSI1PK).toBe(entry!.GSI1PK);
    },
  );
});
