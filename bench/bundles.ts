/** Lambda bundle sizes and cold import times, against a bundle holding only the DynamoDB client. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { median, round } from './measure.js';

const run = promisify(execFile);

const ROOT = join(import.meta.dirname, '..');
const BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";
const CLIENT_ONLY = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
`;

export interface BundleResult {
  name: string;
  kb: number;
  coldImportMs: number;
  /** coldImportMs / the client-only bundle's; the design target is <= 1.2. */
  ratio: number;
  /** The largest contributors to the bundle (packages, or project files), KB of minified output each. */
  largestInputs: string[];
  /** True when ajv's compiler is bundled (validators compiled at run time). */
  bundlesAjvCompiler: boolean;
}

const options = (outfile: string): BuildOptions => ({
  bundle: true,
  format: 'esm',
  minify: true,
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: BANNER },
  outfile,
  metafile: true,
  logLevel: 'silent',
});

function largestInputs(metafile: Metafile): string[] {
  const bySource = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
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

/** Milliseconds a fresh node process spends in `await import(file)`. */
async function coldImport(file: string): Promise<number> {
  const script = `const t = process.hrtime.bigint(); await import(${JSON.stringify(pathToFileURL(file).href)});
console.log(Number(process.hrtime.bigint() - t) / 1e6);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1' },
  });
  return Number(stdout.trim());
}

export async function measureBundles(groups: readonly string[], runs = 5): Promise<BundleResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'stockflow-bench-'));
  try {
    const bundles: { name: string; file: string; metafile: Metafile }[] = [];
    const clientFile = join(dir, 'client-only.mjs');
    const client = await build({
      ...options(clientFile),
      stdin: { contents: CLIENT_ONLY, resolveDir: ROOT, loader: 'js' },
    });
    bundles.push({ name: 'baseline: DynamoDB client only', file: clientFile, metafile: client.metafile! });
    for (const group of groups) {
      const file = join(dir, `${group}.mjs`);
      const result = await build({
        ...options(file),
        entryPoints: [join(ROOT, 'functions', 'entries', `${group}.ts`)],
      });
      bundles.push({ name: group, file, metafile: result.metafile! });
    }
    const samples = new Map(bundles.map((b) => [b.name, [] as number[]]));
    for (const b of bundles) await coldImport(b.file); // file system cache warm-up, not measured
    // Interleaved, so drift on the machine affects every bundle alike.
    for (let r = 0; r < runs; r += 1)
      for (const b of bundles) samples.get(b.name)!.push(await coldImport(b.file));
    const baseMs = median(samples.get(bundles[0]!.name)!);
    return bundles.map((b) => {
      const ms = median(samples.get(b.name)!);
      return {
        name: b.name,
        kb: round(statSync(b.file).size / 1024, 1),
        coldImportMs: round(ms, 1),
        ratio: round(ms / baseMs),
        largestInputs: largestInputs(b.metafile),
        bundlesAjvCompiler: Object.keys(b.metafile.inputs).some((p) =>
          p.includes('node_modules/ajv/dist/compile'),
        ),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
