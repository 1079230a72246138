/**
 * BENCH_ONLY=load (issue 29 item 5): the load curve. autocannon, in the bench process, drives two servers,
 * each in its own child process (bench/load-server.ts): ours, the local HTTP adapter as `npm start`
 * serves it, and the baseline, a plain node:http handler making the same DynamoDB calls per request
 * without our pipeline (bench/load-baseline.ts), on the same DynamoDB Local, table and organisation (rate
 * limits raised, as for every bench organisation). A read mix and a write mix, each at concurrency 1, 10
 * and 50; at each level both sides run alternately (the first side alternates too), each after a warm-up
 * at that level, so their ratio compares one machine state. Knobs: BENCH_LOAD_SECONDS (per side and level,
 * default 10), BENCH_LOAD_PROFILE (a directory: each side runs with --cpu-prof and writes its profile in <dir>/<side>),
 * BENCH_LOAD_LEVELS and BENCH_LOAD_MIXES (e.g. `50` and `read`: only those), BENCH_LOAD_TRACE (a file
 * prefix: each server writes one line per request, bench/load-server.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { createCategory } from '../functions/areas/products/steps/categories.js';
import type { FromServer, ServerKind, ToServer } from './load-server.js';
import { round, table } from './measure.js';
import { newBenchTenant, seedProducts, type BenchTenant } from './seed.js';
import { SMOKE } from './smoke.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(3, Math.max(1, SECONDS / 4));
export const LOAD_LEVELS = [1, 10, 50] as const;
/** BENCH_LOAD_LEVELS=50 and BENCH_LOAD_MIXES=read narrow a run to what one is working on (a profile). */
const LEVELS: readonly number[] = process.env.BENCH_LOAD_LEVELS
  ? process.env.BENCH_LOAD_LEVELS.split(',').map(Number)
  : LOAD_LEVELS;
const MIXES = process.env.BENCH_LOAD_MIXES?.split(',');
const PRODUCTS = SMOKE ? 120 : 1_000;
const PROFILE_DIR = process.env.BENCH_LOAD_PROFILE;

export interface LoadSide {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that are not 2xx, plus connection errors and timeouts. */
  errors: number;
  /** Status codes other than 2xx and how often each came. */
  statuses: Record<string, number>;
  callsPerRequest: number;
  /** The server process's CPU time per request served (user + system): what one request costs it. */
  cpuMsPerRequest: number;
  /** The server's event-loop delay over the run (ms, p99 and max): how long its slices blocked the loop. */
  loopDelayP99: number;
  loopDelayMax: number;
}

export interface LoadCase {
  mix: string;
  connections: number;
  ours: LoadSide;
  baseline: LoadSide;
  /** Ours over the baseline's, requests/s (target >= 0.8 at 10 and 50). */
  throughputRatio: number;
  /** Ours over the baseline's, p99 (target <= 1.5 at 10 and 50). */
  p99Ratio: number;
}

/** Results-file figures at one level: the worse of the two mixes. */
export interface LoadLevel {
  throughputRatio: number;
  p99Ratio: number;
}

export interface LoadResult {
  seconds: number;
  cases: LoadCase[];
  c10: LoadLevel;
  c50: LoadLevel;
}

interface Server {
  kind: ServerKind;
  port: number;
  child: ChildProcess;
  log: string;
  ask: (message: ToServer) => Promise<FromServer>;
}

