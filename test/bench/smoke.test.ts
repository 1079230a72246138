import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BENCH = join(ROOT, 'bench');
/** The committed results and the page quoting them: a smoke run must leave them alone. */
const committed = () =>
  Object.fromEntries(
    [
      ...readdirSync(BENCH)
        .filter((f) => f.startsWith('results') && f.endsWith('.json'))
        .map((f) => join(BENCH, f)),
      join(ROOT, 'docs', 'benchmarks.md'),
    ].map((f) => [f, createHash('sha256').update(readFileSync(f)).digest('hex')]),
  );

const temp = mkdtempSync(join(tmpdir(), 'bench-smoke-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function runBench(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    BENCH_SMOKE: '1',
    LOG_LEVEL: 'SILENT',
    // The default results path of a smoke run is in the temp directory: this one.
    TMPDIR: temp,
  };
  // The bench starts its own DynamoDB Local and sets these itself; no other knob of the caller applies.
  for (const name of ['DYNAMODB_ENDPOINT', 'TABLE_NAME']) delete env[name];
  for (const name of Object.keys(env))
    if (name.startsWith('BENCH_') && name !== 'BENCH_SMOKE') delete env[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run bench, smoke (BENCH_SMOKE=1)', () => {
  it('runs every section end to end and writes its results to the temp directory only', async () => {
    const before = committed();
    const result = await runBench();
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.code).toBe(0);
    for (const section of [
      '1. Baseline',
      '2. Endpoints',
      '2b. Steps over the API next to their CLI twins',
      '3. Products list',
      '3b. Sales-order list',
      '5. Peer',
      '3c. Stock reports',
      "3f. One product's serial numbers",
      '4. Bundles',
      '8. Load curve',
    ])
      expect(result.stdout).toContain(`\n${section}`);
    const out = join(temp, 'stockflow-bench-smoke-results.json');
    expect(result.stdout).toContain(`Wrote ${out}`);
    const results = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(results.iterations).toBe(2);
    for (const part of ['baseline', 'endpoints', 'lists', 'salesOrderLists', 'reports', 'bundles'])
      expect((results[part] as unknown[]).length, part).toBeGreaterThan(0);
    // Ours, the bare peer and the same-effects peer, first request and replay.
    expect((results.peer as { cases: unknown[] }).cases).toHaveLength(6);
    // Issue 29's names, so runs compare; the same-effects peer's beside them.
    const peer = results.peer as {
      firstCallsRatio: number;
      firstP50Ratio: number;
      sameEffects: { firstCallsRatio: number; firstP50Ratio: number };
      transactionItems: { rows: { items: number }[] };
      parallelCalls: { one: number; threeTogether: number; threeInARow: number };
    };
    for (const ratio of [
      peer.firstCallsRatio,
      peer.firstP50Ratio,
      peer.sameEffects.firstCallsRatio,
      peer.sameEffects.firstP50Ratio,
    ])
      expect(ratio).toBeGreaterThan(0);
    expect(peer.transactionItems.rows.map((r) => r.items)).toEqual([2, 5, 7]);
    for (const p50 of Object.values(peer.parallelCalls)) expect(p50).toBeGreaterThan(0);
    const coldImport = results.coldImport as { maxRatio: number; maxRatioTracing: number };
    for (const ratio of [coldImport.maxRatio, coldImport.maxRatioTracing]) expect(ratio).toBeGreaterThan(0);
    // Each API bundle served its first requests after the cold import, none with a 5xx.
    const firsts = (results.bundles as { firstRequests: { status: number }[] }[]).flatMap(
      (b) => b.firstRequests,
    );
    expect(firsts.length).toBeGreaterThan(0);
    for (const first of firsts) expect(first.status).toBeLessThan(500);
    // Every stock report answered (a crashed seed fails the run; these are the 8 cases of one size).
    expect((results.reports as { name: string }[]).map((r) => r.name)).toHaveLength(8);
    // The load curve: both sides answered every request of both mixes at each level.
    const load = results.load as { cases: { ours: { errors: number }; baseline: { errors: number } }[] };
    expect(load.cases).toHaveLength(6);
    for (const c of load.cases) expect([c.ours.errors, c.baseline.errors]).toEqual([0, 0]);
    // One product's serials: 6 reads in a marked organisation and 6 in an unmarked one; the marked one's
    // largest read is below the unmarked one's (its product's partition whole).
    const serialLists = results.serialLists as {
      cases: { path: string }[];
      afterMaxRows: number;
      beforeMaxRows: number;
    };
    expect(serialLists.cases.map((c) => c.path)).toEqual([
      ...Array(6).fill('after'),
      ...Array(6).fill('before'),
    ]);
    expect(serialLists.beforeMaxRows).toBeGreaterThanOrEqual(100);
    expect(serialLists.afterMaxRows).toBeLessThan(serialLists.beforeMaxRows);
    expect(committed()).toEqual(before);
  }, 600_000);
});
