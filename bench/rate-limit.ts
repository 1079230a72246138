/**
 * The rate limiter's costs (issue 29, items 3 and 7): what a refused request and a 401 cost in DynamoDB
 * calls, counter writes per admitted request in steady traffic, and what a burst across containers admits.
 * Containers are simulated by separate RateLimiter instances against the one table, each with its own
 * leases, driven on a simulated clock inside one window.
 */
import { createOrganisation } from '../functions/areas/organisations/back-office/organisations.js';
import { createApiKey } from '../functions/areas/organisations/back-office/api-keys.js';
import { setOrganisationLimits } from '../functions/platform/access/rate-limits.js';
import { RateLimiter, type RateLimited } from '../functions/platform/access/rate-limiter.js';
import { db } from '../functions/platform/dynamo/client.js';
import { windowOf, type Limits } from '../domain/limits/rate-limits.js';
import { dispatch } from '../infra/local/http-adapter.js';
import { round } from './measure.js';
import { SMOKE } from './smoke.js';

/**
 * Who a DynamoDB call serves: the limiter (its counter writes; its reads of the organisation's limits or of a
 * counter), authentication, or data.
 */
export type CallKind = 'counterWrite' | 'limiterRead' | 'auth' | 'data';

export interface CallCounts {
  counterWrite: number;
  limiterRead: number;
  auth: number;
  data: number;
}

function kindOf(commandName: string, input: Record<string, unknown>): CallKind {
  const key = input.Key as { PK?: unknown } | undefined;
  const pk = typeof key?.PK === 'string' ? key.PK : '';
  // The name is the document client's (UpdateCommand) or the base client's (UpdateItemCommand).
  const update = commandName.startsWith('Update');
  if (pk.includes('#RATE#')) return update ? 'counterWrite' : 'limiterRead';
  if (pk.startsWith('APIKEY#') || pk.startsWith('AUTHFAIL#')) return 'auth';
  if (commandName.startsWith('Get') && input.ProjectionExpression === 'rateLimitPerKey, rateLimitPerOrg')
    return 'limiterRead';
  return 'data';
}

const counters: CallCounts[] = [];
let installed = false;

/**
 * Counts the shared client's calls by kind while the returned counts are live (installed once: the client
 * outlives a test file's hooks). Calls of anything else in the process count too: measure one thing at a
 * time.
 */
export function countCalls(): { counts: CallCounts; reset: () => void; stop: () => void } {
  if (!installed) {
    installed = true;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const kind = kindOf(context.commandName ?? '', args.input as Record<string, unknown>);
        for (const c of counters) c[kind] += 1;
        return next(args);
      },
      { step: 'initialize', name: 'rateLimitCallCounter' },
    );
  }
  const counts: CallCounts = { counterWrite: 0, limiterRead: 0, auth: 0, data: 0 };
  counters.push(counts);
  return {
    counts,
    reset: () => Object.assign(counts, { counterWrite: 0, limiterRead: 0, auth: 0, data: 0 }),
    stop: () => {
      counters.splice(counters.indexOf(counts), 1);
    },
  };
}

export const totalCalls = (c: CallCounts): number => c.counterWrite + c.limiterRead + c.auth + c.data;

/** One request's rate-limit decision in a simulated container. */
export async function admits(limiter: RateLimiter, who: RateLimited, now: Date): Promise<boolean> {
  const check = limiter.check(who, now);
  const decision = 'decision' in check ? check.decision : await check.pending;
  return decision.admitted;
}

/** An organisation with the given limits (no key needed by the limiter: a key id is only a name). */
export async function limitedOrganisation(name: string, limits: Limits): Promise<string> {
  const org = await createOrganisation({ name });
  await setOrganisationLimits(org.id, limits);
  return org.id;
}

/** A second into the next window: the simulated clocks start there, so no run straddles two windows. */
export const nextWindowStart = (): number => (windowOf(new Date()).reset + 1) * 1000;

export interface BurstResult {
  limit: number;
  admitted: number;
  ratio: number;
}

/**
 * `containers` fresh limiters each receive `perContainer` concurrent requests at the same instant, spread
 * over `keys` keys of one organisation.
 */
