import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointByRouteKey } from '../../functions/catalogue.js';
import { API_PREFIX } from '../../functions/platform/catalogue/endpoint.js';
import { buildEvent } from '../../infra/local/http-adapter.js';
import { REQUIRE_BANNER } from '../../infra/function-build.js';
import { groupEntry, lambdaCode } from '../../infra/stack.js';
import { newTenant } from '../support/api.js';

// Outside the project, so the bundle cannot fall back on node_modules: it must use the files beside it.
const root = mkdtempSync(join(tmpdir(), 'function-asset-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Synthesises one customers function, as the stack builds it, and answers its asset directory. */
function customersAsset(tracing: boolean): string {
  const outdir = join(root, tracing ? 'traced' : 'untraced');
  const app = new App({ outdir });
  new LambdaFn(
    new Stack(app, 'Customers'),
    'customersFunction',
    lambdaCode('customers', groupEntry('customers'), { tracing }),
  );
  app.synth();
  const [asset, ...others] = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
  expect(others).toEqual([]);
  return join(outdir, asset!);
}

/** The source of index.mjs and of every chunk it imports statically: what a cold import parses. */
function parsedAtImport(asset: string): string {
  const seen = new Set<string>();
  const pending = ['index.mjs'];
  let source = '';
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(asset, file), 'utf8');
    source += text;
    // Static imports only: `import(...)` (a chunk loaded on first use) has a parenthesis before its path.
    for (const [, path] of text.matchAll(/from\s*"(\.\.?\/[^"]+)"/g))
      pending.push(normalize(join(dirname(file), path!)));
  }
  return source;
}

const chunks = (asset: string) => readdirSync(join(asset, 'chunks'));
/** Every ajv standalone validator function destructures these options; nothing else in the code does. */
const VALIDATOR_CODE = 'parentDataProperty';
/** Read by the X-Ray SDK when it loads. */
const XRAY_CODE = 'AWS_XRAY_CONTEXT_MISSING';
/** In the list budget's refusal (platform/dynamo/list-budget.ts), which only a list read needs. */
const LIST_READ_CODE = 'index range holds more than';

