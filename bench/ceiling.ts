/**
 * The projection's ceiling (issue 29 item 6): what the list requests whose cost can grow with the
 * organisation cost at each size (BENCH_CEILING_SIZES, default 10000; add 100000 for the large point),
 * for products and sales orders: a filtered list on a cold container (the whole load, a request's before
 * session 36 and the refresh job's since; with no snapshot, the bounded reads; from the packed snapshot),
 * the same warm, a page jump without a cursor, and, above the projection's ceiling (SLIM_MAX_ROWS set to a
 * tenth of the size so the bench gets there without seeding 300k rows), the bounded index reads that
 * replace it:
 * refused past LIST_SCAN_MAX_ROWS with 400, answered when the range fits. Whole loads (the before case)
 * above BENCH_COLD_LOAD_MAX rows are computed from the per-row cost measured at the largest size below it
 * (DynamoDB Local's query pages slow down with the partition's size: it would time Local, not us; 283 s
 * for 100k products); the snapshot, its rewrite and the cold load from it are measured at every size.
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { salesOrderProjection } from '../functions/areas/sales-orders/store/sales-orders.js';
import { productCollection } from '../functions/areas/products/store/products.js';
import { db } from '../functions/platform/dynamo/client.js';
import { configureListBudget, listScanBudget } from '../functions/platform/dynamo/list-budget.js';
import { listScanBytes } from '../functions/platform/dynamo/read-budget.js';
import { clearListCursors } from '../functions/platform/dynamo/query-window.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
  fitsProbe,
  slimSettings,
} from '../functions/platform/dynamo/slim-projection.js';
import { snapshotHeadOf } from '../functions/platform/dynamo/slim-snapshot.js';
import { encodeSnapshot } from '../functions/platform/dynamo/slim-snapshot-codec.js';
import { readSnapshotRows, type SnapshotReadStats } from '../functions/platform/dynamo/slim-snapshot-read.js';
import { refreshOrganisationSnapshots } from '../functions/platform/dynamo/slim-snapshot-refresh.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { send } from './api.js';
import { COLD_LOAD_MAX } from './lists.js';
import type { Recorder } from './measure.js';
import { meanReadCost } from './read-cost.js';
import { benchCustomer, seedOrders } from './sales-orders.js';
import { newBenchTenant, seedProducts } from './seed.js';
import { SMOKE } from './smoke.js';

export const CEILING_SIZES = (process.env.BENCH_CEILING_SIZES ?? (SMOKE ? '100' : '10000'))
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const PAGE_SIZE = 50;
/** The whole read of a collection's slim rows: a request's cold load before session 36, the job's since. */
const WHOLE_LOAD = 'projection (whole load; the refresh job only since session 36)';
const SLIM_MAX_ROWS = 300_000;
/** A cold load from a snapshot past the byte bound: measured with the bound raised, not a default request. */
const RAISED_SNAPSHOT_LOAD = 'projection (cold load from snapshot, SLIM_SNAPSHOT_MAX_BYTES raised)';
/** About a bench order item's bytes as DynamoDB bills them (1,000 orders read: 310 RCU, ~2.4 MB). */
const BENCH_ORDER_BYTES = 2_500;

export interface CeilingCase {
  size: number;
  list: 'products' | 'sales-orders';
  name: string;
  /** projection (cold or warm), index (counted page), bounded (above the ceiling), unbounded (before). */
  path: string;
  status: number;
  query: Record<string, string | number>;
  /** Items DynamoDB read: Query ScannedCount plus GetItem and BatchGetItem keys. */
  rows: number;
  rcu: number;
  /** Estimated bytes read (eventually consistent Query RCU x 8 KB, other reads x 4 KB), in MB. */
  mb: number;
  ms: number;
  calls: number;
  /** Computed from the per-row cost measured at a smaller size, not measured (see the module comment). */
  computed?: boolean;
  /** The packed snapshot a cold load read (session 35): its rows, chunks and bytes, and its write's time. */
  snapshot?: {
    rows: number;
    chunks: number;
    bytes: number;
    bytesPerRow: number;
    writeMs: number;
    /** The rewrite's whole read and its packing, timed again alone after it (session 38). */
    readMs?: number;
    packMs?: number;
  };
}

