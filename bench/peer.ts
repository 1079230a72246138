/**
 * Peer benchmark (issue 29 item 4): the same idempotent create (POST /stock-adjustments, one line) through
 * our pipeline (Idempotency-Key header; the record commits in the adjustment's own transaction) and through
 * the peer, the endpoint as a team would write it with Powertools' `makeIdempotent` and its DynamoDB
 * persistence layer around a conventional read-then-write handler (bench/peer-handler.ts), on the same
 * DynamoDB Local, interleaved. The peer runs twice: bare (its transaction writes the adjustment and the
 * stock row only; issue 29's `peer.firstP50Ratio` is against it) and with the same effects as ours (the
 * ledger entry, the event's outbox item and the audit entry the spec makes visible; `peer.sameEffects`).
 * Each request is measured once as a first request and once as a replay of the same key; DynamoDB calls
 * and consumed capacity of every side are recorded. Then the transaction's item cost on DynamoDB Local
 * (bench/transaction-items.ts) and what a round trip saved is worth there (bench/parallel-calls.ts).
 */
import { createId } from '@paralleldrive/cuid2';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { clientConfig } from '../functions/platform/dynamo/client.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { dispatch } from '../infra/local/http-adapter.js';
import {
  dbWallTime,
  installRecorder,
  median,
  roundTrips,
  summarise,
  type DbCall,
  type Recorder,
  type Summary,
} from './measure.js';
import { createPeerIdempotencyTable, peerEvent, peerHandler } from './peer-handler.js';
import { measureTransactionItems, type TransactionItemsResult } from './transaction-items.js';
import { measureParallelCalls, type ParallelCallsResult } from './parallel-calls.js';
import type { BenchTenant } from './seed.js';
import { reps } from './smoke.js';

/** Unmeasured rounds before the measured ones. */
const WARMUPS = reps(5);

export interface PeerCase {
  name: string;
  latency: Summary;
  callsPerRequest: number;
  capacityPerRequest: number;
  /** The DynamoDB operations of one request, e.g. "GetItem x3 + UpdateItem + TransactWriteItems". */
  calls: string;
  /**
   * Round trips on the request's critical path (calls in flight together count once), the typical
   * value: what its latency is made of on any DynamoDB, whatever each call costs on DynamoDB Local.
   */
  roundTrips: number;
  /**
   * Where the p50 goes: each round trip of the typical request (its calls, median milliseconds from its
   * first call's start to its last call's end) and the median time with no DynamoDB call in flight.
   */
  profile: { trips: { calls: string; p50: number }[]; outsideP50: number };
}

type Reply = { statusCode: number; body: string };

/** Ours over one peer's: DynamoDB calls per request and p50, first request and replay. */
export interface PeerRatios {
  firstCallsRatio: number;
  firstP50Ratio: number;
  replayCallsRatio: number;
  replayP50Ratio: number;
}

/**
 * The ratios at the top level are against the bare peer (issue 29's `peer.firstCallsRatio`, target <= 0.6,
 * and `peer.firstP50Ratio`, target <= 0.8); `sameEffects` against the peer writing what ours writes.
 */
export interface PeerResult extends PeerRatios {
  cases: PeerCase[];
  sameEffects: PeerRatios;
  transactionItems: TransactionItemsResult;
  parallelCalls: ParallelCallsResult;
}

/** The sides, in the order of the cases (first requests, then replays). */
export const PEER_SIDES = ['ours', 'peer (Powertools)', 'peer (Powertools), same effects'] as const;

/** "GetItem x3 + TransactWriteItems": a request's calls in the order first made. */
const signature = (commands: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const c of commands) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => (n > 1 ? `${c} x${n}` : c)).join(' + ');
};

/** A request's calls grouped into its sequential round trips (calls in flight together share one). */
function tripsOf(calls: readonly DbCall[]): DbCall[][] {
  const trips: DbCall[][] = [];
  let end = -Infinity;
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    if (call.start >= end) trips.push([]);
    trips[trips.length - 1]!.push(call);
    end = call.start >= end ? call.end : Math.max(end, call.end);
  }
  return trips;
}

/** The median of each round trip over the requests whose trips have the typical shape, and the time outside. */
function profileOf(samples: readonly { ms: number; onPath: DbCall[] }[]): PeerCase['profile'] {
  const shapeOf = (trips: DbCall[][]) => trips.map((t) => signature(t.map((c) => c.command))).join(' | ');
  const shaped = samples.map((s) => ({ ...s, trips: tripsOf(s.onPath) }));
  const typical = mostFrequent(shaped.map((s) => shapeOf(s.trips)));
  const same = shaped.filter((s) => shapeOf(s.trips) === typical);
  return {
    trips: typical.split(' | ').map((calls, i) => ({
      calls,
      p50: median(
        same.map((s) => {
          const trip = s.trips[i]!;
          return Math.max(...trip.map((c) => c.end)) - Math.min(...trip.map((c) => c.start));
        }),
      ),
    })),
    outsideP50: median(samples.map((s) => s.ms - dbWallTime(s.onPath))),
  };
}

const mostFrequent = (values: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
};

