/** Statistics and DynamoDB call recording shared by the bench scenarios. No store imports here. */
import { performance } from 'node:perf_hooks';

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean };
}

export const median = (samples: readonly number[]): number => summarise(samples).p50;

/** Runs fn `warmup` times unmeasured, then `iterations` times, returning each run's milliseconds. */
export async function timed(
  iterations: number,
  warmup: number,
  fn: (i: number) => Promise<unknown>,
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * One DynamoDB call seen by the recorder, named by its DynamoDB operation (GetItem, Query, ...). `size` is
 * items returned (Query), keys asked (BatchGetItem), transaction items (TransactWriteItems), else 1.
 */
export interface DbCall {
  command: string;
  start: number;
  end: number;
  capacity: number;
  size: number;
  scanned: number;
}

type Capacity = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
const unitsOf = (c: Capacity): number =>
  (Array.isArray(c) ? c : c ? [c] : []).reduce((s, x) => s + (x.CapacityUnits ?? 0), 0);

function sizeOf(command: string, input: Record<string, unknown>, output: Record<string, unknown>): number {
  if (command === 'Query' || command === 'Scan') return (output.Count as number | undefined) ?? 0;
  if (command === 'TransactWriteItems') return (input.TransactItems as unknown[] | undefined)?.length ?? 0;
  if (command === 'BatchGetItem') {
    const requests = Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>);
    return requests.reduce((s, r) => s + (r.Keys?.length ?? 0), 0);
  }
  return 1;
}

interface Stack {
  add: (
    mw: (
      next: (args: { input: object }) => Promise<{ output: object }>,
      context: { commandName?: string },
    ) => (args: { input: object }) => Promise<{ output: object }>,
    options: { step: 'initialize'; name: string },
  ) => void;
}

/**
 * Adds a middleware to the shared client that asks for ConsumedCapacity (bench only) and records every
 * call made while `record` runs. The bench sends one request at a time, so one buffer is enough.
 */
export function installRecorder(client: { middlewareStack: unknown }) {
  let buffer: DbCall[] | null = null;
  (client.middlewareStack as Stack).add(
    (next, context) => async (args) => {
      const command = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      const input = args.input as Record<string, unknown>;
      if (command !== 'ListTables' && command !== 'DescribeTable') input.ReturnConsumedCapacity = 'TOTAL';
      const start = performance.now();
      const calls = buffer;
      let output: Record<string, unknown> = {};
      try {
        const result = await next(args);
        output = result.output as Record<string, unknown>;
        return result;
      } finally {
        // Failed calls (a condition that did not hold) are round trips too.
        calls?.push({
          command,
          start,
          end: performance.now(),
          capacity: unitsOf(output.ConsumedCapacity as Capacity),
          size: sizeOf(command, input, output),
          scanned: (output.ScannedCount as number | undefined) ?? 0,
        });
      }
    },
    { step: 'initialize', name: 'benchRecorder' },
  );
  return {
    async record<T>(fn: () => Promise<T>): Promise<{ value: T; calls: DbCall[]; ms: number }> {
      const calls: DbCall[] = [];
      buffer = calls;
      const start = performance.now();
      try {
        const value = await fn();
        return { value, calls, ms: performance.now() - start };
      } finally {
        buffer = null;
      }
    },
  };
}
export type Recorder = ReturnType<typeof installRecorder>;

/** Milliseconds during which at least one DynamoDB call was in flight (parallel calls count once). */
export function dbWallTime(calls: readonly DbCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let total = 0;
  let end = -Infinity;
  for (const c of sorted) {
    if (c.end <= end) continue;
    total += c.end - Math.max(c.start, end);
    end = c.end;
  }
  return total;
}

/** e.g. "Query + Update x2", commands sorted so requests with the same calls share a signature. */
export function signature(calls: readonly DbCall[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.command, (counts.get(c.command) ?? 0) + 1);
  if (counts.size === 0) return '(none)';
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => (n > 1 ? `${name} x${n}` : name))
    .join(' + ');
}

/** The most frequent value (first seen wins ties). */
export function mode<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) if (n > bestCount) [best, bestCount] = [v, n];
  return best;
}

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** A plain text table: columns padded to their widest cell. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? String(round(c)) : c)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/** Sequential round trips: a call that starts after every earlier call has ended opens the next one. */
export function roundTrips(calls: readonly { start: number; end: number }[]): number {
  let trips = 0;
  let end = -Infinity;
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    if (call.start >= end) trips += 1;
    end = call.start >= end ? call.end : Math.max(end, call.end);
  }
  return trips;
}
