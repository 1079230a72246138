import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/admin/cli.js';
import { call } from '../support/api.js';

const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
};

describe('the admin CLI', () => {
  it('creates an organisation and a key that works against the API, printing one JSON document each', async () => {
    const org = await admin('org', 'create', '--name', 'CLI org', '--currency', 'AUD');
    expect(org.code).toBe(0);
    expect(org.json).toMatchObject({ id: expect.any(String), name: 'CLI org', baseCurrency: 'AUD' });
    const key = await admin(
      'key',
      'create',
      '--org',
      org.json.id,
      '--scopes',
      'products:read',
      '--permissions',
      'products.view',
      '--name',
      'sync',
    );
    expect(key.code).toBe(0);
    expect(key.json).toMatchObject({
      id: expect.any(String),
      key: expect.stringMatching(/^sfk_live_[0-9a-f]{48}$/),
      scopes: ['products:read'],
      permissions: ['products.view'],
      expiresAt: null,
      name: 'sync',
    });
    expect((await call('GET', '/products', { key: key.json.key })).status).toBe(200);
    const listed = await admin('key', 'list', '--org', org.json.id);
    expect(listed.json.data).toHaveLength(1);
    expect(listed.json.data[0]).not.toHaveProperty('key');
    expect(listed.json.data[0]).not.toHaveProperty('currentHash');
    expect(JSON.stringify(listed.json)).not.toContain(key.json.key);
  });

  it('defaults to write scope and all permissions; rotates and revokes', async () => {
    const org = await admin('org', 'create', '--name', 'Rotate org');
    const key = await admin('key', 'create', '--org', org.json.id, '--expires-at', '2999-01-01T00:00:00Z');
    expect(key.json).toMatchObject({
      scopes: ['write'],
      permissions: 'all',
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    const rotated = await admin(
      'key',
      'rotate',
      '--org',
      org.json.id,
      '--id',
      key.json.id,
      '--grace-hours',
      '1',
    );
    expect(rotated.json).toEqual({
      id: key.json.id,
      key: expect.stringMatching(/^sfk_live_/),
      previousValidUntil: expect.any(String),
    });
    const revoked = await admin('key', 'revoke', '--org', org.json.id, '--id', key.json.id);
    expect(revoked.json.revokedAt).toEqual(expect.any(String));
    expect((await call('GET', '/products', { key: rotated.json.key })).status).toBe(401);
  });

  it('creates categories, units of measure, BOMs and seed data', async () => {
    const org = await admin('org', 'create', '--name', 'Catalogue org');
    const orgId = org.json.id as string;
    const parent = await admin('category', 'create', '--org', orgId, '--name', 'Food', '--sort-order', '1');
    expect(parent.json).toEqual({ id: expect.any(String), name: 'Food', parentId: null, sortOrder: 1 });
    const child = await admin(
      'category',
      'create',
      '--org',
      orgId,
      '--name',
      'Bread',
      '--parent',
      parent.json.id,
    );
    expect(child.json.parentId).toBe(parent.json.id);
    const uom = await admin(
      'uom',
      'create',
      '--org',
      orgId,
      '--name',
      'Each',
      '--abbreviation',
      'ea',
      '--type',
      'UNIT',
    );
    expect(uom.json).toEqual({ id: expect.any(String), name: 'Each', abbreviation: 'ea', type: 'UNIT' });
    const seeded = await admin('seed', '--org', orgId);
    expect(seeded.code).toBe(0);
    expect(seeded.json.products).toHaveLength(3);
    expect(seeded.json.customers).toHaveLength(1);
    expect(seeded.json.suppliers).toHaveLength(1);
    expect(seeded.json.priceTiers).toHaveLength(1);
    expect(seeded.json.warehouses).toHaveLength(1);
    expect(seeded.json.stockAdjustments[0]).toMatchObject({
      adjustmentNumber: 'ADJ-000001',
      status: 'COMPLETED',
    });
    const [flour, , croissant] = seeded.json.products;
    const file = join(mkdtempSync(join(tmpdir(), 'bom-')), 'lines.json');
    writeFileSync(file, JSON.stringify([{ componentProductId: flour.id, quantity: 2, group: 'Dough' }]));
    const bom = await admin('bom', 'set', '--org', orgId, '--product', croissant.id, '--file', file);
    // The BOM as GET /products/{id}/bom shows it (the step PUT /products/{id}/bom runs too).
    expect(bom.json).toEqual({
      productId: croissant.id,
      isBomProduct: true,
      lines: [
        {
          componentProduct: { id: flour.id, sku: flour.sku, name: flour.name },
          quantity: 2,
          wastagePercent: 0,
          isPhantom: false,
          sortOrder: 0,
          group: 'Dough',
        },
      ],
    });
  });

  it('org set-credit-mode prints the organisation its write left, as GET /organisation then reads it', async () => {
    const org = await admin('org', 'create', '--name', 'Credit mode org', '--currency', 'AUD');
    const key = await admin('key', 'create', '--org', org.json.id);
    const set = await admin('org', 'set-credit-mode', '--org', org.json.id, '--mode', 'BLOCK');
    expect(set.code).toBe(0);
    expect(set.json).toEqual({ ...org.json, creditLimitMode: 'BLOCK' });
    const read = await call('GET', '/organisation', { key: key.json.key });
    expect(read.body).toMatchObject({ id: org.json.id, creditLimitMode: 'BLOCK', baseCurrency: 'AUD' });
    // Back to WARN: the second write is conditioned on the version the first one moved.
    const back = await admin('org', 'set-credit-mode', '--org', org.json.id, '--mode', 'WARN');
    expect(back.json.creditLimitMode).toBe('WARN');

    const unknown = await admin('org', 'set-credit-mode', '--org', 'no-such-org', '--mode', 'BLOCK');
    expect([unknown.code, JSON.parse(unknown.stderr)]).toEqual([
      1,
      { error: { code: 'command_failed', message: 'organisation no-such-org not found' } },
    ]);
    const badMode = await admin('org', 'set-credit-mode', '--org', org.json.id, '--mode', 'STRICT');
    expect([badMode.code, JSON.parse(badMode.stderr)]).toEqual([
      1,
      { error: { code: 'command_failed', message: 'mode must be one of BLOCK, WARN' } },
    ]);
  });

  it('fails with exit 2 and usage on an unknown command, an unknown flag or a missing flag', async () => {
    for (const argv of [
      ['nope'],
      ['org', 'create', '--name', 'x', '--colour', 'red'],
      ['key', 'create'],
      ['key', 'create', '--org', 'o', '--scopes', 'everything'],
    ]) {
      const result = await admin(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('usage: npm run --silent admin');
    }
  });

  it('fails with exit 1 and a JSON error on stderr when the command cannot be done', async () => {
    const result = await admin('key', 'create', '--org', 'no-such-org');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({
      error: { code: 'command_failed', message: 'organisation no-such-org not found' },
    });
    const badBom = await admin(
      'uom',
      'create',
      '--org',
      'no-such-org',
      '--name',
      'x',
      '--abbreviation',
      'x',
      '--type',
      'UNIT',
    );
    expect(badBom.code).toBe(1);
  });
});

/** Runs a README command line as a shell would, returning what a pipe into jq would see. */
function shell(commandLine: string, env: Record<string, string | undefined> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('sh', ['-c', commandLine], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const unusedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('the admin CLI as the README runs it', () => {
  it('writes every README example with --silent, so stdout is only the JSON document', async () => {
    // The README's command examples moved to the guides in docs/ (and the generated reference).
    const readme = [
      'README.md',
      'docs/walkthroughs.md',
      'docs/operating.md',
      'docs/integrating.md',
      'docs/cli.md',
    ]
      .map((doc) => readFileSync(doc, 'utf8'))
      .join('\n');
    const runs = readme.split('\n').filter((line) => /npm run\b.*\badmin\b/.test(line));
    expect(runs.length).toBeGreaterThan(20);
    expect(runs.filter((line) => !line.includes('npm run --silent admin'))).toEqual([]);
    const created = await shell('npm run --silent admin -- org create --name "Piped org"');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'Piped org' });
  }, 60_000);

  it('says what to start or set when the database is unreachable', async () => {
    const port = await unusedPort();
    const result = await shell('npm run --silent admin -- key list --org o', {
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const line = result.stderr.split('\n').find((l) => l.startsWith('{'))!;
    const { error } = JSON.parse(line);
    expect(error.code).toBe('database_unreachable');
    expect(error.message).toContain(`http://127.0.0.1:${port}`);
    expect(error.message).toContain('npm start');
    expect(error.message).toContain('DYNAMODB_ENDPOINT');
  }, 60_000);
});
