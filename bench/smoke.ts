/**
 * BENCH_SMOKE=1: every section of the bench at tiny sizes with one measured request per case, so CI can
 * prove the bench still runs end to end (test/bench/smoke.test.ts). Its numbers mean nothing, and its
 * results go to the temp directory unless BENCH_OUT says otherwise, never over the committed files.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A count of warm-up or measured repetitions: `full` in a real run, one in a smoke run. */
export const reps = (full: number): number => (SMOKE ? 1 : full);
