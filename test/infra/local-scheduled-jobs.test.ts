import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendInvoice } from '../../functions/areas/invoices/steps/send.js';
import { organisationIdsPage } from '../../functions/areas/organisations/public.js';
import { clientConfig, db } from '../../functions/platform/dynamo/client.js';
import { GetCommand, UpdateCommand } from '../../functions/platform/dynamo/commands.js';
import { ensureTable } from '../../functions/platform/dynamo/create-table.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
} from '../../functions/platform/dynamo/slim-projection.js';
import { snapshotHeadOf } from '../../functions/platform/dynamo/slim-snapshot.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { productCollection } from '../../functions/areas/products/store/products.js';
import { runScheduledJob } from '../../functions/jobs/run.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { runScheduledJobsOnce, startScheduledJobs } from '../../infra/local/scheduled-jobs.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { batchOf, product } from '../support/inventory.js';
import { confirmedOrder, invoiced } from '../support/invoices.js';
import { outboxItems } from '../support/outbox.js';

// The jobs walk every organisation in the table: this file gets a table of its own, so the run's other
// test files (whose fixtures may well be past due) neither feed nor see these runs.
process.env.TABLE_NAME = `jobs-${Date.now()}`;

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);

/** A lot that expired yesterday and one that expires today (not before today's date: it stays). */
async function lots(t: Tenant) {
  const p = await product(t, { isBatchTracked: true });
  const [expired, lastDay] = await Promise.all([batchOf(t, p.id, yesterday()), batchOf(t, p.id, today())]);
  return { expired, lastDay };
}

/** A SENT invoice whose due date is moved (as time would) to `dueDate`. */
async function sentInvoiceDue(t: Tenant, dueDate: string) {
  const order = await confirmedOrder(t);
  const invoice = await invoiced(t, order.id);
  await sendInvoice({ orgId: t.orgId, id: invoice.id });
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `O#${t.orgId}#INVOICE#${invoice.id}`, SK: 'INVOICE' },
      UpdateExpression: 'SET dueDate = :due',
      ExpressionAttributeValues: { ':due': dueDate },
    }),
  );
  return invoice;
}

const productState = async (t: Tenant) =>
  (
    await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: ceilingMarkKey(productCollection(t.orgId)),
        ConsistentRead: true,
      }),
    )
  ).Item;

const statusOf = async (t: Tenant, path: string) => (await call('GET', path, { key: t.key })).body.status;

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  const client = new DynamoDBClient(clientConfig());
  await ensureTable(client, tableName());
  client.destroy();
  [a, b] = await Promise.all([newTenant('Jobs org A'), newTenant('Jobs org B')]);
});

