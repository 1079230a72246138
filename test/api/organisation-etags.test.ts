import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { organisationKey } from '../../functions/areas/organisations/store/settings.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, newTenant } from '../support/api.js';

const TAG = /^"v(\d+)-[A-Za-z0-9_-]{16}"$/;
const versionOf = (tag: string) => Number(TAG.exec(tag)![1]);

describe('ETags on /organisation', () => {
  it('GET returns a strong ETag at version 1; If-None-Match with it is 304; a new exchange rate moves only the digest', async () => {
    const t = await newTenant('Organisation ETag org');
    const read = await call('GET', '/organisation', { key: t.key });
    expect(read.status).toBe(200);
    const tag = read.headers.etag!;
    expect(versionOf(tag)).toBe(1);
    expect(read.body).not.toHaveProperty('version');
    const same = await call('GET', '/organisation', { key: t.key, headers: { 'if-none-match': tag } });
    expect(same.status).toBe(304);
    expect(same.raw).toBe('');

    expect((await call('PUT', '/exchange-rates/USD', { key: t.key, body: { rate: 1.6 } })).status).toBe(200);
    const moved = await call('GET', '/organisation', { key: t.key, headers: { 'if-none-match': tag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(tag);
    expect(versionOf(moved.headers.etag!)).toBe(1);
    // The rate is not something a PUT /organisation could overwrite, so the old tag still applies.
    const put = await call('PUT', '/organisation', {
      key: t.key,
      body: { creditLimitMode: 'BLOCK' },
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(200);
  });

  it('PUT with the current If-Match applies and returns the new ETag; a stale one is 412 and changes nothing', async () => {
    const t = await newTenant('Organisation PUT ETag org');
    const tag = (await call('GET', '/organisation', { key: t.key })).headers.etag!;
    const put = await call('PUT', '/organisation', {
      key: t.key,
      body: { creditLimitMode: 'BLOCK' },
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(200);
    expect(put.body.creditLimitMode).toBe('BLOCK');
    const next = put.headers.etag!;
    expect(versionOf(next)).toBe(2);
    expect((await call('GET', '/organisation', { key: t.key })).headers.etag).toBe(next);

    for (const body of [{ creditLimitMode: 'WARN' }, {}]) {
      const stale = await call('PUT', '/organisation', { key: t.key, body, headers: { 'if-match': tag } });
      expect(stale.status, JSON.stringify(body)).toBe(412);
      expect(stale.body.error.code).toBe('precondition_failed');
    }
    const after = await call('GET', '/organisation', { key: t.key });
    expect(after.body.creditLimitMode).toBe('BLOCK');
    expect(after.headers.etag).toBe(next);
    const audit = await call('GET', '/audit-log', { key: t.key });
    const entries = audit.body.data.filter((e: { entityType: string }) => e.entityType === 'organisation');
    expect(entries).toHaveLength(1);

    // Without If-Match a PUT is unconditional.
    const plain = await call('PUT', '/organisation', { key: t.key, body: { creditLimitMode: 'WARN' } });
    expect(plain.status).toBe(200);
    expect(plain.body.creditLimitMode).toBe('WARN');
    expect(versionOf(plain.headers.etag!)).toBe(3);
  });

  it('PUT answers what a GET then reads, body and ETag, with and without a change', async () => {
    const t = await newTenant('Organisation PUT answer org');
    expect((await call('PUT', '/exchange-rates/USD', { key: t.key, body: { rate: 1.6 } })).status).toBe(200);
    for (const body of [{ creditLimitMode: 'BLOCK' }, {}, { creditLimitMode: 'WARN' }]) {
      const put = await call('PUT', '/organisation', { key: t.key, body });
      expect(put.status, JSON.stringify(body)).toBe(200);
      const get = await call('GET', '/organisation', { key: t.key });
      expect(put.body, JSON.stringify(body)).toEqual(get.body);
      expect(put.headers.etag, JSON.stringify(body)).toBe(get.headers.etag);
    }
    const last = await call('GET', '/organisation', { key: t.key });
    expect(last.body).toMatchObject({
      creditLimitMode: 'WARN',
      exchangeRates: [expect.objectContaining({ currency: 'USD', rate: 1.6 })],
    });
    expect(versionOf(last.headers.etag!)).toBe(3);
  });

  it('two PUTs racing with the same If-Match: one applies, the other is 412', async () => {
    const t = await newTenant('Organisation race ETag org');
    const tag = (await call('GET', '/organisation', { key: t.key })).headers.etag!;
    const results = await Promise.all(
      (['BLOCK', 'WARN'] as const).map((creditLimitMode) =>
        call('PUT', '/organisation', { key: t.key, body: { creditLimitMode }, headers: { 'if-match': tag } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await call('GET', '/organisation', { key: t.key })).body.creditLimitMode).toBe(
      winner.body.creditLimitMode,
    );
  });

  it('an organisation created before versions reads as version 0 and takes an If-Match of it', async () => {
    const t = await newTenant('Organisation legacy ETag org');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: organisationKey(t.orgId),
        UpdateExpression: 'REMOVE version',
      }),
    );
    const tag = (await call('GET', '/organisation', { key: t.key })).headers.etag!;
    expect(versionOf(tag)).toBe(0);
    const put = await call('PUT', '/organisation', {
      key: t.key,
      body: { creditLimitMode: 'BLOCK' },
      headers: { 'if-match': tag },
    });
    expect(put.status).toBe(200);
    expect(versionOf(put.headers.etag!)).toBe(1);
    const again = await call('PUT', '/organisation', {
      key: t.key,
      body: { creditLimitMode: 'WARN' },
      headers: { 'if-match': tag },
    });
    expect(again.status).toBe(412);
  });
});
