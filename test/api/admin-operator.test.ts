import { userInfo } from 'node:os';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { backOfficeActor } from '../../functions/platform/back-office/actor.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { auditCollection } from '../../functions/platform/journal/audit-keys.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { resolveOperator } from '../../infra/admin/operator-identity.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
beforeAll(async () => {
  t = await newTenant('Operator org');
});

/** Runs a CLI command against the suite's DynamoDB Local and returns its parsed output. */
async function admin(argv: string[]) {
  const result = await runAdmin(argv);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

const auditOfKey = async (keyId: string) => {
  const entries = await listAudit(t.orgId, { resourceType: 'api_key', resourceId: keyId });
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

describe('the operator in the audit entries the CLI writes (issue 28)', () => {
  it('`--operator <name>` against the local table: the entry names the operator, the key stays the back office', async () => {
    const key = await admin(['--operator', 'alice@example.com', 'key', 'create', '--org', t.orgId]);
    const entry = await auditOfKey(key.id as string);
    expect(entry).toMatchObject({
      action: 'create',
      apiKeyId: 'back-office',
      apiKeyName: 'back office',
      operator: { id: 'alice@example.com', source: 'flag' },
    });
    // The stored item itself carries it (what an export or a DynamoDB console shows).
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { PK: auditCollection(t.orgId), SK: `${entry.at}#${entry.id}` },
      }),
    );
    expect(Item?.operator).toEqual({ id: 'alice@example.com', source: 'flag' });
  });

  it('the flag may follow the command and take the `=` form; every entry of the run carries it', async () => {
    const key = await admin(['key', 'create', '--org', t.orgId, '--operator=bob']);
    await admin(['key', 'revoke', '--org', t.orgId, '--id', key.id as string, '--operator', 'carol']);
    const entries = await listAudit(t.orgId, { resourceType: 'api_key', resourceId: key.id as string });
    expect(entries.map((e) => [e.action, e.operator?.id])).toEqual([
      ['create', 'bob'],
      ['revoke', 'carol'],
    ]);
  });

  it('without `--operator` against a local table: the OS account running the command', async () => {
    const key = await admin(['key', 'create', '--org', t.orgId]);
    expect((await auditOfKey(key.id as string)).operator).toEqual({
      id: `os:${userInfo().username}`,
      source: 'os-user',
    });
  });

  it('the command output is unchanged by the flag (the smoke contract: key create prints the key record)', async () => {
    const key = await admin(['--operator', 'dave', 'key', 'create', '--org', t.orgId, '--scopes', 'write']);
    expect(Object.keys(key).sort()).toEqual(
      expect.arrayContaining(['id', 'key', 'scopes', 'permissions', 'expiresAt'].sort()),
    );
    expect(key).not.toHaveProperty('operator');
  });

  it('`--operator` without a name is a usage error (exit 2) and writes nothing', async () => {
    const before = await listAudit(t.orgId);
    const result = await runAdmin(['key', 'create', '--org', t.orgId, '--operator']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--operator needs a name/);
    expect(await listAudit(t.orgId)).toHaveLength(before.length);
  });

  it('GET /audit-log shows the operator on the entries the CLI wrote, and none on API writes', async () => {
    const key = await admin(['--operator', 'dana@example.com', 'key', 'create', '--org', t.orgId]);
    const log = await call('GET', '/audit-log', {
      key: t.key,
      query: { entityType: 'api_key', entityId: key.id as string },
    });
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({
      action: 'create',
      keyId: 'back-office',
      operator: { id: 'dana@example.com', source: 'flag' },
    });
    const made = await call('POST', '/api-keys', {
      key: t.key,
      body: { name: 'api made for the log', scopes: ['products:read'], permissions: ['products.view'] },
    });
    expect(made.status).toBe(201);
    const own = await call('GET', '/audit-log', {
      key: t.key,
      query: { entityType: 'api_key', entityId: made.body.id },
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0].keyId).toBe(t.keyId);
    expect(own.body.data[0]).not.toHaveProperty('operator');
  });

  it('API writes carry no operator: the acting key is the identity', async () => {
    const created = await call('POST', '/api-keys', {
      key: t.key,
      body: { name: 'api made', scopes: ['products:read'], permissions: ['products.view'] },
    });
    expect(created.status).toBe(201);
    const entry = await auditOfKey(created.body.id);
    expect(entry.apiKeyId).toBe(t.keyId);
    expect(entry).not.toHaveProperty('operator');
  });

  it('outside a CLI run (the scheduled jobs) the back office acts without an operator', () => {
    expect(backOfficeActor(t.orgId)).not.toHaveProperty('operator');
  });
});

describe('resolveOperator against AWS', () => {
  const arn = 'arn:aws:sts::123456789012:assumed-role/StockflowOperator/alice';

  it("records the caller's principal ARN from STS, and a given --operator name beside it", async () => {
    expect(await resolveOperator({ name: undefined, againstAws: true, callerArn: async () => arn })).toEqual({
      id: arn,
      source: 'aws-principal',
    });
    expect(await resolveOperator({ name: 'alice', againstAws: true, callerArn: async () => arn })).toEqual({
      id: arn,
      source: 'aws-principal',
      name: 'alice',
    });
  });

  it('fails when the credentials cannot be identified, rather than writing an anonymous entry', async () => {
    await expect(
      resolveOperator({
        name: 'alice',
        againstAws: true,
        callerArn: async () => {
          throw new Error('Could not load credentials from any providers');
        },
      }),
    ).rejects.toThrow(/credentials/);
  });
});