describe('an API function asset (issue 29 item 1: the cold import parses only what it runs)', () => {
  let untraced: string;
  let traced: string;
  beforeAll(() => {
    untraced = customersAsset(false);
    traced = customersAsset(true);
  }, 120_000);

  it('holds index.mjs, its source map and the chunks, nothing of the meta function', () => {
    expect(readdirSync(untraced).sort()).toEqual(['chunks', 'index.mjs', 'index.mjs.map']);
    expect(chunks(untraced).every((name) => name.endsWith('.mjs') || name.endsWith('.mjs.map'))).toBe(true);
    // The maps locate each line in the TypeScript source without carrying the source's text.
    const map = JSON.parse(readFileSync(join(untraced, 'index.mjs.map'), 'utf8'));
    expect(map.sources.some((path: string) => path.endsWith('functions/entries/customers.ts'))).toBe(true);
    expect(map.sourcesContent).toBeUndefined();
  });

  it('keeps each body validator in its own chunk, out of what the import parses', () => {
    // The eight body schemas of the customers group, one chunk each (named after its module).
    const validators = chunks(untraced).filter(
      (name) =>
        name.endsWith('.mjs') &&
        readFileSync(join(untraced, 'chunks', name), 'utf8').includes(VALIDATOR_CODE),
    );
    expect(validators.map((name) => name.replace(/-\w+\.mjs$/, '')).sort()).toEqual([
      'CustomerAddressInput',
      'CustomerContactInput',
      'CustomerCreate',
      'CustomerGroupCreate',
      'CustomerProductDiscountUpdate',
      'CustomerUpdate',
      'SalesRepCreate',
      'SalesRepUpdate',
    ]);
    expect(parsedAtImport(untraced)).not.toContain(VALIDATOR_CODE);
    expect(parsedAtImport(traced)).not.toContain(VALIDATOR_CODE);
  });

  it("imports no node:stream/web (middy's streaming check reads the global class when it runs)", async () => {
    for (const asset of [untraced, traced]) {
      const code = [
        readFileSync(join(asset, 'index.mjs'), 'utf8'),
        ...chunks(asset).map((c) => readFileSync(join(asset, 'chunks', c), 'utf8')),
      ];
      expect(code.some((text) => text.includes('node:stream/web'))).toBe(false);
      expect(code.some((text) => text.includes('stream/web'))).toBe(false);
    }
    const { ReadableStream } = await import('../../infra/shims/node-stream-web.js');
    expect(new globalThis.ReadableStream() instanceof ReadableStream).toBe(true);
    expect(new (await import('node:stream/web')).ReadableStream() instanceof ReadableStream).toBe(true);
    expect({} instanceof ReadableStream).toBe(false);
    expect(Buffer.from('x') instanceof ReadableStream).toBe(false);
  });

  it('carries the X-Ray SDK only when built with tracing, and then only in a chunk', () => {
    const inAnyChunk = (asset: string) =>
      chunks(asset).some((name) => readFileSync(join(asset, 'chunks', name), 'utf8').includes(XRAY_CODE));
    expect(inAnyChunk(traced)).toBe(true);
    expect(parsedAtImport(traced)).not.toContain(XRAY_CODE);
    expect(inAnyChunk(untraced)).toBe(false);
  });

  it("carries no list read at import: the journal's audit keys come without the audit log's reads", () => {
    for (const asset of [untraced, traced]) {
      expect(parsedAtImport(asset)).not.toContain(LIST_READ_CODE);
      const inAnyChunk = chunks(asset).some((name) =>
        readFileSync(join(asset, 'chunks', name), 'utf8').includes(LIST_READ_CODE),
      );
      expect(inAnyChunk).toBe(true);
    }
  });

  it('makes `require` on its first call, in every file of the asset', async () => {
    for (const asset of [untraced, traced]) {
      const files = [
        'index.mjs',
        ...chunks(asset)
          .filter((n) => n.endsWith('.mjs'))
          .map((n) => `chunks/${n}`),
      ];
      for (const file of files)
        expect(readFileSync(join(asset, file), 'utf8').startsWith(REQUIRE_BANNER), file).toBe(true);
    }
    // A module headed by the banner: its import calls no createRequire, its first require one and its
    // next ones none; the require it made answers Node's modules.
    const dir = mkdtempSync(join(root, 'banner-'));
    writeFileSync(join(dir, 'headed.mjs'), `${REQUIRE_BANNER}\nexport const load = (id) => require(id);\n`);
    const script = `import module from 'node:module';
let made = 0;
const original = module.createRequire;
module.createRequire = (url) => { made += 1; return original(url); };
module.syncBuiltinESMExports();
const { load } = await import(process.argv[1]);
const atImport = made;
const sep = load('node:path').sep;
load('node:util');
console.log(JSON.stringify({ atImport, afterRequires: made, sep }));`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      script,
      join(dir, 'headed.mjs'),
    ]);
    expect(JSON.parse(stdout)).toEqual({ atImport: 0, afterRequires: 1, sep: '/' });
  });

  it('serves from the asset alone: a read, then a body that loads its validator chunk', async () => {
    const tenant = await newTenant();
    const headers = { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' };
    const event = (key: string, body?: unknown) => {
      const endpoint = endpointByRouteKey(`${key.replace(' ', ` ${API_PREFIX}`)}`)!;
      const body_ = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      return buildEvent(
        { method: endpoint.method, path: `${API_PREFIX}${endpoint.path}`, headers, body: body_ },
        endpoint,
        {},
      );
    };
    const events = [
      event('GET /customers'),
      event('POST /customers', {}),
      event('POST /customers', { code: 'ASSET-1', name: 'Asset Ltd' }),
    ];
    const script = `const { handler } = await import(process.argv[1] + '/index.mjs');
const answers = [];
for (const event of JSON.parse(process.env.EVENTS)) {
  const reply = await handler(event, {});
  answers.push({ status: reply.statusCode, body: JSON.parse(reply.body) });
}
console.log('RESULT ' + JSON.stringify(answers));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script, untraced],
      {
        cwd: untraced,
        env: {
          PATH: process.env.PATH,
          AWS_REGION: 'local',
          DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
          TABLE_NAME: process.env.TABLE_NAME,
          LOG_LEVEL: 'SILENT',
          EVENTS: JSON.stringify(events),
        },
      },
    );
    const [list, invalid, created] = JSON.parse(
      stdout
        .split('\n')
        .find((line) => line.startsWith('RESULT '))!
        .slice(7),
    );
    expect(list).toMatchObject({ status: 200, body: { data: [] } });
    // The validator's own answer (read from its chunk), not a failure to load it.
    expect(invalid).toMatchObject({ status: 400, body: { error: { code: 'validation_error' } } });
    expect(invalid.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['code', 'name']);
    expect(created).toMatchObject({ status: 201, body: { code: 'ASSET-1', name: 'Asset Ltd' } });
  }, 60_000);
});
