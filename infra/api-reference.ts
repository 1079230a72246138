import { createRequire } from 'node:module';
import { relative, sep } from 'node:path';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CONSOLE_ASSET_DIR } from '../functions/areas/meta/console-assets.js';
import { RENDERER_FILE, RENDERER_PACKAGE_PATH } from '../functions/areas/meta/renderer-script.js';

/**
 * The meta Lambda serves the API reference page's renderer (Redoc's standalone bundle, 1.1 MB) from a file
 * beside its index.mjs rather than from inside it, so that other meta requests never parse it and the
 * other Lambdas never carry it (functions/areas/meta/renderer-script.ts reads it on first use). The file
 * is copied from the installed redoc package, a devDependency: it is there wherever synth runs. The console's
 * built files travel the same way, in console/ beside it (functions/areas/meta/console-assets.ts).
 */
export function copyRenderer(projectRoot: string): ICommandHooks {
  const source = relative(projectRoot, createRequire(import.meta.url).resolve(RENDERER_PACKAGE_PATH))
    .split(sep)
    .join('/');
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    // inputDir is the project root (/asset-input when bundling in Docker), outputDir the asset.
    afterBundling: (inputDir, outputDir) => [
      `cp "${inputDir}/${source}" "${outputDir}/${RENDERER_FILE}"`,
      // The console, built from this checkout's sources into the asset (docs/console.md): a deploy never
      // carries a stale console/dist.
      `"${inputDir}/node_modules/.bin/tsx" "${inputDir}/console/build.ts" --out "${outputDir}/${CONSOLE_ASSET_DIR}"`,
    ],
  };
}