async function startServer(kind: ServerKind): Promise<Server> {
  const log = join(tmpdir(), `stockflow-bench-load-${kind}-${process.pid}.log`);
  const fd = openSync(log, 'w');
  // Both sides, each in its own directory: the difference of their profiles is what our pipeline costs.
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, kind)}`] : [];
  // Its log lines go to a file: a pipe nobody drains would stall it, and the bench would pay to drain it.
  const child = fork(join(import.meta.dirname, 'load-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...profile],
    env: { ...process.env, LOAD_SERVER_KIND: kind },
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  const next = () =>
    new Promise<FromServer>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`load server ${kind} exited (${code}): ${readFileSync(log, 'utf8').slice(-2000)}`));
      child.once('exit', onExit);
      child.once('message', (message: FromServer) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`load server ${kind} said ${ready.type}`);
  return {
    kind,
    port: ready.port,
    child,
    log,
    ask: (message) => {
      const answer = next();
      child.send(message);
      return answer;
    },
  };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send({ type: 'stop' } satisfies ToServer);
  await exited;
}

async function stats(server: Server) {
  const answer = await server.ask({ type: 'stats' });
  if (answer.type !== 'stats') throw new Error(`load server ${server.kind} said ${answer.type}`);
  return answer;
}

type Request = autocannon.Request;

/** A mix: the requests each connection sends in turn, given the products that side may write. */
interface Mix {
  name: string;
  requests: (writable: readonly string[]) => Request[];
}

function mixes(tenant: BenchTenant, warehouseId: string): Mix[] {
  const read = tenant.productIds;
  return [
    {
      name: 'read (GET /products/{id} x2, GET /products?pageSize=50, GET /categories)',
      requests: () => {
        let n = 0;
        const getOne: Request = {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/products/${read[(n += 7) % read.length]!}`,
          }),
        };
        return [
          getOne,
          { method: 'GET', path: '/api/v1/products?pageSize=50' },
          getOne,
          { method: 'GET', path: '/api/v1/categories' },
        ];
      },
    },
    {
      name: 'write (POST /stock-adjustments 1 line, PUT /products/{id})',
      // Each request takes the side's next product, so concurrent writes touch different rows: the
      // races of one hot row are the concurrency part's subject, not this one's.
      requests: (writable) => {
        let n = 0;
        const nextProduct = () => writable[(n += 1) % writable.length]!;
        return [
          {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              path: '/api/v1/stock-adjustments',
              headers: { ...request.headers, 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                reason: 'FOUND',
                lines: [{ productId: nextProduct(), warehouseId, quantityChange: 1 }],
              }),
            }),
          },
          {
            method: 'PUT',
            setupRequest: (request) => ({
              ...request,
              path: `/api/v1/products/${nextProduct()}`,
              body: JSON.stringify({ description: `load ${randomUUID()}` }),
            }),
          },
        ];
      },
    },
  ];
}

/** One autocannon run against one server, with the DynamoDB calls the server made meanwhile. */
async function drive(
  server: Server,
  tenant: BenchTenant,
  requests: Request[],
  connections: number,
  seconds: number,
): Promise<LoadSide> {
  // A smoke run sends a fixed number of requests instead: all answered, however slow the machine.
  const length = SMOKE ? { amount: connections } : { duration: seconds };
  const before = await stats(server);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections,
    ...length,
    // Both sides get the same headers: ours authenticates the key, the baseline takes the organisation.
    headers: {
      authorization: `Bearer ${tenant.key}`,
      'x-org-id': tenant.orgId,
      'content-type': 'application/json',
    },
    requests,
    timeout: 30,
  });
  const after = await stats(server);
  const served = after.requests - before.requests;
  const statuses: Record<string, number> = {};
  for (const [code, { count = 0 }] of Object.entries(result.statusCodeStats ?? {}))
    if (!code.startsWith('2')) statuses[code] = count;
  return {
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / result.duration, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    statuses,
    callsPerRequest: served > 0 ? round((after.calls - before.calls) / served, 2) : 0,
    cpuMsPerRequest: served > 0 ? round((after.cpuMs - before.cpuMs) / served, 2) : 0,
    loopDelayP99: round(after.loopDelay.p99, 1),
    loopDelayMax: round(after.loopDelay.max, 1),
  };
}

const worst = (cases: readonly LoadCase[], connections: number): LoadLevel => {
  const at = cases.filter((c) => c.connections === connections);
  return {
    throughputRatio: round(Math.min(...at.map((c) => c.throughputRatio)), 2),
    p99Ratio: round(Math.max(...at.map((c) => c.p99Ratio)), 2),
  };
};

