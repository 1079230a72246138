import { createId } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../../../domain/errors.js';
import { db } from '../../../functions/platform/dynamo/client.js';
import { markerItems, settle } from '../../../functions/platform/dynamo/parts.js';
import { tableName } from '../../../functions/platform/dynamo/table-definition.js';
import {
  MAX_TRANSACTION_ITEMS,
  TooManyTransactionItems,
  transact,
  WriteRace,
  type TransactItem,
} from '../../../functions/platform/dynamo/transact.js';

const key = () => ({ PK: `TEST#${createId()}`, SK: 'DOCUMENT' });
const read = async (k: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: k, ConsistentRead: true }))).Item;
const start = { version: 3, from: ['DRAFT'], resource: 'Thing', action: 'confirm' } as const;

describe('markerItems', () => {
  it('start, step, finish: the marker journals the write and the last part replaces the document', async () => {
    const k = key();
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...k, status: 'DRAFT', version: 3 } }));
    const items = markerItems(k, 'pendingThing', { countsVersion: true });
    const marker = { token: 't1', startedAt: '2024-01-01T00:00:00.000Z', step: 1, parts: ['a'] };
    await transact([items.start(marker, start)]);
    expect(await read(k)).toMatchObject({ version: 4, pendingThing: marker });
    await transact([items.step(marker, { set: { parts: ['a', 'b'] } }, () => 'retry')]);
    expect(await read(k)).toMatchObject({ version: 5, pendingThing: { step: 2, parts: ['a', 'b'] } });
    // A stale step (another request moved the marker on) loses.
    await expect(transact([items.step(marker, {}, () => 'retry')])).rejects.toBeInstanceOf(WriteRace);
    await transact([
      items.finish({ ...k, status: 'DONE', version: 6 }, { ...marker, step: 2 }, () => 'retry'),
    ]);
    expect(await read(k)).toEqual({ ...k, status: 'DONE', version: 6 });
  });

  it('start refuses a status the action does not start from (422), and a missing document (404)', async () => {
    const k = key();
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...k, status: 'DONE', version: 3 } }));
    const marker = { token: 't', startedAt: '2024-01-01T00:00:00.000Z', step: 1 };
    const refused = await transact([markerItems(k, 'p').start(marker, start)]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(422);
    const missing = await transact([markerItems(key(), 'p').start(marker, start)]).catch((e: unknown) => e);
    expect((missing as ApiError).status).toBe(404);
  });

  it('remove undoes: the marker goes, appends extend the marker lists', async () => {
    const k = key();
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...k, status: 'DRAFT', version: 3 } }));
    const items = markerItems(k, 'p');
    const marker = { token: 't', startedAt: '2024-01-01T00:00:00.000Z', step: 0, events: [1] };
    await transact([items.start(marker, start)]);
    await transact([items.step(marker, { append: { events: [2] } }, () => 'retry')]);
    expect((await read(k))?.p).toMatchObject({ step: 1, events: [1, 2] });
    await transact([items.remove({ ...marker, step: 1 }, () => 'retry')]);
    expect(await read(k)).toEqual({ ...k, status: 'DRAFT', version: 4 });
  });
});

describe('settle', () => {
  it('a fresh marker is busy; a stale one is finished or undone, then the caller reads again', async () => {
    const now = new Date('2024-01-01T00:01:00.000Z');
    const marker = { startedAt: '2024-01-01T00:00:30.000Z' };
    let settled = 0;
    const busy = () => new Error('busy');
    const run = () => Promise.resolve((settled += 1));
    await expect(settle(marker, { now, staleAfterMs: 60_000, busy, finish: run })).rejects.toThrow('busy');
    await expect(settle(marker, { now, staleAfterMs: 10_000, busy, undo: run })).rejects.toBeInstanceOf(
      WriteRace,
    );
    expect(settled).toBe(1);
  });
});

describe('transact', () => {
  it(`refuses more than ${MAX_TRANSACTION_ITEMS} items before calling DynamoDB`, async () => {
    const items: TransactItem[] = Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, () => ({
      Put: { TableName: tableName(), Item: key() },
    }));
    await expect(transact(items)).rejects.toBeInstanceOf(TooManyTransactionItems);
  });
});