export async function burst(options: {
  limits: Limits;
  containers: number;
  perContainer: number;
  keys: number;
  /** Which limit the ratio is taken against. */
  of: 'perKey' | 'perOrg';
}): Promise<BurstResult> {
  const orgId = await limitedOrganisation(`Burst ${options.of}`, options.limits);
  const now = new Date(nextWindowStart());
  const limiters = Array.from({ length: options.containers }, () => new RateLimiter());
  const results = await Promise.all(
    limiters.flatMap((limiter) =>
      Array.from({ length: options.perContainer }, (_, i) =>
        admits(limiter, { orgId, keyId: `key-${i % options.keys}` }, now),
      ),
    ),
  );
  const admitted = results.filter(Boolean).length;
  const limit = options.limits[options.of];
  return { limit, admitted, ratio: admitted / limit };
}

export interface SteadyResult {
  requests: number;
  admitted: number;
  counterWrites: number;
  writesPerAdmitted: number;
}

/**
 * One window of steady traffic: `keys` keys each sending `share` of their limit evenly over the minute,
 * each request served by the next of `containers` containers in turn (as Lambda spreads them).
 */
export async function steady(options: {
  limits: Limits;
  containers: number;
  keys: number;
  share: number;
}): Promise<SteadyResult> {
  const orgId = await limitedOrganisation('Steady traffic', options.limits);
  const limiters = Array.from({ length: options.containers }, () => new RateLimiter());
  const requests = Math.floor(options.limits.perKey * options.share) * options.keys;
  const start = nextWindowStart();
  const spacing = 58_000 / requests;
  const { counts, stop } = countCalls();
  let admitted = 0;
  try {
    for (let i = 0; i < requests; i += 1) {
      const who = { orgId, keyId: `key-${i % options.keys}` };
      if (await admits(limiters[i % options.containers]!, who, new Date(start + i * spacing))) admitted += 1;
    }
  } finally {
    stop();
  }
  return {
    requests,
    admitted,
    counterWrites: counts.counterWrite,
    writesPerAdmitted: counts.counterWrite / Math.max(1, admitted),
  };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
}

async function get(path: string, key: string | undefined, sourceIp: string): Promise<Answer> {
  const result = await dispatch({
    method: 'GET',
    path: `/api/v1${path}`,
    query: new URLSearchParams(),
    headers: key ? { authorization: `Bearer ${key}` } : {},
    body: undefined,
    sourceIp,
  });
  return { status: result.statusCode, headers: result.headers };
}

export interface RefusalResult {
  /** Requests refused after the first refusal of the window. */
  refused: number;
  dataReadsPerRefused: number;
  callsPerRefused: number;
  /** The first refusal of the window, whose container had already seen the counter full. */
  firstRefusedCalls: number;
  callsPer401: number;
  callsPerAdmitted: number;
}

/**
 * Through the whole pipeline (this process is one container): a key with a limit of `limit` reads
 * GET /products until refused, then `refusals` more; and `refusals` requests with an unknown key (401).
 */
export async function refusals(limit: number, count: number): Promise<RefusalResult> {
  const orgId = await limitedOrganisation('Refusals', { perKey: limit, perOrg: 100_000 });
  const { key } = await createApiKey({ orgId, scopes: ['read'], permissions: 'all' });
  // Stay inside one window: the counts below assume the limit is not renewed halfway.
  const left = windowOf(new Date()).reset * 1000 - Date.now();
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  const { counts, reset, stop } = countCalls();
  try {
    let admittedCalls = 0;
    for (let i = 0; i < limit; i += 1) {
      reset();
      const answer = await get('/products', key, '127.0.0.1');
      if (answer.status !== 200) throw new Error(`admitted request ${i} answered ${answer.status}`);
      admittedCalls += totalCalls(counts);
    }
    reset();
    const first = await get('/products', key, '127.0.0.1');
    if (first.status !== 429) throw new Error(`request ${limit + 1} answered ${first.status}`);
    const firstRefusedCalls = totalCalls(counts);
    reset();
    for (let i = 0; i < count; i += 1) {
      const answer = await get('/products', key, '127.0.0.1');
      if (answer.status !== 429) throw new Error(`refused request answered ${answer.status}`);
    }
    const refusedCounts = { ...counts };
    reset();
    for (let i = 0; i < count; i += 1) {
      const answer = await get('/products', `sfk_live_${'b'.repeat(48)}`, `198.51.100.${i % 250}`);
      if (answer.status !== 401) throw new Error(`unknown key answered ${answer.status}`);
    }
    return {
      refused: count,
      dataReadsPerRefused: refusedCounts.data / count,
      callsPerRefused: totalCalls(refusedCounts) / count,
      firstRefusedCalls,
      callsPer401: totalCalls(counts) / count,
      callsPerAdmitted: admittedCalls / limit,
    };
  } finally {
    stop();
  }
}

