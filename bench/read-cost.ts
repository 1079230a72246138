/**
 * What a list request read, from the recorder's calls: the measure the projection-ceiling parts
 * (bench/ceiling.ts, bench/ceiling-lists.ts) report for each case, written once so their rows compare.
 */
import { summarise, type DbCall, type Recorder } from './measure.js';

const READS: Record<string, (c: DbCall) => number> = {
  Query: (c) => c.scanned,
  GetItem: (c) => c.size,
  BatchGetItem: (c) => c.size,
};
const READ_COMMANDS = new Set(Object.keys(READS));

/**
 * Items read (a Query's ScannedCount, the keys a GetItem or BatchGetItem asked), their RCU, and the bytes
 * that RCU stands for (an eventually consistent Query unit is 8 KB, a keyed read's up to 4 KB), in MB.
 */
export function readCostOf(calls: readonly DbCall[]) {
  const reads = calls.filter((c) => READ_COMMANDS.has(c.command));
  const queryRcu = reads.filter((c) => c.command === 'Query').reduce((s, c) => s + c.capacity, 0);
  const otherRcu = reads.filter((c) => c.command !== 'Query').reduce((s, c) => s + c.capacity, 0);
  return {
    rows: reads.reduce((s, c) => s + READS[c.command]!(c), 0),
    rcu: queryRcu + otherRcu,
    mb: (queryRcu * 8 + otherRcu * 4) / 1024,
    calls: calls.length,
  };
}

/** The mean read cost of measured runs of one request, and their p50 time, rounded as the results keep them. */
export function meanReadCost(runs: readonly { calls: readonly DbCall[]; ms: number }[]) {
  const costs = runs.map((r) => readCostOf(r.calls));
  const mean = (f: (c: ReturnType<typeof readCostOf>) => number) =>
    costs.reduce((s, c) => s + f(c), 0) / costs.length;
  return {
    rows: Math.round(mean((c) => c.rows)),
    rcu: Number(mean((c) => c.rcu).toFixed(1)),
    mb: Number(mean((c) => c.mb).toFixed(3)),
    ms: Number(summarise(runs.map((r) => r.ms)).p50.toFixed(1)),
    calls: Math.round(mean((c) => c.calls)),
  };
}

/**
 * The read cost of one request as the list parts report it: `before` then the request, four times, the
 * first a warm-up not kept, the other three through meanReadCost.
 */
export async function measuredReadCost(
  recorder: Recorder,
  request: () => Promise<unknown>,
  before?: () => unknown,
): Promise<ReturnType<typeof meanReadCost>> {
  const runs = [];
  for (let i = 0; i < 4; i += 1) {
    await before?.();
    const run = await recorder.record(request);
    if (i > 0) runs.push(run);
  }
  return meanReadCost(runs);
}
