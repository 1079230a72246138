/**
 * Lambda bundle sizes and cold import times, against a bundle holding only the DynamoDB client. Each entry
 * is built twice, as infra/stack.ts builds it for a stack without and with tracing
 * (infra/function-build.ts: code split into chunks, the define that leaves the tracer out), and imported
 * in fresh node processes with the environment a deployed function has. The client-only bundle is built
 * the same way (and once as a single file, the build before code splitting, for comparison).
 * With DynamoDB Local at hand, the same process then serves its group's first requests: the
 * first-invocation time a cold container adds after the import.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { median, round } from './measure.js';
import { ENTRY_FILE, functionBuildOptions, REQUIRE_BANNER } from '../infra/function-build.js';

const run = promisify(execFile);

const ROOT = join(import.meta.dirname, '..');
const CLIENT_ONLY = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
`;
/** The line a measuring process prints its figures on (a function's own log lines go to stdout too). */
const RESULT = 'BENCH_RESULT ';

/** A first request an API group's handler serves after its cold import (events from the local adapter). */
export interface FirstRequest {
  /** `GET /api/v1/...`: a read the group serves; a body endpoint is sent `{}` (400, its validator loaded). */
  route: string;
  event: unknown;
}

/** Where the measuring processes find DynamoDB Local and what they send; absent, no request is sent. */
export interface FirstInvocations {
  env: Record<string, string>;
  requests: ReadonlyMap<string, readonly FirstRequest[]>;
}

export interface FirstInvocation {
  route: string;
  status: number;
  /** Median ms of the handler's first call for this request, in the process that just imported it. */
  ms: number;
  msTracing: number;
}

export interface BundleResult {
  name: string;
  /**
   * What the cold import reads and parses: index.mjs and the chunks it imports statically, built as for a
   * stack without tracing (no Tracer, no X-Ray SDK) and as for one with it.
   */
  kb: number;
  kbTracing: number;
  /** Every chunk of the build without tracing, those loaded on first use included (source maps apart). */
  kbAll: number;
  /** Median wall-clock ms of the import, and the CPU ms (user + system) the process spent in it. */
  coldImportMs: number;
  coldImportMsTracing: number;
  cpuMs: number;
  cpuMsTracing: number;
  /**
   * cpuMs / the client-only bundle's; the design target is <= 1.2 (tracing off), <= 1.3 (on). CPU time,
   * because on a shared machine the wall clock mostly measures the wait for a core; the wall ratios beside.
   */
  ratio: number;
  ratioTracing: number;
  ratioWall: number;
  ratioWallTracing: number;
  /** The largest contributors to the bundle built without tracing (packages or project files), KB each. */
  largestInputs: string[];
  /** True when ajv's compiler is bundled (validators compiled at run time). */
  bundlesAjvCompiler: boolean;
  /** The group's first requests after the cold import, in order (API groups, with DynamoDB Local). */
  firstRequests: FirstInvocation[];
}

export interface ColdImport {
  baselineMs: number;
  baselineCpuMs: number;
  /** The client-only bundle as one file (the build before code splitting): CPU ms of its import. */
  baselineSingleFileCpuMs: number;
  /** The largest ratio over the API groups' bundles, tracing off and on (issue 29's names). */
  maxRatio: number;
  maxRatioTracing: number;
  maxRatioWall: number;
  maxRatioWallTracing: number;
  bundles: BundleResult[];
}

/** The client-only bundle as a single file, as every function was built before code splitting. */
const singleFile = (outfile: string): BuildOptions => ({
  bundle: true,
  format: 'esm',
  minify: true,
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: REQUIRE_BANNER },
  outfile,
  logLevel: 'silent',
});

/** As deployed (infra/function-build.ts), with a metafile to read what each output holds. */
const deployed = (entry: string, outdir: string, tracing: boolean): BuildOptions => ({
  ...functionBuildOptions(entry, outdir, { tracing }),
  metafile: true,
});

/** The outputs the entry imports statically, transitively: what a cold import reads and parses. */
function loadedAtImport(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => path.endsWith(`/${ENTRY_FILE}`));
  const seen = new Set<string>();
  const pending = entry ? [entry] : [];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const i of outputs[path]!.imports)
      if (i.kind === 'import-statement' && outputs[i.path]) pending.push(i.path);
  }
  return [...seen];
}

const kbOf = (metafile: Metafile, outputs: readonly string[]) =>
  round(outputs.reduce((sum, path) => sum + metafile.outputs[path]!.bytes, 0) / 1024, 1);