export interface RateLimitBench {
  refusals: RefusalResult;
  rateLimit: {
    writesPerAdmitted: number;
    burstAdmitRatio: number;
    steady: SteadyResult;
    /** Every key at its full limit across the containers: what the leases left unspent cost. */
    fullDemand: SteadyResult & { admitRatio: number };
    burstPerKey: BurstResult;
    burstPerOrg: BurstResult;
  };
}

/** The bench part `ratelimit` (BENCH_ONLY=ratelimit). */
export async function measureRateLimit(log: (line?: string) => void): Promise<RateLimitBench> {
  const spec = { perKey: 120, perOrg: 600 };
  // A smoke run (bench/smoke.ts) only checks the part runs: a few refusals.
  const refused = SMOKE ? await refusals(4, 3) : await refusals(20, 50);
  const steadyTraffic = await steady({ limits: spec, containers: 4, keys: 3, share: 0.75 });
  const full = await steady({ limits: { perKey: 120, perOrg: 10_000 }, containers: 4, keys: 3, share: 1 });
  const burstPerKey = await burst({ limits: spec, containers: 4, perContainer: 60, keys: 1, of: 'perKey' });
  const burstPerOrg = await burst({
    limits: { perKey: 10_000, perOrg: 600 },
    containers: 4,
    perContainer: 300,
    keys: 6,
    of: 'perOrg',
  });
  const result: RateLimitBench = {
    refusals: {
      ...refused,
      dataReadsPerRefused: round(refused.dataReadsPerRefused, 3),
      callsPerRefused: round(refused.callsPerRefused, 3),
      callsPer401: round(refused.callsPer401, 3),
      callsPerAdmitted: round(refused.callsPerAdmitted, 3),
    },
    rateLimit: {
      writesPerAdmitted: round(steadyTraffic.writesPerAdmitted, 3),
      burstAdmitRatio: round(Math.max(burstPerKey.ratio, burstPerOrg.ratio), 3),
      steady: { ...steadyTraffic, writesPerAdmitted: round(steadyTraffic.writesPerAdmitted, 3) },
      fullDemand: {
        ...full,
        writesPerAdmitted: round(full.writesPerAdmitted, 3),
        admitRatio: round(full.admitted / full.requests, 3),
      },
      burstPerKey: { ...burstPerKey, ratio: round(burstPerKey.ratio, 3) },
      burstPerOrg: { ...burstPerOrg, ratio: round(burstPerOrg.ratio, 3) },
    },
  };
  const r = result.refusals;
  const l = result.rateLimit;
  log(`refusals (limit ${SMOKE ? 4 : 20} a key, GET /products, one container):`);
  log(`  calls per admitted request ${r.callsPerAdmitted} (counter writes included)`);
  log(`  first refusal of the window: ${r.firstRefusedCalls} calls`);
  log(`  next ${r.refused} refusals: ${r.callsPerRefused} calls, ${r.dataReadsPerRefused} data reads each`);
  log(`  per 401 (unknown key): ${r.callsPer401} calls`);
  log(
    `steady (4 containers, 3 keys at 75% of 120/min, org 600): ${l.steady.admitted}/${l.steady.requests} admitted, ` +
      `${l.steady.counterWrites} counter writes, ${l.writesPerAdmitted} per admitted request`,
  );
  log(
    `full demand (4 containers, 3 keys at 100% of 120/min): ${l.fullDemand.admitted}/${l.fullDemand.requests} ` +
      `admitted (${l.fullDemand.admitRatio}), ${l.fullDemand.writesPerAdmitted} writes per admitted`,
  );
  log(
    `burst (4 containers at once): per key ${l.burstPerKey.admitted}/${l.burstPerKey.limit} ` +
      `(${l.burstPerKey.ratio}x), per organisation ${l.burstPerOrg.admitted}/${l.burstPerOrg.limit} ` +
      `(${l.burstPerOrg.ratio}x)`,
  );
  return result;
}
