/**
 * npm run bench: the performance targets of design.md section 5, measured in one run against an in-memory
 * DynamoDB Local on a free port. Prints a report and writes bench/results.json. Knobs (env):
 * BENCH_ITERATIONS (per endpoint and baseline kind, default 100), BENCH_LIST_SIZES (default 1000,10000;
 * add 100000 for the large point), BENCH_COLD_RUNS (default 9), BENCH_OUT (default bench/results.json),
 * BENCH_REPORT_SIZES (ledger entries of the stock reports' organisation, default 10000; add 100000 for the
 * large point), BENCH_ONLY (a comma list of parts to run: endpoints, twins (section 2b, which endpoints
 * runs too), lists, sales-lists, reports, peer, bundles, concurrency (bench/concurrency.ts), ratelimit
 * (bench/rate-limit.ts), ceiling (bench/ceiling.ts, the projection's ceiling of issue 29 item 6; its
 * sizes BENCH_CEILING_SIZES, default 10000), ceiling-lists (bench/ceiling-lists.ts, the lists off the
 * projection within the list budget, session 36; the same sizes), serial-lists (bench/serial-lists.ts, one
 * product's serial numbers, session 41; sizes BENCH_SERIAL_SIZES, default 3000), load (bench/load.ts: BENCH_LOAD_SECONDS,
 * BENCH_LOAD_PROFILE); default all; a partial run writes bench/results-<parts>.json and keeps the full
 * run's file; bundles imports without DynamoDB Local's help, then sends each group's first requests to
 * it). BENCH_SMOKE=1 runs every part at tiny sizes (bench/smoke.ts):
 * the knobs above default to 2 iterations, 100 rows, 1 cold run, and the results go to the temp directory.
 */
import '../infra/node-support.js';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { firstRequestsOf, measureBundles, type ColdImport, type FirstInvocations } from './bundles.js';
import type { ListCase } from './lists.js';
import type { PeerResult } from './peer.js';
import type { ConcurrencyResult } from './concurrency.js';
import type { RateLimitBench } from './rate-limit.js';
import type { LoadResult } from './load.js';
import type { TwinResult } from './twins.js';
import type { CeilingCase } from './ceiling.js';
import type { ListBoundCase } from './ceiling-lists.js';
import type { SerialListCase } from './serial-lists.js';
import type { DeliveryListCase, DeliveryWriteCase } from './delivery-lists.js';
import { round, table, type Recorder } from './measure.js';
import { SMOKE } from './smoke.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? (SMOKE ? 2 : 100));
const LIST_SIZES = (process.env.BENCH_LIST_SIZES ?? (SMOKE ? '100' : '1000,10000'))
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? (SMOKE ? 1 : 9));
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
/** Whether a part of the bench runs (BENCH_ONLY lists the parts; empty runs them all). */
const runs = (part: string) => ONLY.size === 0 || ONLY.has(part);
const REPORT_SIZES = (process.env.BENCH_REPORT_SIZES ?? (SMOKE ? '100' : '10000'))
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
// A partial run keeps the full run's results file; a smoke run keeps both.
const resultsFile = ONLY.size > 0 ? `results-${[...ONLY].join('-')}.json` : 'results.json';
const OUT =
  process.env.BENCH_OUT ??
  (SMOKE ? join(tmpdir(), `stockflow-bench-smoke-${resultsFile}`) : join(import.meta.dirname, resultsFile));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const log = (line = '') => console.log(line);
