/**
 * BENCH_ONLY=concurrency (issue 29 item 2): writers racing in one organisation, through the real routing
 * and handlers in process. Each case runs 10 and then 50 writers for a few seconds, each writer sending
 * its next request as soon as the last one answered: adjustments spread over 50 products, the same
 * adjustments on one product, sales-order creates, create-and-confirm on one product (the confirm is
 * timed: it reserves that product's stock) and merge-patches (PUT without If-Match) of one product. Then
 * one burst of 100 adjustment creates at once. A "refused" answer is the race's 409; any other failure is
 * counted apart. Knobs: BENCH_CONCURRENCY_SECONDS (per case and level, default 5), BENCH_CONCURRENCY_CASES
 * (a comma list of words: only the cases whose name holds one of them run, e.g. `PUT` or `adjustments`;
 * the burst runs when the list is empty or holds `burst`).
 */
import { performance } from 'node:perf_hooks';
import { dispatch } from '../infra/local/http-adapter.js';
import { db } from '../functions/platform/dynamo/client.js';
import { send, type BenchRequest } from './api.js';
import { percentile, round } from './measure.js';
import type { BenchTenant } from './seed.js';
import { SMOKE } from './smoke.js';

const SECONDS = Number(process.env.BENCH_CONCURRENCY_SECONDS ?? (SMOKE ? 0.3 : 5));
const LEVELS = SMOKE ? [2, 3] : [10, 50];
const BURST = SMOKE ? 5 : 100;
const SPREAD_PRODUCTS = SMOKE ? 3 : 50;
const CASES = (process.env.BENCH_CONCURRENCY_CASES ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);

export interface LevelResult {
  writers: number;
  requests: number;
  /** Answers 409 `conflict`: a legitimate write refused because another request raced it. */
  refused: number;
  /** Any other answer that is not the case's success status. */
  failed: number;
  throughputPerSecond: number;
  p50: number;
  p99: number;
  /**
   * DynamoDB calls, and transactions among them (each a write tried), per successful request: the work a
   * lost race wastes, which the machine's load does not blur as it does throughput.
   */
  callsPerSuccess: number;
  transactionsPerSuccess: number;
}

export interface CaseResult {
  name: string;
  levels: LevelResult[];
  /** Throughput at the highest level over the lowest. */
  highOverLow: number;
  /** p99 over p50 at the highest level. */
  p99OverP50: number;
}

export interface ConcurrencyResult {
  seconds: number;
  cases: CaseResult[];
  /** Null when BENCH_CONCURRENCY_CASES leaves the burst out. */
  burst: {
    requests: number;
    refused: number;
    failed: number;
    wallMs: number;
    p50: number;
    p99: number;
  } | null;
  /** Results-file figures (issue 29's names). */
  figures: {
    burstRefused: number | null;
    c50Refused: number;
    c50OverC10: number;
    p99OverP50: number;
    /** Null when BENCH_CONCURRENCY_CASES left either adjustments case out. */
    hotRowThroughputRatio: number | null;
  };
}

interface Outcome {
  status: number;
  code: string | null;
  /** The created or changed record's id. */
  id: string | null;
  ms: number;
}

