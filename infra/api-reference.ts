import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CONSOLE_ASSET_DIR } from '../functions/areas/meta/console-assets.js';
import { RENDERER_FILE, RENDERER_PACKAGE_PATH } from '../functions/areas/meta/renderer-script.js';

/**
 * The meta Lambda serves the API reference page's renderer (Redoc's standalone bundle, 1.1 MB) from a file
 * beside its index.mjs rather than from inside it, so that other meta requests never parse it and the
 * other Lambdas never carry it (functions/areas/meta/renderer-script.ts reads it on first use). The file
 * is copied from the installed redoc package, a devDependency: it is there wherever synth runs. The console's
 * built files travel the same way, in console/ beside it (functions/areas/meta/console-assets.ts).
 * Runs after the meta function's bundling, into its asset (infra/function-build.ts).
 */
export function addApiReference(projectRoot: string): (outputDir: string) => void {
  return (outputDir) => {
    copyFileSync(
      createRequire(import.meta.url).resolve(RENDERER_PACKAGE_PATH),
      join(outputDir, RENDERER_FILE),
    );
    // The console, built from this checkout's sources into the asset (docs/console.md): a deploy never
    // carries a stale console/dist.
    execFileSync(
      join(projectRoot, 'node_modules', '.bin', 'tsx'),
      [join(projectRoot, 'console', 'build.ts'), '--out', join(outputDir, CONSOLE_ASSET_DIR)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  };
}