const ms = (n: number) => `${n.toFixed(2)}`;
const x = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(2)}x`);

/** One row per measured list case. */
const listTable = (cases: readonly ListCase[]) =>
  table(
    ['size', 'case', 'p50 ms', 'calls/req', 'DynamoDB calls (typical)', 'rows read', 'RCU', 'rows', 'total'],
    cases.map((l) => [
      l.size,
      l.name,
      ms(l.latency.p50),
      l.callsPerRequest,
      l.calls,
      l.rowsRead,
      l.capacityPerRequest,
      l.rowsReturned,
      l.total,
    ]),
  );

/** One row per projection-ceiling case (bench/ceiling.ts); `~` marks a computed row. */
const ceilingTable = (cases: readonly CeilingCase[]) =>
  table(
    ['size', 'list', 'case', 'path', 'status', 'rows read', 'RCU', 'MB', 'ms', 'calls'],
    cases.map((c) => [
      c.size,
      c.list,
      c.computed ? `~ ${c.name} (computed)` : c.name,
      c.path,
      c.status,
      c.rows,
      c.rcu,
      c.mb,
      c.ms,
      c.calls,
    ]),
  );

/**
 * The twin rows: the whole request, then the API door (the operation) beside the CLI door (the command),
 * with the reason under the table for each row whose doors differ by design.
 */
function twinTable(twins: readonly TwinResult[]) {
  const rows = table(
    [
      'API step',
      'CLI twin',
      'request calls',
      'request RCU+WCU',
      'API door calls',
      'API RCU+WCU',
      'CLI calls',
      'CLI RCU+WCU',
      'equal',
    ],
    twins.map((t) => [
      t.step,
      t.cli,
      t.request?.calls ?? '',
      t.request?.capacity ?? '',
      t.api.signature,
      t.api.capacity,
      t.cliDoor.signature,
      t.cliDoor.capacity,
      t.equal ? 'yes' : t.note ? 'no (note)' : 'NO',
    ]),
  );
  const notes = twins.filter((t) => !t.equal && t.note).map((t) => `- ${t.cli}: ${t.note}`);
  return notes.length > 0 ? `${rows}\nWhere the doors differ by design:\n${notes.join('\n')}` : rows;
}

/** The stock reports over an organisation of 1,000 products and each size of ledger (bench/reports.ts). */
async function reportSection(recorder: Recorder) {
  const { measureReports, REPORT_PRODUCTS } = await import('./reports.js');
  log(
    `\n3c. Stock reports (${REPORT_PRODUCTS} products; ledger entries ${REPORT_SIZES.join(', ')}, 100 a day)`,
  );
  const reports = await measureReports(REPORT_SIZES, recorder, log);
  log(
    table(
      ['ledger', 'report', 'p50 ms', 'calls/req', 'DynamoDB calls (typical)', 'rows read', 'RCU', 'rows'],
      reports.map((r) => [
        r.size,
        r.name,
        ms(r.latency.p50),
        r.callsPerRequest,
        r.calls,
        r.rowsRead,
        r.capacityPerRequest,
        r.rowsReturned,
      ]),
    ),
  );
  return reports;
}

/** The Lambdas of the event path, measured with the API groups (their entries in functions/entries/). */
const EVENT_ENTRIES = ['publisher', 'sweeper', 'delivery-worker', 'dispatcher', 'ledger-projector'];

async function bundlesReport(first?: FirstInvocations): Promise<ColdImport> {
  const { GROUPS } = await import('../functions/lambdas.js');
  log(
    `\n4. Bundles and cold import (median of ${COLD_RUNS} fresh node processes, as deployed without and with tracing; target <= 1.2x / 1.3x client only)`,
  );
  // A smoke run bundles one API group and one event Lambda (CI's cdk synth bundles every entry anyway).
  const entries = SMOKE ? [GROUPS[0]!, EVENT_ENTRIES[0]!] : [...GROUPS, ...EVENT_ENTRIES];
  const cold = await measureBundles(entries, COLD_RUNS, new Set<string>(GROUPS), first);
  log(
    table(
      [
        'bundle',
        'KB at import',
        'KB tracing',
        'KB all chunks',
        'cold ms',
        'ratio',
        'cold ms tracing',
        'ratio tracing',
        'largest parts (KB)',
      ],
      cold.bundles.map((b) => [
        b.name,
        b.kb,
        b.kbTracing,
        b.kbAll,
        b.coldImportMs,
        x(b.ratio),
        b.coldImportMsTracing,
        x(b.ratioTracing),
        b.largestInputs.join(', '),
      ]),
    ),
  );
  log(
    `client only ${cold.baselineMs} ms (CPU ${cold.baselineCpuMs} ms; as one file ${cold.baselineSingleFileCpuMs}); API bundles: max ratio ${x(cold.maxRatio)}, with tracing ${x(cold.maxRatioTracing)}`,
  );
  const firsts = cold.bundles.flatMap((b) => b.firstRequests.map((r) => ({ bundle: b.name, ...r })));
  if (firsts.length > 0) {
    log('\n4b. First invocation after the cold import (ms, median; same processes)');
    log(
      table(
        ['bundle', 'request', 'status', 'ms', 'ms tracing'],
        firsts.map((f) => [f.bundle, f.route, f.status, f.ms, f.msTracing]),
      ),
    );
  }
  return cold;
}

async function main() {
  const started = performance.now();
  const { generateValidators } = await import('../scripts/generate-validators.js');
  generateValidators();
  const { startDynamoDbLocal } = await import('../infra/local/dynamodb.js');
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  // The store reads these when it builds its client: set before any store module is loaded.
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = 'stockflow-bench';
  process.env.AWS_REGION = 'local';
  try {
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { clientConfig, db } = await import('../functions/platform/dynamo/client.js');
    const { ensureTable } = await import('../functions/platform/dynamo/create-table.js');
    const { installRecorder } = await import('./measure.js');
    const { newBenchTenant, seedProducts } = await import('./seed.js');
    const { measureBaseline } = await import('./baseline.js');
    const { measureEndpoints } = await import('./endpoints.js');
    const { measureLists } = await import('./lists.js');

    const admin = new DynamoDBClient(clientConfig());
    await ensureTable(admin, process.env.TABLE_NAME);
    admin.destroy();
    const recorder = installRecorder(db());

    log(`DynamoDB Local at ${dynamo.endpoint}; ${ITERATIONS} iterations per scenario`);
    const tenant = await newBenchTenant('Bench endpoints');
    // The bundles part alone needs only a key (its first requests), not the products.
    if (!(ONLY.size === 1 && runs('bundles'))) await seedProducts(tenant, SMOKE ? 100 : 1_000);

    let baseline: Awaited<ReturnType<typeof measureBaseline>> = [];
    let endpoints: Awaited<ReturnType<typeof measureEndpoints>> = [];
    let twins: TwinResult[] = [];
    let lists: ListCase[] = [];
    let salesOrderLists: ListCase[] = [];
    let coldImport: ColdImport | null = null;
    let peer: PeerResult | null = null;
    let reports: Awaited<ReturnType<typeof reportSection>> = [];
    if (runs('endpoints')) {
      log('\n1. Baseline: raw DynamoDB round trips (same client, ms)');
      baseline = await measureBaseline(tenant, ITERATIONS);
      log(
        table(
          ['call', 'p50', 'p95'],
          baseline.map((b) => [b.label, ms(b.latency.p50), ms(b.latency.p95)]),
        ),
      );

      log(
        '\n2. Endpoints, warm, in-process through the middy chain (ms; target p50 <= 1.25x summed DynamoDB p50)',
      );
      endpoints = await measureEndpoints(tenant, recorder, baseline, ITERATIONS);
      log(
        table(
          [
            'endpoint',
            'p50',
            'p95',
            'calls/req',
            'DynamoDB calls (typical)',
            'RCU+WCU',
            'sum DDB p50',
            'DDB wall p50',
            'overhead p50',
            'ratio',
          ],
          endpoints.map((e) => [
            e.name,
            ms(e.latency.p50),
            ms(e.latency.p95),
            e.callsPerRequest,
            e.calls,
            e.capacityPerRequest,
            ms(e.baselineSumP50),
            ms(e.dbWallP50),
            ms(e.overheadP50),
            x(e.ratio),
          ]),
        ),
      );
    }
    // Section 2b runs with the endpoints, or alone as the part `twins`.
    if (runs('endpoints') || runs('twins')) {
      log('\n2b. Steps over the API next to their CLI twins (DynamoDB calls and RCU+WCU; equal fixtures)');
      const { measureTwins } = await import('./twins.js');
      const twinsTenant = await newBenchTenant('Bench twins');
      twins = await measureTwins(twinsTenant, recorder);
      log(twinTable(twins));
    }
    if (runs('lists')) {
      log(`\n3. Products list cost curve (pageSize 50; sizes ${LIST_SIZES.join(', ')})`);
      lists = await measureLists(LIST_SIZES, recorder, log);
      log(listTable(lists));
    }
    if (runs('sales-lists')) {
      log(`\n3b. Sales-order list cost curve (pageSize 50; sizes ${LIST_SIZES.join(', ')})`);
      const { measureSalesOrderLists } = await import('./sales-orders.js');
      salesOrderLists = await measureSalesOrderLists(LIST_SIZES, recorder, log);
      log(listTable(salesOrderLists));
    }
    let ceiling: CeilingCase[] = [];
    if (runs('ceiling')) {
      const { CEILING_SIZES, measureCeiling } = await import('./ceiling.js');
      log(`\n3c. Projection ceiling (issue 29 item 6; sizes ${CEILING_SIZES.join(', ')})`);
      ceiling = await measureCeiling(CEILING_SIZES, recorder, log);
      log(ceilingTable(ceiling));
    }
    let listBounds: ListBoundCase[] = [];
    if (runs('ceiling-lists')) {
      const { CEILING_SIZES } = await import('./ceiling.js');
      const { measureListBounds } = await import('./ceiling-lists.js');
      log(
        `\n3d. Lists off the projection within the list budget (session 36; sizes ${CEILING_SIZES.join(', ')})`,
      );
      listBounds = await measureListBounds(CEILING_SIZES, recorder, log);
    }
    let deliveryLists: { cases: DeliveryListCase[]; writes: DeliveryWriteCase[] } | null = null;
    if (runs('delivery-lists')) {
      const { DELIVERY_SIZES, measureDeliveryLists } = await import('./delivery-lists.js');
      log(`\n3e. Webhook deliveries within the list budget (session 37; sizes ${DELIVERY_SIZES.join(', ')})`);
      deliveryLists = await measureDeliveryLists(DELIVERY_SIZES, recorder, log);
    }
    let serialLists: SerialListCase[] = [];
    if (runs('serial-lists')) {
      const { SERIAL_SIZES, measureSerialLists } = await import('./serial-lists.js');
      log(
        `\n3f. One product's serial numbers, GSI6 and its counts (session 41; sizes ${SERIAL_SIZES.join(', ')})`,
      );
      serialLists = await measureSerialLists(SERIAL_SIZES, recorder, log);
      log(
        table(
          ['size', 'case', 'path', 'rows read', 'RCU', 'MB', 'ms', 'calls'],
          serialLists.map((c) => [c.size, c.name, c.path, c.rows, c.rcu, c.mb, c.ms, c.calls]),
        ),
      );
    }
    if (runs('peer')) {
      log(`\n5. Peer: idempotent POST /stock-adjustments (1 line), ours vs Powertools makeIdempotent (ms)`);
      const { measurePeer } = await import('./peer.js');
      peer = await measurePeer(tenant, recorder, ITERATIONS);
      log(
        table(
          ['case', 'p50', 'p95', 'DynamoDB calls/req', 'round trips', 'RCU+WCU'],
          peer.cases.map((c) => [
            c.name,
            ms(c.latency.p50),
            ms(c.latency.p95),
            c.callsPerRequest,
            c.roundTrips,
            c.capacityPerRequest,
          ]),
        ),
      );
      log(
        `ours / Powertools (bare): p50 first ${x(peer.firstP50Ratio)}, replay ${x(peer.replayP50Ratio)}; calls first ${x(peer.firstCallsRatio)}, replay ${x(peer.replayCallsRatio)}`,
      );
      const same = peer.sameEffects;
      log(
        `ours / Powertools (same effects): p50 first ${x(same.firstP50Ratio)}, replay ${x(same.replayP50Ratio)}; calls first ${x(same.firstCallsRatio)}, replay ${x(same.replayCallsRatio)}`,
      );
      for (const c of peer.cases) {
        const trips = c.profile.trips.map((t) => `${t.calls} ${ms(t.p50)}`).join(' | ');
        log(`  ${c.name}: ${trips} | outside DynamoDB ${ms(c.profile.outsideP50)}`);
      }
      const items = peer.transactionItems;
      log(
        `\n5b. TransactWriteItems of our adjustment's first k items on DynamoDB Local (p50 ms, ${items.rounds} interleaved rounds, ${items.seconds} s)`,
      );
      log(
        table(
          [
            'items',
            '~bytes',
            'our table (5 GSIs, stream)',
            '5 GSIs, no stream',
            'plain (no GSIs, no stream)',
          ],
          [
            ...items.rows.map((r) => [r.items, r.bytes, ms(r.ours), ms(r.gsiNoStream), ms(r.plain)]),
            [
              'per item (7 vs 2)',
              '',
              ms(items.perItem.ours),
              ms(items.perItem.gsiNoStream),
              ms(items.perItem.plain),
            ],
          ],
        ),
      );
      const par = peer.parallelCalls;
      log(
        `\n5c. A round trip saved on this DynamoDB Local (GetItem, p50 ms, ${par.rounds} rounds): one ${ms(par.one)}, three together ${ms(par.threeTogether)}, three in a row ${ms(par.threeInARow)}`,
      );
    }
    if (runs('reports')) reports = await reportSection(recorder);
    let concurrency: ConcurrencyResult | null = null;
    if (runs('concurrency')) {
      log('\n6. Concurrent writers in one organisation (10 and 50 writers, then a burst of 100 creates)');
      const { measureConcurrency } = await import('./concurrency.js');
      concurrency = await measureConcurrency(await newBenchTenant('Bench concurrency'), log);
    }
    let rateLimiting: RateLimitBench | null = null;
    if (runs('ratelimit')) {
      log('\n7. Rate limiting: refusals, counter writes per admitted request, bursts across containers');
      const { measureRateLimit } = await import('./rate-limit.js');
      rateLimiting = await measureRateLimit(log);
    }
    let load: LoadResult | null = null;
    if (runs('load')) {
      log(
        '\n8. Load curve: ours vs a baseline handler with the same DynamoDB calls (autocannon; target at 10 and 50: req/s >= 0.8x, p99 <= 1.5x)',
      );
      const { measureLoad, loadTable } = await import('./load.js');
      load = await measureLoad(log);
      log(loadTable(load));
      log(
        `worst mix: c10 ${x(load.c10.throughputRatio)} req/s, ${x(load.c10.p99Ratio)} p99; c50 ${x(load.c50.throughputRatio)} req/s, ${x(load.c50.p99Ratio)} p99`,
      );
    }
    if (runs('bundles')) {
      const env = {
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        TABLE_NAME: process.env.TABLE_NAME,
        AWS_REGION: 'local',
      };
      coldImport = await bundlesReport({ env, requests: await firstRequestsOf(tenant.key) });
    }

    const results = {
      at: new Date().toISOString(),
      node: process.version,
      iterations: ITERATIONS,
      listSizes: LIST_SIZES,
      baseline,
      endpoints,
      twins,
      lists,
      salesOrderLists,
      reportSizes: REPORT_SIZES,
      reports,
      bundles: coldImport?.bundles ?? [],
      coldImport: coldImport && {
        baselineMs: coldImport.baselineMs,
        maxRatio: coldImport.maxRatio,
        maxRatioTracing: coldImport.maxRatioTracing,
      },
      peer,
      ...(concurrency && {
        burst: concurrency.burst,
        concurrency: {
          c50: { refused: concurrency.figures.c50Refused },
          c50OverC10: concurrency.figures.c50OverC10,
          p99OverP50: concurrency.figures.p99OverP50,
          seconds: concurrency.seconds,
          cases: concurrency.cases,
        },
        hotRow: { throughputRatio: concurrency.figures.hotRowThroughputRatio },
      }),
      ...(ceiling.length > 0 && {
        projection: { ...(await import('./ceiling.js')).worstOf(ceiling), cases: ceiling },
      }),
      ...(listBounds.length > 0 && {
        listBounds: { ...(await import('./ceiling-lists.js')).worstListBound(listBounds), cases: listBounds },
      }),
      ...(deliveryLists && { deliveryLists }),
      ...(serialLists.length > 0 && {
        serialLists: {
          ...(await import('./serial-lists.js')).worstSerialList(serialLists),
          cases: serialLists,
        },
      }),
      refusals: rateLimiting?.refusals ?? null,
      rateLimit: rateLimiting?.rateLimit ?? null,
      load,
      durationSeconds: round((performance.now() - started) / 1000, 1),
    };
    writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
    log(`\nWrote ${OUT} in ${results.durationSeconds} s`);
  } finally {
    const { resetDbClient } = await import('../functions/platform/dynamo/client.js');
    resetDbClient();
    await dynamo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