interface Probe {
  name: string;
  path: string;
  query: Record<string, string | number>;
  status?: number;
  before?: () => unknown;
  /** Measured requests (after one warm-up run unless `once`). */
  reps?: number;
  /** Measure the very first request only (it changes state: a load, a ceiling mark). */
  once?: boolean;
}

export async function measureCeiling(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
): Promise<CeilingCase[]> {
  const cases: CeilingCase[] = [];
  for (const size of sizes) {
    const started = Date.now();
    const tenant = await newBenchTenant(`Bench ceiling ${size}`);
    await seedProducts(tenant, size);
    const customers: string[] = [];
    for (let i = 0; i < 10; i += 1) customers.push(await benchCustomer(tenant, `CC-${i}`));
    await seedOrders(tenant, size, customers, { lines: 3, cancelledEvery: 4 });
    log(
      `  seeded ${size} products and ${size} sales orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const probe = async (list: CeilingCase['list'], p: Probe) => {
      const runs = [];
      const total = p.once ? 1 : (p.reps ?? (size >= 100_000 ? 1 : 3)) + 1;
      for (let i = 0; i < total; i += 1) {
        await p.before?.();
        const run = await recorder.record(async () => {
          try {
            await send({ method: 'GET', path: `/${list}`, key: tenant.key, query: p.query }, p.status ?? 200);
          } catch (error) {
            log(`  ${size} ${list} ${p.name}: ${String(error)}`);
            throw error;
          }
        });
        if (p.once || i > 0) runs.push(run);
      }
      const measured: CeilingCase = {
        size,
        list,
        name: p.name,
        path: p.path,
        status: p.status ?? 200,
        query: p.query,
        ...meanReadCost(runs),
      };
      cases.push(measured);
      log(`  ${size} ${list} ${p.name}: ${measured.rows} rows, ${measured.rcu} RCU, ${measured.ms} ms`);
    };

    /** A cold load too large for Local: the per-row cost of the largest measured cold load, scaled. */
    const coldOrComputed = async (list: CeilingCase['list'], p: Probe) => {
      if (size <= COLD_LOAD_MAX) return probe(list, p);
      const measured = [...cases]
        .reverse()
        .find((c) => c.list === list && c.name === p.name && !c.computed && c.size < size);
      if (!measured) return log(`  ${size} ${list} ${p.name}: skipped (no smaller measured size)`);
      const f = size / measured.size;
      cases.push({
        ...measured,
        size,
        rows: Math.round(measured.rows * f),
        rcu: Number((measured.rcu * f).toFixed(1)),
        mb: Number((measured.mb * f).toFixed(3)),
        ms: Number((measured.ms * f).toFixed(1)),
        computed: true,
        snapshot: undefined,
      });
      log(`  ${size} ${list} ${p.name}: computed from ${measured.size} (x${f})`);
    };

    /**
     * Session 36: a cold container with no snapshot probes the collection (since session 37 ~1 MB
     * of slim index entries), marks it and is served by the bounded index reads (a search over more rows than
     * the budget: 400; since session 37 503 while the snapshot is built); a second cold container finds the
     * mark (no probe). Then the refresh job writes the snapshot
     * (timed, unmeasured) and a cold container reads its chunks plus the feed since it (here only the
     * overlap: nothing was written). True when that snapshot is past SLIM_SNAPSHOT_MAX_BYTES (measured
     * with the bound raised; `pastBound` measures the default's answer).
     */
    const snapshotCold = async (
      list: CeilingCase['list'],
      query: Record<string, string | number>,
      dropSnapshot: () => Promise<unknown>,
      stateKey: Record<string, string>,
    ) => {
      clearSlimProjections();
      await dropSnapshot();
      const refused = size > listScanBudget() ? 503 : 200;
      const large = !(await fitsProbe(stateKey.SK!));
      await probe(list, {
        name: large
          ? 'search, cold container, no snapshot (probe of ~1 MB of slim rows, marks it for the refresh)'
          : 'search, cold container, no snapshot (fits the probe: loaded whole)',
        path: large ? 'bounded index read (cold, no snapshot)' : 'projection (cold load, small collection)',
        query,
        status: large ? refused : 200,
        once: true,
      });
      if (large) {
        await probe(list, {
          name: 'search, cold container, snapshot awaited (the job late)',
          path: 'bounded index read (cold, snapshot awaited)',
          query,
          status: refused,
          before: () => clearSlimProjections(),
          reps: 1,
        });
      }
      // Measured at every size since session 39 (the rewrite takes seconds at 100k since session 38), with
      // the byte bound lifted (session 43): past it, the default's answer is measured after.
      const bound = slimSettings().snapshotMaxBytes;
      configureSlimProjection({ snapshotMaxBytes: Number.POSITIVE_INFINITY });
      const writeStart = Date.now();
      const job = await refreshOrganisationSnapshots(tenant.orgId, { limit: Number.MAX_SAFE_INTEGER });
      const writeMs = Date.now() - writeStart;
      log(`  ${size} ${list} refresh job: ${job.rows} rows read whole, ${job.written} snapshot(s) written`);
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: stateKey, ConsistentRead: true }),
      );
      const head = snapshotHeadOf(Item);
      if (!head) {
        configureSlimProjection({ snapshotMaxBytes: bound });
        log(`  ${size} ${list}: no snapshot written (fits the probe?)`);
        return false;
      }
      const past = head.bytes > bound;
      const name = past
        ? `search, cold container from the packed snapshot (plus the feed since it), SLIM_SNAPSHOT_MAX_BYTES raised past its ${bound}`
        : 'search, cold container from the packed snapshot (plus the feed since it)';
      const path = past ? RAISED_SNAPSHOT_LOAD : 'projection (cold load from snapshot)';
      // The rewrite's breakdown (session 38): its whole read and its packing again, alone.
      const readStart = Date.now();
      const read: SnapshotReadStats = { slices: 0, pages: 0 };
      const rows = (await readSnapshotRows(stateKey.SK!, Number.POSITIVE_INFINITY, read)) ?? [];
      const readMs = Date.now() - readStart;
      const packStart = Date.now();
      encodeSnapshot(rows);
      const packMs = Date.now() - packStart;
      log(
        `  ${size} ${list} rewrite breakdown: whole read ${readMs} ms (${read.slices} slices, ${read.pages} pages), ` +
          `packing ${packMs} ms, the rest (claim, chunk and head writes, state reads) ~${Math.max(0, writeMs - readMs - packMs)} ms`,
      );
      await probe(list, { name, path, query, before: () => clearSlimProjections(), reps: 1 });
      const measured = cases[cases.length - 1]!;
      measured.snapshot = {
        rows: head.rows,
        chunks: head.chunks,
        bytes: head.bytes,
        bytesPerRow: Number((head.bytes / head.rows).toFixed(1)),
        writeMs,
        readMs,
        packMs,
      };
      log(
        `  ${size} ${list} snapshot: ${head.rows} rows in ${head.chunks} chunks, ${head.bytes} bytes ` +
          `(${measured.snapshot.bytesPerRow} B/row); the refresh job that wrote it took ${writeMs} ms`,
      );
      configureSlimProjection({ snapshotMaxBytes: bound });
      return past;
    };

    /**
     * A snapshot past SLIM_SNAPSHOT_MAX_BYTES (session 43), after the warm cases: the refresh finds it and
     * marks the collection above the ceiling, reading no more rows than the bound can hold (a job, not a
     * request); then cold containers answer from the bounded index reads.
     */
    const pastBound = async (
      list: CeilingCase['list'],
      query: Record<string, string | number>,
      dropSnapshot: () => Promise<unknown>,
    ) => {
      const bound = slimSettings().snapshotMaxBytes;
      const run = await recorder.record(() =>
        refreshOrganisationSnapshots(tenant.orgId, { limit: Number.MAX_SAFE_INTEGER }),
      );
      const marking: CeilingCase = {
        size,
        list,
        name: `the refresh finding the snapshot past SLIM_SNAPSHOT_MAX_BYTES (${bound}): marks it above the ceiling; a job, not a request`,
        path: 'ceiling check (once a day per collection)',
        status: 0,
        query: {},
        ...meanReadCost([run]),
      };
      cases.push(marking);
      log(`  ${size} ${list} ${marking.name}: ${marking.rows} rows, ${marking.rcu} RCU, ${marking.ms} ms`);
      await probe(list, {
        name: `search, cold container, snapshot past SLIM_SNAPSHOT_MAX_BYTES (${bound})`,
        path: `bounded index read (${listScanBudget()} rows)`,
        query,
        status: size > listScanBudget() ? 400 : 200,
        before: () => clearSlimProjections(),
        reps: 1,
      });
      await dropSnapshot();
    };

    const jump = Math.max(2, Math.floor(size / PAGE_SIZE / 2));
    const search = { products: { search: 'bench product 00012' }, orders: { search: 'so-000777' } };

    // Below the ceiling: the projection, cold then warm.
    configureSlimProjection({ maxRows: SLIM_MAX_ROWS });
    clearSlimProjections();
    for (const list of ['products', 'sales-orders'] as const) {
      const query = { pageSize: PAGE_SIZE, ...(list === 'products' ? search.products : search.orders) };
      const stateKey = ceilingMarkKey(
        list === 'products' ? productCollection(tenant.orgId) : salesOrderProjection.collection(tenant.orgId),
      );
      const dropSnapshot = () => db().send(new DeleteCommand({ TableName: tableName(), Key: stateKey }));
      // The whole load, as before the snapshot (session 35); since session 36 only the refresh job
      // reads a collection larger than the probe (~1 MB) whole, never a request.
      configureSlimProjection({ probeBytes: Number.POSITIVE_INFINITY });
      await coldOrComputed(list, {
        name: 'search, cold container (loads the slim projection)',
        path: WHOLE_LOAD,
        query,
        before: async () => {
          clearSlimProjections();
          await dropSnapshot();
        },
        reps: 1,
      });
      configureSlimProjection({ probeBytes: 1_048_576 });
      const past = await snapshotCold(list, query, dropSnapshot, stateKey);
      await probe(list, { name: 'search, warm', path: 'projection (warm)', query });
      await probe(list, {
        name: `page ${jump} (jump, no cursor), warm`,
        path: 'projection (warm)',
        query: { pageSize: PAGE_SIZE, page: jump },
        before: () => clearListCursors(),
      });
      if (past) await pastBound(list, query, dropSnapshot);
    }

    // Above the ceiling: SLIM_MAX_ROWS at a tenth of the size, the index reads bounded by the budget.
    configureSlimProjection({ maxRows: Math.floor(size / 10) });
    clearSlimProjections();
    // A smoke run's 100 rows fit the default budget: a small one keeps its refusals refusals.
    if (SMOKE) configureListBudget(10);
    const budget = listScanBudget();
    for (const list of ['products', 'sales-orders'] as const) {
      const collection =
        list === 'products' ? productCollection(tenant.orgId) : salesOrderProjection.collection(tenant.orgId);
      await db().send(new DeleteCommand({ TableName: tableName(), Key: ceilingMarkKey(collection) }));
      const query = { pageSize: PAGE_SIZE, ...(list === 'products' ? search.products : search.orders) };
      const overCeiling = Math.floor(size / 10) + 1;
      if (await fitsProbe(collection, overCeiling)) {
        await probe(list, {
          name: `search, first request finding the collection too large (reads SLIM_MAX_ROWS + 1 = ${overCeiling} slim rows, marks it)`,
          path: 'ceiling check (once a day per collection)',
          query,
          status: 400,
          once: true,
        });
      } else {
        // The probe's ~1 MB cannot hold SLIM_MAX_ROWS + 1 rows (as with the real ceiling): the request is
        // the cold one without a snapshot (503, measured above), and the refresh on mark's read finds the
        // collection above the ceiling and marks it.
        await probe(list, {
          name: `search, first request (the probe cannot hold SLIM_MAX_ROWS + 1 = ${overCeiling} rows: marks it for the refresh)`,
          path: 'bounded index read (cold, no snapshot)',
          query,
          status: 503,
          once: true,
        });
        const run = await recorder.record(() =>
          refreshOrganisationSnapshots(tenant.orgId, { limit: Number.MAX_SAFE_INTEGER }),
        );
        const measured: CeilingCase = {
          size,
          list,
          name: `the refresh on mark finding the collection too large (reads SLIM_MAX_ROWS + 1 = ${overCeiling} slim rows, marks it; a job, not a request)`,
          path: 'ceiling check (once a day per collection)',
          status: 0,
          query: {},
          ...meanReadCost([run]),
        };
        cases.push(measured);
        log(
          `  ${size} ${list} ${measured.name}: ${measured.rows} rows, ${measured.rcu} RCU, ${measured.ms} ms`,
        );
      }
      await probe(list, {
        name: 'search, above the ceiling',
        path: `bounded index read (${budget} rows)`,
        query,
        status: 400,
        before: () => clearSlimProjections(),
      });
      await probe(list, {
        name: `page ${jump} (jump, no cursor), above the ceiling`,
        path: `bounded index read (${budget} rows)`,
        query: { pageSize: PAGE_SIZE, page: jump },
        status: jump * PAGE_SIZE > budget ? 400 : 200,
        before: () => clearListCursors(),
      });
      await probe(list, {
        name: 'page 1, above the ceiling',
        path: 'index page + counts item',
        query: { pageSize: PAGE_SIZE },
      });
      if (list === 'sales-orders') {
        await probe(list, {
          name: 'status=CANCELLED, above the ceiling',
          path: 'index page + counts item',
          query: { pageSize: PAGE_SIZE, status: 'CANCELLED' },
        });
        await probe(list, {
          name: 'customerId + search, above the ceiling',
          path: `bounded index read (${budget} rows)`,
          query: { pageSize: PAGE_SIZE, customerId: customers[3]!, search: 'so-0007' },
          // A tenth of the orders: refused past the rows or the bytes (~2.5 KB a bench order) of the budget.
          status: size / 10 > budget || (size / 10) * BENCH_ORDER_BYTES > listScanBytes() ? 400 : 200,
        });
      }
      // What the fallback read before the budget: the whole matching range, counted.
      if (size <= COLD_LOAD_MAX) {
        configureListBudget(Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY);
        try {
          await probe(list, {
            name: 'search, above the ceiling, without the budget (before)',
            path: 'unbounded index read (before)',
            query,
            reps: 1,
          });
        } finally {
          configureListBudget(SMOKE ? 10 : undefined);
        }
      }
    }
    configureSlimProjection({ maxRows: SLIM_MAX_ROWS });
    configureListBudget(undefined);
    clearSlimProjections();
  }
  return cases;
}

/** The worst request at the largest size (below and above the ceiling) and above it at every size. */
export function worstOf(cases: readonly CeilingCase[]) {
  const largest = Math.max(...cases.map((c) => c.size));
  // The worst by bytes read (the issue's ~1 MB), then by rows: at 100k a cold load from the snapshot reads
  // few items (its chunks) but the most bytes.
  const worse = (c: CeilingCase, w: CeilingCase) => c.mb > w.mb || (c.mb === w.mb && c.rows > w.rows);
  const pick = (filter: (c: CeilingCase) => boolean) =>
    cases.filter(filter).reduce<CeilingCase | null>((w, c) => (!w || worse(c, w) ? c : w), null);
  const brief = (c: CeilingCase | null) =>
    c && {
      size: c.size,
      list: c.list,
      case: c.name,
      path: c.path,
      status: c.status,
      rows: c.rows,
      rcu: c.rcu,
      mb: c.mb,
      ms: c.ms,
      computed: c.computed ?? false,
    };
  const daily = (c: CeilingCase) => c.path.startsWith('ceiling check');
  const before = (c: CeilingCase) => c.path.startsWith('unbounded') || c.path === WHOLE_LOAD;
  return {
    size: largest,
    /** The worst list request at the largest size, any path (no whole load since session 36). */
    worst: brief(
      pick((c) => c.size === largest && !daily(c) && !before(c) && c.path !== RAISED_SNAPSHOT_LOAD),
    ),
    /** The worst request above the ceiling at the largest size (the bounded reads). */
    aboveCeiling: brief(
      pick(
        (c) =>
          c.size === largest &&
          !c.path.includes('(cold,') &&
          (c.path.startsWith('bounded') || c.path.startsWith('index page')),
      ),
    ),
    /** The once-a-day check that finds a collection too large (SLIM_MAX_ROWS + 1 slim rows). */
    ceilingCheck: brief(pick((c) => c.size === largest && daily(c))),
    /** A cold container's load from the packed snapshot (session 35), beside the whole load (`worst`). */
    coldFromSnapshot: brief(
      pick((c) => c.size === largest && c.path.startsWith('projection (cold load from snapshot')),
    ),
    /** The whole read of a collection (a request's cold load before session 36; the job's since). */
    wholeLoad: brief(pick((c) => c.size === largest && c.path === WHOLE_LOAD)),
    /** A cold container with no snapshot (session 36): the probe, the mark and the bounded index reads. */
    coldNoSnapshot: brief(pick((c) => c.size === largest && c.path.endsWith('(cold, no snapshot)'))),
    /** Warm: the worst request once the projection is held. */
    warm: brief(pick((c) => c.size === largest && c.path === 'projection (warm)')),
  };
}