// Fixtures go through the API (orders, invoices, lots): slower than the default 30 s on a loaded machine.
describe('the scheduled jobs in the local runtime', { timeout: 180_000 }, () => {
  it('expire past-expiry lots and roll past-due invoices in every organisation; a second run changes nothing', async () => {
    const [lotsA, lotsB] = await Promise.all([lots(a), lots(b)]);
    const [overdue, dueToday, overdueB] = await Promise.all([
      sentInvoiceDue(a, `${yesterday()}T23:59:59.000Z`),
      sentInvoiceDue(a, `${today()}T00:00:00.000Z`),
      sentInvoiceDue(b, `${yesterday()}T12:00:00.000Z`),
    ]);

    const first = await runScheduledJobsOnce();
    expect(first.map(({ job, changed, complete }) => ({ job, changed, complete }))).toEqual([
      { job: 'expire-lots', changed: 2, complete: true },
      { job: 'roll-overdue', changed: 2, complete: true },
      { job: 'refresh-snapshots', changed: 0, complete: true },
      { job: 'recount-collections', changed: 0, complete: true },
    ]);
    expect(first[0]!.asOf).toBe(`${today()}T00:00:00.000Z`);
    expect(first[0]!.organisations).toBe(2);

    expect(await statusOf(a, `/batches/${lotsA.expired.id}`)).toBe('EXPIRED');
    expect(await statusOf(b, `/batches/${lotsB.expired.id}`)).toBe('EXPIRED');
    expect(await statusOf(a, `/batches/${lotsA.lastDay.id}`)).toBe('ACTIVE');
    expect(await statusOf(a, `/invoices/${overdue.id}`)).toBe('OVERDUE');
    expect(await statusOf(b, `/invoices/${overdueB.id}`)).toBe('OVERDUE');
    expect(await statusOf(a, `/invoices/${dueToday.id}`)).toBe('SENT');

    // The event the CLI's expire-due emits, with its payload.
    const events = (await outboxItems(a.orgId))
      .flatMap((item) => item.events as { event: string; data: Record<string, unknown> }[])
      .filter((e) => e.event === 'batch.status_changed')
      .map((e) => e.data);
    expect(events).toEqual([
      {
        id: lotsA.expired.id,
        batchNumber: lotsA.expired.batchNumber,
        previousStatus: 'ACTIVE',
        newStatus: 'EXPIRED',
        productIds: [lotsA.expired.productId],
      },
    ]);

    const second = await runScheduledJobsOnce();
    expect(second.map(({ changed, complete }) => ({ changed, complete }))).toEqual([
      { changed: 0, complete: true },
      { changed: 0, complete: true },
      { changed: 0, complete: true },
      { changed: 0, complete: true },
    ]);
  });

  it('a capped run says so and leaves the rest due; the next run finishes it', async () => {
    await runScheduledJobsOnce(); // nothing left due from an earlier test
    const [lotsA, lotsB] = await Promise.all([lots(a), lots(b)]);
    const capped = await runScheduledJobsOnce({ cap: 1 });
    expect(capped.find((r) => r.job === 'expire-lots')).toMatchObject({ changed: 1, complete: false });
    const statuses = async () =>
      [
        await statusOf(a, `/batches/${lotsA.expired.id}`),
        await statusOf(b, `/batches/${lotsB.expired.id}`),
      ].sort();
    expect(await statuses()).toEqual(['ACTIVE', 'EXPIRED']);
    const rest = await runScheduledJobsOnce();
    expect(rest.find((r) => r.job === 'expire-lots')).toMatchObject({ changed: 1, complete: true });
    expect(await statuses()).toEqual(['EXPIRED', 'EXPIRED']);
  });

  it('start runs the jobs at once, logs what changed, and stops', async () => {
    await runScheduledJobsOnce(); // nothing left due from an earlier test
    const { expired } = await lots(a);
    const lines: string[] = [];
    const jobs = startScheduledJobs({ every: 60_000, log: (line) => lines.push(line) });
    await jobs.firstRun;
    jobs.stop();
    expect(await statusOf(a, `/batches/${expired.id}`)).toBe('EXPIRED');
    expect(lines).toEqual(['expire-lots: 1 changed over 2 organisation(s)']);
  });

  it('refresh-snapshots writes the awaited snapshots of every organisation, stops past its cap and resumes', async () => {
    // Two products make a collection large here; a cold search marks it and is answered by the index reads.
    configureSlimProjection({ probeMaxRows: 1 });
    try {
      for (const t of [a, b]) {
        await product(t, { name: 'Snapshot job one' });
        await product(t, { name: 'Snapshot job two' });
        clearSlimProjections();
        const res = await call('GET', '/products', { key: t.key, query: { search: 'snapshot job' } });
        expect(res.status).toBe(200);
        expect(snapshotHeadOf(await productState(t))).toBeNull();
      }
      // A cap of one row: each run rewrites one collection and says it stopped (organisations in id order).
      const [early, late] = [a, b].sort((x, y) => (x.orgId < y.orgId ? -1 : 1)) as [Tenant, Tenant];
      const first = await runScheduledJob('refresh-snapshots', { cap: 1 });
      expect(first).toMatchObject({ complete: false, organisations: 1 });
      expect(snapshotHeadOf(await productState(early))).not.toBeNull();
      expect(snapshotHeadOf(await productState(late))).toBeNull();
      const second = await runScheduledJob('refresh-snapshots', { cap: 1 });
      expect(second).toMatchObject({ complete: false, organisations: 2 });
      const heads = [snapshotHeadOf(await productState(a))!, snapshotHeadOf(await productState(b))!];
      expect(heads[1]!.rows).toBeGreaterThanOrEqual(2);
      // Nothing left: a run and the CLI for one organisation find every snapshot fresh.
      expect(await runScheduledJob('refresh-snapshots')).toMatchObject({ changed: 0, complete: true });
      const cli = await runAdmin(['projection', 'refresh-snapshots', '--org', a.orgId]);
      expect(cli.code).toBe(0);
      expect(JSON.parse(cli.stdout)).toEqual({ rows: 0, written: 0 });
      expect(snapshotHeadOf(await productState(a))!.gen).toBe(heads[0]!.gen);
    } finally {
      configureSlimProjection({ probeMaxRows: Number.POSITIVE_INFINITY });
      clearSlimProjections();
    }
  });

  it('organisations are listed by key in id order; the backfill lists those created before the registry', async () => {
    const page = await organisationIdsPage(undefined, 10);
    expect(page.ids).toEqual([a.orgId, b.orgId].sort());
    // An organisation item without its registry entry, as written before the registry existed.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `O#${a.orgId}`, SK: 'ORG' },
        UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
      }),
    );
    expect((await organisationIdsPage(undefined, 10)).ids).toEqual([b.orgId]);
    // With --org, that organisation's entry alone.
    const ofB = await runAdmin(['projection', 'backfill', '--org', b.orgId]);
    expect(JSON.parse(ofB.stdout)).toMatchObject({ organisationsRegistered: 0 });
    expect((await organisationIdsPage(undefined, 10)).ids).toEqual([b.orgId]);
    const ofA = await runAdmin(['projection', 'backfill', '--org', a.orgId]);
    expect(JSON.parse(ofA.stdout)).toMatchObject({ organisationsRegistered: 1 });
    expect((await organisationIdsPage(undefined, 10)).ids).toEqual([a.orgId, b.orgId].sort());
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `O#${a.orgId}`, SK: 'ORG' },
        UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
      }),
    );
    const output = await runAdmin(['projection', 'backfill']);
    expect(output.code).toBe(0);
    expect(JSON.parse(output.stdout)).toMatchObject({ organisationsRegistered: 1 });
    expect((await organisationIdsPage(undefined, 10)).ids).toEqual([a.orgId, b.orgId].sort());
  });
});