export async function measureLoad(log: (line?: string) => void): Promise<LoadResult> {
  const tenant = await newBenchTenant('Bench load');
  await seedProducts(tenant, PRODUCTS);
  for (let i = 0; i < 10; i += 1)
    await createCategory({ orgId: tenant.orgId, name: `Category ${i}`, sortOrder: i });
  const warehouse = await createWarehouse({ orgId: tenant.orgId, code: 'LOAD-WH', name: 'Load warehouse' });
  // Each side writes its own half of the products, so neither races the other's versions.
  const half = PRODUCTS / 2;
  const writable: Record<ServerKind, string[]> = {
    ours: tenant.productIds.slice(0, half),
    baseline: tenant.productIds.slice(half),
  };
  const servers = { ours: await startServer('ours'), baseline: await startServer('baseline') };
  const cases: LoadCase[] = [];
  try {
    // First requests load each side's modules (ours imports a group handler on its first request).
    const chosen = mixes(tenant, warehouse.id).filter((m) => !MIXES || MIXES.includes(m.name.split(' ')[0]!));
    for (const mix of chosen)
      for (const kind of ['ours', 'baseline'] as const)
        await drive(servers[kind], tenant, mix.requests(writable[kind]), 1, WARMUP_SECONDS);
    for (const mix of chosen) {
      for (const [index, connections] of LEVELS.entries()) {
        const order: ServerKind[] = index % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
        const sides = {} as Record<ServerKind, LoadSide>;
        for (const kind of order) {
          const requests = mix.requests(writable[kind]);
          // A smoke run proves the part runs: its one request a connection needs no warm-up.
          if (!SMOKE) await drive(servers[kind], tenant, requests, connections, WARMUP_SECONDS);
          sides[kind] = await drive(servers[kind], tenant, requests, connections, SECONDS);
        }
        const { ours, baseline } = sides;
        const loadCase: LoadCase = {
          mix: mix.name,
          connections,
          ours,
          baseline,
          throughputRatio: round(ours.requestsPerSecond / Math.max(baseline.requestsPerSecond, 0.1), 2),
          p99Ratio: round(ours.p99 / Math.max(baseline.p99, 1), 2),
        };
        cases.push(loadCase);
        log(
          `  ${mix.name.split(' ')[0]} c${connections}: ours ${ours.requestsPerSecond}/s p99 ${ours.p99} ms, baseline ${baseline.requestsPerSecond}/s p99 ${baseline.p99} ms`,
        );
      }
    }
  } finally {
    await Promise.all([stopServer(servers.ours), stopServer(servers.baseline)]);
  }
  return { seconds: SECONDS, cases, c10: worst(cases, 10), c50: worst(cases, 50) };
}

/** One row per mix, level and side. */
export const loadTable = (result: LoadResult): string =>
  table(
    [
      'mix',
      'conns',
      'side',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'DDB calls/req',
      'CPU ms/req',
      'loop delay p99/max ms',
      'req/s ratio',
      'p99 ratio',
    ],
    result.cases.flatMap((c) =>
      (['ours', 'baseline'] as const).map((kind) => {
        const side = c[kind];
        const errors = Object.entries(side.statuses)
          .map(([code, n]) => `${code}x${n}`)
          .join(' ');
        return [
          c.mix.split(' ')[0]!,
          c.connections,
          kind,
          side.requestsPerSecond,
          side.p50,
          side.p99,
          errors ? `${side.errors} (${errors})` : side.errors,
          side.callsPerRequest,
          side.cpuMsPerRequest,
          `${side.loopDelayP99}/${side.loopDelayMax}`,
          kind === 'ours' ? `${c.throughputRatio.toFixed(2)}x` : '',
          kind === 'ours' ? `${c.p99Ratio.toFixed(2)}x` : '',
        ];
      }),
    ),
  );