/** The largest inputs of what the import parses. */
function largestInputs(metafile: Metafile): string[] {
  const bySource = new Map<string, number>();
  for (const output of loadedAtImport(metafile).map((path) => metafile.outputs[path]!)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      // node_modules grouped per package; project files one by one.
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path;
      bySource.set(name, (bySource.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return [...bySource.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)}`);
}

/** The environment of a deployed function (infra/operability.ts), with tracing off or on. */
const deployedEnv = (name: string, tracing: boolean): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: `stockflow-${name}`,
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  LOG_LEVEL: 'INFO',
  POWERTOOLS_SERVICE_NAME: 'stockflow-api',
  POWERTOOLS_METRICS_NAMESPACE: 'Stockflow',
  POWERTOOLS_TRACE_ENABLED: String(tracing),
  // Lambda's nodejs22.x does not get the SDK's Node-version warning; on Node 20 the client-only bundle,
  // which builds its client at import, would pay it there (~0.5 ms) and ours at the first request.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // The trace header Lambda sets per invocation; the X-Ray daemon it names is absent (segments are lost).
  ...(tracing
    ? { _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' }
    : {}),
});

/**
 * Each API group's first requests: a GET without path ids (a list, or the OpenAPI document for meta) and,
 * where the group takes bodies, a POST of `{}` to its first body endpoint (a 400 after authentication,
 * the rate limit and the load of that endpoint's validator; nothing written).
 */
export async function firstRequestsOf(key: string): Promise<Map<string, FirstRequest[]>> {
  const { GROUPS } = await import('../functions/lambdas.js');
  const { endpointsOf } = await import('../functions/catalogue.js');
  const { API_PREFIX, routeKey } = await import('../functions/platform/catalogue/endpoint.js');
  const { pathParamNames } = await import('../domain/ids.js');
  const { buildEvent } = await import('../infra/local/http-adapter.js');
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return new Map(
    GROUPS.map((group) => {
      const plain = endpointsOf(group).filter((e) => pathParamNames(e.path).length === 0);
      const read =
        plain.find((e) => e.method === 'GET' && !e.public) ?? plain.find((e) => e.method === 'GET');
      const write = plain.find((e) => e.method === 'POST' && e.body);
      const requests = [read, write].flatMap((e) =>
        e
          ? [
              {
                route: routeKey(e),
                event: buildEvent(
                  {
                    method: e.method,
                    path: `${API_PREFIX}${e.path}`,
                    headers,
                    body: e.body ? Buffer.from('{}') : undefined,
                  },
                  e,
                  {},
                ),
              },
            ]
          : [],
      );
      return [group, requests];
    }),
  );
}

interface Sample {
  importMs: number;
  /** CPU time (user + system, all threads) the process spent in the import. */
  importCpuMs: number;
  requests: { status: number; ms: number }[];
}

/**
 * A fresh node process: milliseconds in `await import(file)`, then each request through the exported
 * handler (the function's own log lines go to stdout before the result line).
 */
async function coldStart(file: string, env: Record<string, string>, requests: readonly FirstRequest[]) {
  const script = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t = process.hrtime.bigint();
const c = cpu();
const mod = await import(${JSON.stringify(pathToFileURL(file).href)});
const importCpuMs = cpu() - c;
const importMs = Number(process.hrtime.bigint() - t) / 1e6;
const context = { awsRequestId: 'bench', functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
  functionVersion: '$LATEST', memoryLimitInMB: '512', getRemainingTimeInMillis: () => 10000 };
const requests = [];
for (const event of JSON.parse(process.env.BENCH_EVENTS ?? '[]')) {
  const s = process.hrtime.bigint();
  const reply = await mod.handler(event, context);
  requests.push({ status: reply.statusCode, ms: Number(process.hrtime.bigint() - s) / 1e6 });
}
console.log(${JSON.stringify(RESULT)} + JSON.stringify({ importMs, importCpuMs, requests }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...env, BENCH_EVENTS: JSON.stringify(requests.map((r) => r.event)) },
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT));
  if (!line) throw new Error(`no result from ${file}: ${stdout.slice(-500)}`);
  return JSON.parse(line.slice(RESULT.length)) as Sample;
}

interface Built {
  name: string;
  file: string;
  metafile: Metafile;
  tracing: boolean;
  env: Record<string, string>;
  requests: readonly FirstRequest[];
}

export async function measureBundles(
  groups: readonly string[],
  runs = 5,
  apiGroups: ReadonlySet<string> = new Set(),
  first?: FirstInvocations,
): Promise<ColdImport> {
  const dir = mkdtempSync(join(tmpdir(), 'stockflow-bench-'));
  try {
    // A file, not stdin (esbuild splits code only from entry points), outside the project: its packages
    // are resolved from the project's node_modules.
    const clientSource = join(dir, 'client-only.mjs');
    writeFileSync(clientSource, CLIENT_ONLY);
    const clientDir = join(dir, 'client-only');
    const fromProject = { nodePaths: [join(ROOT, 'node_modules')] };
    const client = await build({ ...deployed(clientSource, clientDir, false), ...fromProject });
    const baseline: Built = {
      name: 'baseline: DynamoDB client only',
      file: join(clientDir, ENTRY_FILE),
      metafile: client.metafile!,
      tracing: false,
      env: deployedEnv('baseline', false),
      requests: [],
    };
    const singleFileClient = join(dir, 'client-only-single-file.mjs');
    await build({ ...singleFile(singleFileClient), entryPoints: [clientSource], ...fromProject });
    const baselineSingleFile: Built = { ...baseline, name: 'client only, one file', file: singleFileClient };
    const bundles: Built[] = [baseline, baselineSingleFile];
    for (const group of groups) {
      for (const tracing of [false, true]) {
        const outdir = join(dir, `${group}${tracing ? '-tracing' : ''}`);
        const result = await build(
          deployed(join(ROOT, 'functions', 'entries', `${group}.ts`), outdir, tracing),
        );
        bundles.push({
          name: group,
          file: join(outdir, ENTRY_FILE),
          metafile: result.metafile!,
          tracing,
          env: { ...deployedEnv(group, tracing), ...first?.env },
          requests: first?.requests.get(group) ?? [],
        });
      }
    }
    const samples = new Map(bundles.map((b) => [b, [] as Sample[]]));
    for (const b of bundles) await coldStart(b.file, b.env, []); // file system cache warm-up, not measured
    // Interleaved, so drift on the machine affects every bundle alike.
    for (let r = 0; r < runs; r += 1)
      for (const b of bundles) samples.get(b)!.push(await coldStart(b.file, b.env, b.requests));
    const importMs = (b: Built) => median(samples.get(b)!.map((s) => s.importMs));
    const cpuMs = (b: Built) => median(samples.get(b)!.map((s) => s.importCpuMs));
    const baseMs = importMs(baseline);
    const baseCpuMs = cpuMs(baseline);
    const results = groups.map((group): BundleResult => {
      const [off, on] = [false, true].map((tracing) =>
        bundles.find((b) => b.name === group && b.tracing === tracing)!,
      );
      const firstMs = (b: Built, i: number) =>
        round(median(samples.get(b)!.map((s) => s.requests[i]!.ms)), 1);
      return {
        name: group,
        kb: kbOf(off!.metafile, loadedAtImport(off!.metafile)),
        kbTracing: kbOf(on!.metafile, loadedAtImport(on!.metafile)),
        kbAll: kbOf(
          off!.metafile,
          Object.keys(off!.metafile.outputs).filter((path) => path.endsWith('.mjs')),
        ),
        coldImportMs: round(importMs(off!), 1),
        coldImportMsTracing: round(importMs(on!), 1),
        cpuMs: round(cpuMs(off!), 1),
        cpuMsTracing: round(cpuMs(on!), 1),
        ratio: round(cpuMs(off!) / baseCpuMs),
        ratioTracing: round(cpuMs(on!) / baseCpuMs),
        ratioWall: round(importMs(off!) / baseMs),
        ratioWallTracing: round(importMs(on!) / baseMs),
        largestInputs: largestInputs(off!.metafile),
        bundlesAjvCompiler: Object.keys(off!.metafile.inputs).some((p) =>
          p.includes('node_modules/ajv/dist/compile'),
        ),
        firstRequests: off!.requests.map((request, i) => ({
          route: request.route,
          status: samples.get(off!)![0]!.requests[i]!.status,
          ms: firstMs(off!, i),
          msTracing: firstMs(on!, i),
        })),
      };
    });
    const api = results.filter((b) => apiGroups.has(b.name));
    return {
      baselineMs: round(baseMs, 1),
      baselineCpuMs: round(baseCpuMs, 1),
      baselineSingleFileCpuMs: round(cpuMs(baselineSingleFile), 1),
      maxRatio: Math.max(...api.map((b) => b.ratio)),
      maxRatioTracing: Math.max(...api.map((b) => b.ratioTracing)),
      maxRatioWall: Math.max(...api.map((b) => b.ratioWall)),
      maxRatioWallTracing: Math.max(...api.map((b) => b.ratioWallTracing)),
      bundles: results,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