export async function measurePeer(
  tenant: BenchTenant,
  recorder: Recorder,
  iterations: number,
): Promise<PeerResult> {
  const warehouse = await createWarehouse({ orgId: tenant.orgId, code: 'PEER-WH', name: 'Peer warehouse' });
  const body = (i: number) => ({
    reason: 'FOUND',
    lines: [
      {
        productId: tenant.productIds[i % tenant.productIds.length]!,
        warehouseId: warehouse.id,
        quantityChange: 1,
      },
    ],
  });
  const post = (payload: unknown, idempotencyKey?: string): Promise<Reply> =>
    dispatch({
      method: 'POST',
      path: '/api/v1/stock-adjustments',
      query: new URLSearchParams(),
      headers: {
        authorization: `Bearer ${tenant.key}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: Buffer.from(JSON.stringify(payload)),
      sourceIp: '127.0.0.1',
    });

  const client = new DynamoDBClient(clientConfig());
  await createPeerIdempotencyTable(client);
  const peerRecorder = installRecorder(client);
  const ours = (i: number, key: string) => post(body(i), key);
  // The same API Gateway event ours gets, the organisation and acting key passed on as an authoriser would.
  const peerOf =
    (handler: ReturnType<typeof peerHandler>) =>
    (i: number, key: string): Promise<Reply> =>
      handler(peerEvent(tenant, key, body(i)));
  const sides: Record<(typeof PEER_SIDES)[number], (i: number, key: string) => Promise<Reply>> = {
    ours,
    'peer (Powertools)': peerOf(peerHandler(tableName(), client)),
    'peer (Powertools), same effects': peerOf(peerHandler(tableName(), client, { effects: true })),
  };

  type Sample = { ms: number; calls: DbCall[]; onPath: DbCall[]; capacity: number; roundTrips: number };
  const samples = new Map<string, Sample[]>();
  const once = async (
    name: string,
    fn: (i: number, key: string) => Promise<Reply>,
    i: number,
    replay: boolean,
  ) => {
    const key = createId();
    if (replay) await fn(i, key);
    const measured = await recorder.record(() => peerRecorder.record(() => fn(i, key)));
    const answered = performance.now();
    const inner = measured.value;
    if (inner.value.statusCode !== 201) throw new Error(`${name} answered ${inner.value.statusCode}`);
    if (i < WARMUPS) return;
    // Ours answers a replay when its claim lands, before the reads sent beside it end: they are counted
    // (calls, capacity) once they end, but are not on the answer's path (round trips, profile).
    if (replay) await new Promise((resolve) => setTimeout(resolve, 50));
    const calls = [...measured.calls, ...inner.calls].sort((a, b) => a.start - b.start);
    const onPath = calls.filter((c) => c.end <= answered);
    const list = samples.get(name) ?? [];
    list.push({
      ms: measured.ms,
      calls,
      onPath,
      capacity: calls.reduce((s, c) => s + c.capacity, 0),
      roundTrips: roundTrips(onPath),
    });
    samples.set(name, list);
  };
  const caseName = (side: string, replay: boolean) => `${side}, ${replay ? 'replay' : 'first request'}`;
  // Interleaved, rotating which goes first, so all three see the same machine noise.
  for (let i = 0; i < iterations + WARMUPS; i += 1) {
    for (const replay of [false, true]) {
      const shift = i % PEER_SIDES.length;
      const order = [...PEER_SIDES.slice(shift), ...PEER_SIDES.slice(0, shift)];
      for (const side of order) await once(caseName(side, replay), sides[side], i, replay);
    }
  }
  const cases: PeerCase[] = [false, true]
    .flatMap((replay) => PEER_SIDES.map((side) => caseName(side, replay)))
    .map((name) => {
      const list = samples.get(name)!;
      return {
        name,
        latency: summarise(list.map((s) => s.ms)),
        callsPerRequest: list.reduce((s, x) => s + x.calls.length, 0) / list.length,
        capacityPerRequest: list.reduce((s, x) => s + x.capacity, 0) / list.length,
        // The most frequent signature (a cold cache of the pipeline adds a call now and then).
        calls: mostFrequent(list.map((x) => signature(x.calls.map((c) => c.command)))),
        roundTrips: Number(mostFrequent(list.map((x) => String(x.roundTrips)))),
        profile: profileOf(list),
      };
    });
  client.destroy();
  const p50 = (a: PeerCase, b: PeerCase) => a.latency.p50 / b.latency.p50;
  const calls = (a: PeerCase, b: PeerCase) => a.callsPerRequest / b.callsPerRequest;
  const [oursFirst, bareFirst, sameFirst, oursReplay, bareReplay, sameReplay] = cases as [
    PeerCase,
    PeerCase,
    PeerCase,
    PeerCase,
    PeerCase,
    PeerCase,
  ];
  const ratios = (first: PeerCase, replay: PeerCase): PeerRatios => ({
    firstCallsRatio: calls(oursFirst, first),
    firstP50Ratio: p50(oursFirst, first),
    replayCallsRatio: calls(oursReplay, replay),
    replayP50Ratio: p50(oursReplay, replay),
  });
  // Items of our shapes under a tenant id of their own, beside the bench organisation's.
  const transactionItems = await measureTransactionItems(`${tenant.orgId}-items`, warehouse.id);
  return {
    cases,
    ...ratios(bareFirst, bareReplay),
    sameEffects: ratios(sameFirst, sameReplay),
    transactionItems,
    parallelCalls: await measureParallelCalls(tenant.orgId, tenant.productIds),
  };
}
