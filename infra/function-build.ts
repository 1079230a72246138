import { join } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Architecture, Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';

/** What Lambda runs: index.mjs's `handler`, beside the chunks it imports. */
export const ENTRY_FILE = 'index.mjs';
/** Chunks are named by content, so a new build never keeps a stale name (and a test can tell them apart). */
export const CHUNK_NAMES = 'chunks/[name]-[hash]';

/** `require` for bundled CommonJS code, created by its first call. */
export const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'module'; let __required; const require = (id) => (__required ??= __createRequire(import.meta.url))(id);";

/**
 * How every function's code is built (infra/stack.ts) and how the bench builds the same bundles
 * (bench/bundles.ts). ESM with code splitting: what the handler reaches only through `import()` (a
 * group's body validators, functions/generated/validators-<group>.js; the X-Ray tracer,
 * functions/platform/observability/tracer.ts; the KMS client and the webhook url policy; the SDK's
 * optional credential providers; since session 42 each area's operations, platform/http/operation-source.ts)
 * goes into chunk files beside index.mjs, so a cold import parses only the code it runs (issue 29 item 1).
 * The first request that needs a chunk reads it.
 */
export function functionBuildOptions(
  entry: string,
  outdir: string,
  { tracing }: { tracing: boolean },
): BuildOptions & { outdir: string } {
  return {
    entryPoints: { index: entry },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: CHUNK_NAMES,
    platform: 'node',
    target: 'node22',
    minify: true,
    // Maps beside the code, for the stack traces of `-c sourceMaps=true` (infra/operability.ts); without
    // the sources' text, which no stack trace needs (maps 4x smaller).
    sourcemap: true,
    sourcesContent: false,
    // Bundle the SDK: the pinned version is the one tested, not whatever the runtime ships.
    external: [],
    // Middy's core imports node:stream/web at load for response streaming we never use (infra/shims).
    alias: { 'node:stream/web': join(import.meta.dirname, 'shims', 'node-stream-web.ts') },
    mainFields: ['module', 'main'],
    // ESM output has no require(); bundled CommonJS dependencies still call it (in any chunk). Made on
    // first call: the banner heads every chunk and most never call it, and a createRequire per chunk
    // loaded cost ~0.06 ms each at import (15 chunks for sales; session 44).
    banner: { js: REQUIRE_BANNER },
    // Without tracing the build leaves out Powertools Tracer and the X-Ray SDK altogether:
    // functions/platform/observability/tracer.ts.
    define: { 'process.env.STOCKFLOW_TRACER_BUNDLED': JSON.stringify(String(tracing)) },
    // Errors only: esbuild's per-file size report would print through `cdk synth --quiet`.
    logLevel: 'error',
  };
}

/**
 * Bundles one function into the asset's output directory. Its fields are data on purpose: CDK keys its
 * in-process asset cache on the JSON of the bundling options, so they must tell two functions apart.
 */
class FunctionBundling implements ILocalBundling {
  constructor(
    readonly entry: string,
    readonly tracing: boolean,
    private readonly extra?: (outputDir: string) => void,
  ) {}

  tryBundle(outputDir: string): boolean {
    buildSync(functionBuildOptions(this.entry, outputDir, { tracing: this.tracing }));
    this.extra?.(outputDir);
    return true;
  }
}

/**
 * A function's code asset, bundled here with esbuild (a devDependency, so present wherever synth runs).
 * NodejsFunction cannot split code (it hands esbuild an outfile), hence our own bundling step; the asset
 * is hashed by its output as NodejsFunction's is. `extra` adds files beside the bundle (the meta
 * function's renderer and console, infra/api-reference.ts).
 */
export function functionCode(
  entry: string,
  { tracing = true, extra }: { tracing?: boolean; extra?: (outputDir: string) => void } = {},
) {
  return {
    code: Code.fromAsset(join(import.meta.dirname, '..'), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never pulled: local bundling succeeds or throws.
        image: DockerImage.fromRegistry('dummy'),
        local: new FunctionBundling(entry, tracing, extra),
      },
    }),
    handler: `${ENTRY_FILE.replace(/\.mjs$/, '')}.handler`,
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
  };
}
