import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createId } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { ApiError, conflict } from '../../../domain/errors.js';
import { db } from '../../../functions/platform/dynamo/client.js';
import { tableName } from '../../../functions/platform/dynamo/table-definition.js';
import {
  guard,
  holdUntil,
  transact,
  WriteRace,
  type TransactItem,
} from '../../../functions/platform/dynamo/transact.js';

const key = () => ({ PK: `TEST#${createId()}`, SK: 'ITEM' });
const put = (item: Record<string, unknown>) =>
  db().send(new PutCommand({ TableName: tableName(), Item: item }));
const read = async (k: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: k, ConsistentRead: true }))).Item;
const createOnly = (k: { PK: string; SK: string }, extra: Record<string, unknown> = {}): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...k, ...extra }, ConditionExpression: 'attribute_not_exists(PK)' },
});
const bumpFrom = (k: { PK: string; SK: string }, version: number, returnOld = false): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: k,
    UpdateExpression: 'SET version = version + :one',
    ConditionExpression: 'version = :v',
    ExpressionAttributeValues: { ':one': 1, ':v': version },
    ...(returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
  },
});

describe('transact', () => {
  it('sends a held item only once its hold resolves, and nothing when the hold rejects', async () => {
    const [a, b, c] = [key(), key(), key()];
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const writing = transact([createOnly(a), holdUntil(createOnly(b), () => hold)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await read(a)).toBeUndefined();
    release();
    await writing;
    expect(await read(b)).toMatchObject(b);
    const refused = new Error("the claim is another request's");
    await expect(
      transact([createOnly(c), holdUntil(createOnly(key()), () => Promise.reject(refused))]),
    ).rejects.toBe(refused);
    expect(await read(c)).toBeUndefined();
  });

  it('writes every item and returns nothing when all conditions hold', async () => {
    const [a, b] = [key(), key()];
    await expect(transact([createOnly(a), guard(createOnly(b), () => conflict('taken'))])).resolves.toBe(
      undefined,
    );
    expect(await read(a)).toMatchObject(a);
    expect(await read(b)).toMatchObject(b);
  });

  it("throws the failed guarded item's error, naming no position", async () => {
    const [free, taken] = [key(), key()];
    await put(taken);
    const error = await transact([
      createOnly(free),
      guard(createOnly(taken), () => conflict('the code is taken')),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('the code is taken');
    expect(await read(free)).toBeUndefined();
  });

  it('throws WriteRace for an unguarded failed item, and for a guarded one meaning retry', async () => {
    const k = key();
    await put({ ...k, version: 2 });
    await expect(transact([bumpFrom(k, 1)])).rejects.toBeInstanceOf(WriteRace);
    await expect(transact([guard(bumpFrom(k, 1), () => 'retry')])).rejects.toBeInstanceOf(WriteRace);
  });

  it('a lost race outranks a broken rule: the rule was judged on a stale read', async () => {
    const [record, taken] = [key(), key()];
    await put({ ...record, version: 2 });
    await put(taken);
    await expect(
      transact([guard(createOnly(taken), () => conflict('taken')), bumpFrom(record, 1)]),
    ).rejects.toBeInstanceOf(WriteRace);
  });

  it('hands the item as it stood to the guard of an item that asks for ALL_OLD', async () => {
    const k = key();
    await put({ ...k, version: 5, status: 'CONFIRMED' });
    const seen: unknown[] = [];
    await transact([
      guard(bumpFrom(k, 4, true), (old) => {
        seen.push(old);
        return conflict('moved on');
      }),
    ]).catch(() => undefined);
    expect(seen).toEqual([expect.objectContaining({ ...k, version: 5, status: 'CONFIRMED' })]);
  });

  it('gives nothing to the guard of an item that does not ask for ALL_OLD', async () => {
    const k = key();
    await put({ ...k, version: 5 });
    const seen: unknown[] = [];
    await transact([guard(bumpFrom(k, 4), (old) => (seen.push(old), 'retry'))]).catch(() => undefined);
    expect(seen).toEqual([undefined]);
  });
});

/**
 * Records what the emulator does with ReturnValuesOnConditionCheckFailure in a transaction: whether the
 * cancellation reason carries the old item (DynamoDB does) or transact has to re-read it.
 */
describe('DynamoDB Local and ALL_OLD in transactions', () => {
  it('returns the old item in CancellationReasons[i].Item', async () => {
    const k = key();
    await put({ ...k, version: 5, status: 'CONFIRMED' });
    const error = await db()
      .send(new TransactWriteCommand({ TransactItems: [bumpFrom(k, 4, true)] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    const reason = (error as TransactionCanceledException).CancellationReasons?.[0];
    expect(reason?.Code).toBe('ConditionalCheckFailed');
    expect(reason?.Item).toMatchObject({ status: { S: 'CONFIRMED' }, version: { N: '5' } });
  });
});