/** One request; its status and error code instead of a throw, so refusals are counted, not fatal. */
async function attempt(request: BenchRequest): Promise<Outcome> {
  const started = performance.now();
  const result = await dispatch({
    method: request.method,
    path: `/api/v1${request.path}`,
    query: new URLSearchParams(),
    headers: {
      authorization: `Bearer ${request.key}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
    sourceIp: '127.0.0.1',
  });
  const ms = performance.now() - started;
  const body = JSON.parse(result.body) as { id?: string; error?: { code?: string } };
  return { status: result.statusCode, code: body.error?.code ?? null, id: body.id ?? null, ms };
}

/** DynamoDB calls made while a level runs (its writers are the only requests in flight). */
const dbCalls = { total: 0, transactions: 0 };
let counting = false;

interface MiddlewareStack {
  add: (
    mw: (
      next: (args: object) => Promise<object>,
      context: { commandName?: string },
    ) => (args: object) => Promise<object>,
    options: { step: 'initialize'; name: string },
  ) => void;
}

function countDbCalls(): void {
  if (counting) return;
  counting = true;
  (db().middlewareStack as MiddlewareStack).add(
    (next, context) => (args) => {
      dbCalls.total += 1;
      if (context.commandName?.startsWith('TransactWrite')) dbCalls.transactions += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchConcurrencyCalls' },
  );
}

/** A writer's next request and the status that means it succeeded; a step may do untimed set-up first. */
type Step = (writer: number, iteration: number) => Promise<Outcome>;

async function runLevel(writers: number, step: Step, ok: number): Promise<LevelResult> {
  const outcomes: Outcome[] = [];
  dbCalls.total = 0;
  dbCalls.transactions = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; performance.now() < until; i += 1) outcomes.push(await step(writer, i));
    }),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const level = summarise(writers, outcomes, ok, wallSeconds);
  const succeeded = Math.max(outcomes.filter((o) => o.status === ok).length, 1);
  return {
    ...level,
    callsPerSuccess: round(dbCalls.total / succeeded),
    transactionsPerSuccess: round(dbCalls.transactions / succeeded),
  };
}

function summarise(
  writers: number,
  outcomes: Outcome[],
  ok: number,
  wallSeconds: number,
): Omit<LevelResult, 'callsPerSuccess' | 'transactionsPerSuccess'> {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const succeeded = outcomes.filter((o) => o.status === ok).length;
  const refused = outcomes.filter((o) => o.status === 409 && o.code === 'conflict').length;
  return {
    writers,
    requests: outcomes.length,
    refused,
    failed: outcomes.length - succeeded - refused,
    throughputPerSecond: round(succeeded / wallSeconds, 1),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
  };
}

async function runCase(
  name: string,
  step: Step,
  ok: number,
  log: (line: string) => void,
): Promise<CaseResult | null> {
  const levels: LevelResult[] = [];
  if (CASES.length > 0 && !CASES.some((word) => name.includes(word))) return null;
  for (const writers of LEVELS) {
    const level = await runLevel(writers, step, ok);
    log(
      `  ${name}, ${writers} writers: ${level.requests} requests, ${level.throughputPerSecond}/s, p50 ${level.p50} ms, p99 ${level.p99} ms, refused ${level.refused}, failed ${level.failed}, ${level.callsPerSuccess} DynamoDB calls (${level.transactionsPerSuccess} transactions) per success`,
    );
    levels.push(level);
  }
  const low = levels[0]!;
  const high = levels[levels.length - 1]!;
  return {
    name,
    levels,
    highOverLow: round(high.throughputPerSecond / Math.max(low.throughputPerSecond, 0.001)),
    p99OverP50: round(high.p99 / Math.max(high.p50, 0.001)),
  };
}

/** A warehouse, products with plenty of stock and a customer, in the bench organisation. */
async function setUp(tenant: BenchTenant) {
  const key = tenant.key;
  const suffix = Date.now().toString(36).toUpperCase();
  const warehouse = await send<{ id: string }>(
    {
      method: 'POST',
      path: '/warehouses',
      key,
      body: { code: `CC${suffix}`.slice(0, 20), name: 'Concurrency' },
    },
    201,
  );
  const products: string[] = [];
  for (let i = 0; i < SPREAD_PRODUCTS; i += 1) {
    const p = await send<{ id: string }>(
      {
        method: 'POST',
        path: '/products',
        key,
        body: { sku: `CC-${suffix}-${i}`, name: `Concurrency ${suffix} ${i}`, defaultPrice: 10 },
      },
      201,
    );
    products.push(p.id);
  }
  await send(
    {
      method: 'POST',
      path: '/stock-adjustments',
      key,
      body: {
        reason: 'FOUND',
        lines: products.map((productId) => ({
          productId,
          warehouseId: warehouse.id,
          quantityChange: 1_000_000,
        })),
      },
    },
    201,
  );
  const customer = await send<{ id: string }>(
    {
      method: 'POST',
      path: '/customers',
      key,
      body: { code: `CC-${suffix}`, name: `Concurrency ${suffix}` },
    },
    201,
  );
  return { warehouseId: warehouse.id, products, customerId: customer.id };
}

/** The fields the PUT writers change, one per writer (round robin), each with a value per iteration. */
const PUT_FIELDS: ((i: number) => Record<string, unknown>)[] = [
  (i) => ({ description: `Description ${i}` }),
  (i) => ({ barcode: `94${String(i).padStart(11, '0')}` }),
  (i) => ({ costPrice: 1 + (i % 100) }),
  (i) => ({ defaultPrice: 10 + (i % 100) }),
  (i) => ({ weight: 1 + (i % 50) }),
  (i) => ({ minStockLevel: i % 40 }),
  (i) => ({ maxStockLevel: 100 + (i % 40) }),
  (i) => ({ reorderQuantity: i % 30 }),
  (i) => ({ notes: `Notes ${i}` }),
  (i) => ({ imageUrl: `https://example.com/${i}.png` }),
  (i) => ({ shelfLifeDays: i % 365 }),
  (i) => ({ taxRate: (i % 10) / 100 }),
];

export async function measureConcurrency(
  tenant: BenchTenant,
  log: (line: string) => void,
): Promise<ConcurrencyResult> {
  const key = tenant.key;
  countDbCalls();
  const { warehouseId, products, customerId } = await setUp(tenant);
  const hot = products[0]!;
  const adjustment = (productId: string): BenchRequest => ({
    method: 'POST',
    path: '/stock-adjustments',
    key,
    body: { reason: 'FOUND', lines: [{ productId, warehouseId, quantityChange: 1 }] },
  });
  const order = (productId: string): BenchRequest => ({
    method: 'POST',
    path: '/sales-orders',
    key,
    body: { customerId, warehouseId, lines: [{ productId, quantity: 1, unitPrice: 10 }] },
  });
  const measureBurst = async () => {
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) => attempt(adjustment(products[i % products.length]!))),
    );
    const wall = performance.now() - started;
    const level = summarise(BURST, outcomes, 201, wall / 1000);
    const { refused, failed, p50, p99 } = level;
    return { requests: BURST, refused, failed, wallMs: round(wall), p50, p99 };
  };
  const spread = (writer: number, i: number) => products[(writer * 7 + i) % products.length]!;

  const cases: CaseResult[] = [];
  const add = (result: CaseResult | null) => {
    if (result) cases.push(result);
    return result;
  };
  const spreadCase = add(
    await runCase(
      `adjustments over ${products.length} products`,
      (w, i) => attempt(adjustment(spread(w, i))),
      201,
      log,
    ),
  );
  const hotCase = add(await runCase('adjustments of one product', () => attempt(adjustment(hot)), 201, log));
  add(await runCase('sales-order creates', (w, i) => attempt(order(spread(w, i))), 201, log));
  add(
    await runCase(
      'confirms on one product (after an untimed create)',
      async () => {
        const created = await attempt(order(hot));
        if (created.status !== 201 || !created.id) return created;
        return attempt({ method: 'POST', path: `/sales-orders/${created.id}/confirm`, key });
      },
      200,
      log,
    ),
  );
  add(
    await runCase(
      'PUT /products/{id} (no If-Match) of one product',
      (w, i) =>
        attempt({
          method: 'PUT',
          path: `/products/${hot}`,
          key,
          body: PUT_FIELDS[w % PUT_FIELDS.length]!(i),
        }),
      200,
      log,
    ),
  );

  const burst = CASES.length === 0 || CASES.includes('burst') ? await measureBurst() : null;
  if (burst) {
    log(
      `  burst of ${BURST} adjustment creates: refused ${burst.refused}, failed ${burst.failed}, ${burst.wallMs} ms, p50 ${burst.p50} ms, p99 ${burst.p99} ms`,
    );
  }

  const high = (c: CaseResult) => c.levels[c.levels.length - 1]!;
  return {
    seconds: SECONDS,
    cases,
    burst,
    figures: {
      burstRefused: burst?.refused ?? null,
      c50Refused: cases.reduce((n, c) => n + high(c).refused, 0),
      c50OverC10: Math.min(...cases.map((c) => c.highOverLow)),
      p99OverP50: Math.max(...cases.map((c) => c.p99OverP50)),
      hotRowThroughputRatio:
        hotCase && spreadCase
          ? round(high(hotCase).throughputPerSecond / Math.max(high(spreadCase).throughputPerSecond, 0.001))
          : null,
    },
  };
}
