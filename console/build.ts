/**
 * Builds the console (console/app/) into console/dist/: one minified script and one stylesheet, each named
 * by its content's digest (`app-<digest>.js`, `app-<digest>.css`), and manifest.json naming them. The meta
 * Lambda serves the page naming those files and the files themselves, cached a year
 * (functions/areas/meta/console-page.ts): a new build is new names, so no browser keeps a stale copy.
 *
 * `npm run build` and `npm start` run it; the CDK hook (infra/api-reference.ts) builds into the meta
 * asset itself, so a deploy always carries the console of its own sources.
 *
 *   tsx console/build.ts [--out <dir>]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const CONSOLE_DIST = fileURLToPath(new URL('./dist/', import.meta.url));
const ENTRY = fileURLToPath(new URL('./app/main.tsx', import.meta.url));

/** What the page needs to name its files; the meta Lambda reads it (console-assets.ts). */
export interface ConsoleManifest {
  /** File names in the output folder, digest-keyed. */
  script: string;
  style: string;
}

const digest = (content: Uint8Array) => createHash('sha256').update(content).digest('base64url').slice(0, 16);

/** Builds into `outDir` (emptied first) and answers the manifest it wrote there. */
export async function buildConsole(outDir: string = CONSOLE_DIST): Promise<ConsoleManifest> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'esm',
    // Browsers of the last few years: what a warehouse tablet or a finance laptop runs.
    target: ['chrome109', 'firefox115', 'safari15.6', 'edge109'],
    jsx: 'automatic',
    // React's production build: no development checks, a fraction of the size.
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    outdir: 'out',
    entryNames: 'app',
    write: false,
    logLevel: 'warning',
  });
  const files = new Map(
    result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('.') + 1), file]),
  );
  const script = files.get('js');
  const style = files.get('css');
  if (!script || !style || files.size !== 2) {
    throw new Error(`The console build should give one script and one stylesheet, not ${[...files.keys()]}`);
  }
  const manifest: ConsoleManifest = {
    script: `app-${digest(script.contents)}.js`,
    style: `app-${digest(style.contents)}.css`,
  };
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(outDir)) rmSync(join(outDir, name), { recursive: true, force: true });
  writeFileSync(join(outDir, manifest.script), script.contents);
  writeFileSync(join(outDir, manifest.style), style.contents);
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const outDir = at === -1 ? CONSOLE_DIST : process.argv[at + 1];
  if (!outDir) throw new Error('--out needs a folder');
  const manifest = await buildConsole(outDir);
  console.log(`console built into ${outDir}: ${manifest.script}, ${manifest.style}`);
}
