/** The cost curve of GET /products as the collection grows: DynamoDB calls, rows read, capacity, latency. */
import { clearListCursors } from '../functions/platform/dynamo/query-window.js';
import { clearSlimProjections } from '../functions/platform/dynamo/slim-projection.js';
import { productCollection } from '../functions/areas/products/store/products.js';
import { send } from './api.js';
import { mode, signature, summarise, type DbCall, type Recorder, type Summary } from './measure.js';
import { newBenchTenant, seedProducts } from './seed.js';
import { reps as smokeReps, SMOKE } from './smoke.js';
import { snapshotAfterFirstSearch } from './snapshot-after-mark.js';

const PAGE_SIZE = 50;
const CHANGED_ROWS = SMOKE ? 2 : 20;
/** Products given a barcode "NEEDLE-..." after seeding: a search that matches 50 rows at every size. */
const NEEDLES = SMOKE ? 5 : 50;

export interface ListCase {
  size: number;
  name: string;
  query: Record<string, string | number | boolean>;
  latency: Summary;
  callsPerRequest: number;
  calls: string;
  /** Items DynamoDB read: Query ScannedCount plus keys of GetItem/BatchGetItem (counter writes excluded). */
  rowsRead: number;
  capacityPerRequest: number;
  rowsReturned: number;
  total: number;
  /** The DynamoDB calls of the last measured request. */
  sample: { command: string; size: number; scanned: number; capacity: number; ms: number }[];
}

const READS: Record<string, (c: DbCall) => number> = {
  Query: (c) => c.scanned,
  GetItem: (c) => c.size,
  BatchGetItem: (c) => c.size,
};
const rowsRead = (calls: readonly DbCall[]) => calls.reduce((s, c) => s + (READS[c.command]?.(c) ?? 0), 0);

interface ListBody {
  data: unknown[];
  pagination: { total: number };
}

export const COLD_LOAD_MAX = Number(process.env.BENCH_COLD_LOAD_MAX ?? 10_000);

/** Measures one list request `reps` times (after a warm-up run): calls, rows read, capacity, latency. */
export async function measureListCase(
  recorder: Recorder,
  c: {
    path: string;
    key: string;
    size: number;
    name: string;
    query: ListCase['query'];
    before?: () => Promise<unknown>;
    reps: number;
  },
): Promise<ListCase> {
  const runs = [];
  for (let i = 0; i < c.reps + 1; i += 1) {
    await c.before?.();
    const run = await recorder.record(() =>
      send<ListBody>({ method: 'GET', path: c.path, key: c.key, query: c.query }),
    );
    if (i > 0) runs.push(run); // the first run warms the code path
  }
  const last = runs[runs.length - 1]!;
  return {
    size: c.size,
    name: c.name,
    query: c.query,
    latency: summarise(runs.map((r) => r.ms)),
    callsPerRequest: runs.reduce((s, r) => s + r.calls.length, 0) / runs.length,
    calls: mode(runs.map((r) => signature(r.calls))) ?? '',
    rowsRead: runs.reduce((s, r) => s + rowsRead(r.calls), 0) / runs.length,
    capacityPerRequest:
      runs.reduce((s, r) => s + r.calls.reduce((t, x) => t + x.capacity, 0), 0) / runs.length,
    rowsReturned: last.value.data.length,
    total: last.value.pagination.total,
    sample: last.calls.map((x) => ({
      command: x.command,
      size: x.size,
      scanned: x.scanned,
      capacity: x.capacity,
      ms: Number((x.end - x.start).toFixed(2)),
    })),
  };
}

export async function measureLists(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
) {
  const cases: ListCase[] = [];
  for (const size of sizes) {
    const seedStart = Date.now();
    const tenant = await newBenchTenant(`Bench lists ${size}`);
    await seedProducts(tenant, size);
    log(`  seeded ${size} products in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const key = tenant.key;
    for (let i = 0; i < NEEDLES; i += 1) {
      const id = tenant.productIds[Math.floor(size / 2 + (i * size) / 2 / NEEDLES)]!;
      // A barcode, not a name: the seed writes no name guards, so a rename could not move its guard.
      await send({ method: 'PUT', path: `/products/${id}`, key, body: { barcode: `NEEDLE-${i}` } });
    }
    // ~20 rows changed through the API after seeding: what an incremental sync should pick up.
    const since = new Date().toISOString();
    for (let i = 0; i < CHANGED_ROWS; i += 1) {
      const id = tenant.productIds[Math.floor((i * size) / CHANGED_ROWS)]!;
      await send({ method: 'PUT', path: `/products/${id}`, key, body: { description: `changed ${i}` } });
    }
    const fromSnapshot = await snapshotAfterFirstSearch(tenant, {
      path: '/products',
      collection: productCollection(tenant.orgId),
      query: { pageSize: PAGE_SIZE, search: 'needle' },
    });
    const deepPage = Math.max(2, Math.floor(size / PAGE_SIZE / 2));
    const reps = smokeReps(size >= 100_000 ? 2 : 5);
    const run = async (
      name: string,
      query: ListCase['query'],
      before: () => Promise<unknown> = async () => undefined,
    ) => {
      cases.push(
        await measureListCase(recorder, { path: '/products', key, size, name, query, before, reps }),
      );
      log(`  ${size} ${name}: p50 ${cases[cases.length - 1]!.latency.p50.toFixed(1)} ms`);
    };
    await run('page 1', { pageSize: PAGE_SIZE });
    await run('page 2 (sequential)', { pageSize: PAGE_SIZE, page: 2 }, async () => {
      clearListCursors();
      await send({ method: 'GET', path: '/products', key, query: { pageSize: PAGE_SIZE } });
    });
    await run(`page ${deepPage} (jump, no cursor)`, { pageSize: PAGE_SIZE, page: deepPage }, async () =>
      clearListCursors(),
    );
    await run('search filter, page 1', { pageSize: PAGE_SIZE, search: 'bench product' });
    await run(`search, ${NEEDLES} matches, page 1`, { pageSize: PAGE_SIZE, search: 'needle' });
    // Seeded names are "Bench product 000000"...: this prefix matches the first tenth of them.
    const tenth = `product ${'0'.repeat(7 - Math.round(Math.log10(size)))}`;
    await run('search, 10% matches, page 1', { pageSize: PAGE_SIZE, search: tenth });
    await run('sku filter, page 1', { pageSize: PAGE_SIZE, sku: 'bench-000123' });
    // What the first filtered request of a fresh container pays: loading the slim projection (from its
    // snapshot when it has one). A whole load is skipped above BENCH_COLD_LOAD_MAX rows: DynamoDB Local's
    // query pages slow down with the partition's size (~25 s per 1 MB page of a 100k-row index partition,
    // measured with a raw Query), so there it times Local, not us.
    if (fromSnapshot || size <= COLD_LOAD_MAX)
      await run(
        `search, cold projection (${fromSnapshot ? 'from its packed snapshot' : `load ${size} slim rows`})`,
        { pageSize: PAGE_SIZE, search: 'needle' },
        async () => clearSlimProjections(),
      );
    else log(`  ${size} search, cold projection: skipped (above BENCH_COLD_LOAD_MAX=${COLD_LOAD_MAX})`);
    await run(`sync (${CHANGED_ROWS} changed)`, {
      modifiedSince: since,
      sortBy: 'updatedAt',
      sortDir: 'asc',
      pageSize: 200,
    });
  }
  return cases;
}
