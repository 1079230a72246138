import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The console's built files (console/build.ts): manifest.json and the digest-keyed script and stylesheet
 * it names. In the Lambda they lie in `console/` beside the bundle (the CDK hook builds them there,
 * infra/api-reference.ts); run from source (npm start, tests) they are console/dist, which `npm run build`
 * and `npm start` write.
 */
export const CONSOLE_ASSET_DIR = 'console';

export interface ConsoleAssets {
  /** Served names (the file name without its extension, which path ids cannot hold) to their text. */
  scripts: ReadonlyMap<string, string>;
  styles: ReadonlyMap<string, string>;
  /** What the page names. */
  script: string;
  style: string;
}

interface Manifest {
  script: string;
  style: string;
}

function assetDir(): string | undefined {
  const beside = fileURLToPath(new URL(`${CONSOLE_ASSET_DIR}/`, import.meta.url));
  if (existsSync(`${beside}manifest.json`)) return beside;
  const built = fileURLToPath(new URL('../../../console/dist/', import.meta.url));
  return existsSync(`${built}manifest.json`) ? built : undefined;
}

const servedName = (file: string) => file.replace(/\.(js|css)$/, '');

async function load(): Promise<ConsoleAssets | null> {
  const dir = assetDir();
  if (!dir) return null;
  const manifest = JSON.parse(await readFile(`${dir}manifest.json`, 'utf8')) as Manifest;
  const [script, style] = await Promise.all([
    readFile(`${dir}${manifest.script}`, 'utf8'),
    readFile(`${dir}${manifest.style}`, 'utf8'),
  ]);
  return {
    scripts: new Map([[servedName(manifest.script), script]]),
    styles: new Map([[servedName(manifest.style), style]]),
    script: servedName(manifest.script),
    style: servedName(manifest.style),
  };
}

let loaded: Promise<ConsoleAssets | null> | undefined;

/**
 * Read once per container, on the first console request. Null when the console is not built (a source
 * checkout before `npm run build`): the page then says how to build it. Run from source the files are read
 * again on every request, so a rebuild shows without a restart.
 */
export function consoleAssets(): Promise<ConsoleAssets | null> {
  const fromSource = !existsSync(
    fileURLToPath(new URL(`${CONSOLE_ASSET_DIR}/manifest.json`, import.meta.url)),
  );
  if (fromSource) return load();
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
