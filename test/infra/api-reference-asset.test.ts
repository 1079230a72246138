import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDERER_PACKAGE_PATH, servedRenderer } from '../../functions/areas/meta/renderer-script.js';
import { groupEntry, lambdaCode } from '../../infra/stack.js';
import { buildConsole } from '../../console/build.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const packaged = readFileSync(createRequire(import.meta.url).resolve(RENDERER_PACKAGE_PATH), 'utf8');

// Outside the project, so the bundle cannot fall back on node_modules: it must use the file beside it.
const outdir = mkdtempSync(join(tmpdir(), 'meta-asset-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Invokes the bundled handler the way Lambda would: a fresh Node process, only the asset on disk. */
const INVOKE = `
const { handler } = await import(process.argv[1] + '/index.mjs');
const { createHash } = await import('node:crypto');
// As API Gateway sends it: the route's template as routeKey, its parameters apart.
const get = (path, query, route = path, pathParameters) => handler({
  version: '2.0', routeKey: 'GET ' + route, rawPath: path, rawQueryString: '', headers: {},
  queryStringParameters: query, pathParameters, isBase64Encoded: false,
  requestContext: { http: { method: 'GET', path, sourceIp: '127.0.0.1', userAgent: '' }, requestId: 'r',
    routeKey: 'GET ' + route, stage: '$default', time: '', timeEpoch: Date.now() },
}, {});
const page = await get('/api/v1/docs');
const digest = /renderer\\.js\\?v=([\\w-]+)/.exec(page.body)[1];
const script = await get('/api/v1/docs/renderer.js', { v: digest });
const consolePage = await get('/api/v1/console');
const consoleFile = /console\\/scripts\\/([\\w-]+)/.exec(consolePage.body)[1];
const consoleScript = await get('/api/v1/console/scripts/' + consoleFile, undefined,
  '/api/v1/console/scripts/{file}', { file: consoleFile });
console.log('RESULT ' + JSON.stringify({
  page: page.statusCode, digest, status: script.statusCode, headers: script.headers,
  sha256: createHash('sha256').update(script.body).digest('hex'),
  console: { page: consolePage.statusCode, file: consoleFile, status: consoleScript.statusCode,
    sha256: createHash('sha256').update(consoleScript.body).digest('hex') },
}));
`;

describe('the meta Lambda asset', () => {
  it('carries the renderer beside index.mjs and serves it from there', async () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'MetaAsset');
    new LambdaFn(stack, 'metaFunction', lambdaCode('meta', groupEntry('meta')));
    app.synth();

    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const asset = join(outdir, assets[0]!);
    expect(readdirSync(asset).sort()).toEqual([
      'chunks',
      'console',
      'index.mjs',
      'index.mjs.map',
      'redoc.standalone.js',
    ]);
    // The console, built into the asset from these sources (the same names a build here gives).
    const built = await buildConsole(join(outdir, 'console-here'));
    expect(readdirSync(join(asset, 'console')).sort()).toEqual(
      [built.script, built.style, 'manifest.json'].sort(),
    );
    expect(sha256(readFileSync(join(asset, 'redoc.standalone.js'), 'utf8'))).toBe(sha256(packaged));
    // The renderer is read from disk on first use, not bundled into the handler.
    expect(readFileSync(join(asset, 'index.mjs'), 'utf8').includes('API docs by Redocly')).toBe(false);

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', INVOKE, asset],
      {
        cwd: asset,
        env: { PATH: process.env.PATH, AWS_REGION: 'local', TABLE_NAME: 'unused', LOG_LEVEL: 'SILENT' },
      },
    );
    const result = JSON.parse(
      stdout
        .split('\n')
        .find((line) => line.startsWith('RESULT '))!
        .slice(7),
    );
    const expected = servedRenderer(packaged);
    expect(result).toMatchObject({ page: 200, digest: expected.digest, status: 200 });
    expect(result.headers).toMatchObject({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    expect(result.sha256).toBe(sha256(expected.text));
    expect(result.console).toEqual({
      page: 200,
      file: built.script.replace(/\.js$/, ''),
      status: 200,
      sha256: sha256(readFileSync(join(outdir, 'console-here', built.script), 'utf8')),
    });
  }, 180_000);
});
