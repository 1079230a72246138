import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createId } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../domain/errors.js';
import type { Transitions } from '../../../domain/workflow/transitions.js';
import { db } from '../../../functions/platform/dynamo/client.js';
import { tableName } from '../../../functions/platform/dynamo/table-definition.js';
import { transact, WriteRace } from '../../../functions/platform/dynamo/transact.js';
import { transitionUpdate } from '../../../functions/platform/dynamo/transition.js';

type Status = 'DRAFT' | 'CONFIRMED' | 'CANCELLED';
const ORDER = {
  confirm: { from: ['DRAFT'], to: 'CONFIRMED' },
  cancel: { from: ['DRAFT', 'CONFIRMED'], to: 'CANCELLED' },
} as const satisfies Transitions<Status>;

const newKey = () => ({ PK: `TEST#${createId()}`, SK: 'ORDER' });
const store = (key: { PK: string; SK: string }, status: Status, version: number) =>
  db().send(new PutCommand({ TableName: tableName(), Item: { ...key, status, version } }));
const read = async (key: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
const confirm = (key: { PK: string; SK: string }, version: number) =>
  transitionUpdate({
    key,
    resource: 'Sales order',
    action: 'confirm',
    transition: ORDER.confirm,
    version,
    set: { confirmedAt: '2026-01-02T03:04:05.000Z' },
  });

describe('transitionUpdate', () => {
  it('moves the status, bumps the version and sets the other attributes', async () => {
    const key = newKey();
    await store(key, 'DRAFT', 3);
    await transact([confirm(key, 3)]);
    expect(await read(key)).toMatchObject({
      status: 'CONFIRMED',
      version: 4,
      confirmedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('a transition lost to another status is the 422 naming the actual status', async () => {
    const key = newKey();
    await store(key, 'CANCELLED', 4);
    const error = await transact([confirm(key, 3)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('Sales order is CANCELLED; confirm needs DRAFT');
    expect(await read(key)).toMatchObject({ status: 'CANCELLED', version: 4 });
  });

  it('a lost transition reads the actual status even when the version it was read at still holds', async () => {
    const key = newKey();
    await store(key, 'CONFIRMED', 3);
    const error = await transact([confirm(key, 3)]).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Sales order is CONFIRMED; confirm needs DRAFT');
  });

  it('only the version moved (same status): a race to retry, not an error for the client', async () => {
    const key = newKey();
    await store(key, 'DRAFT', 5);
    await expect(transact([confirm(key, 3)])).rejects.toBeInstanceOf(WriteRace);
    expect(await read(key)).toMatchObject({ status: 'DRAFT', version: 5 });
  });

  it('a document that is gone is 404', async () => {
    const error = await transact([confirm(newKey(), 1)]).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Sales order not found');
  });

  it('of two racing confirms one wins and the other is told the order is already CONFIRMED', async () => {
    const key = newKey();
    await store(key, 'DRAFT', 1);
    const outcomes = await Promise.allSettled([transact([confirm(key, 1)]), transact([confirm(key, 1)])]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(ApiError);
    expect((lost?.reason as ApiError).message).toBe('Sales order is CONFIRMED; confirm needs DRAFT');
  });
});
