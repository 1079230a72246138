/** The slim projection's tests: its state item, and requests of a container that holds nothing yet. */
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand, UpdateCommand } from '../../functions/platform/dynamo/commands.js';
import type { Key } from '../../functions/platform/dynamo/keys.js';
import { configureListBudget } from '../../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../../functions/platform/dynamo/query-window.js';
import { configureReadBudget } from '../../functions/platform/dynamo/read-budget.js';
import {
  ceilingMarkKey,
  clearSlimProjections,
  configureSlimProjection,
  slimSettings,
} from '../../functions/platform/dynamo/slim-projection.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, type Response, type Tenant } from './api.js';
import type { countReads, ReadCount } from './read-counter.js';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A collection's projection-state item (its mark, ceiling and snapshot head), read as stored. */
export async function stateOf(collection: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: ceilingMarkKey(collection), ConsistentRead: true }),
  );
  return Item;
}

/** A GET of a container that has held nothing yet (no projection loaded, no list cursor). */
export function coldCall(t: Tenant, path: string, query: Record<string, string | number>): Promise<Response> {
  clearSlimProjections();
  clearListCursors();
  return call('GET', path, { key: t.key, query });
}

/** A cold GET (coldCall): its answer and what it read, counted by the file's read counter (reset first). */
export async function coldGet(
  t: Tenant,
  path: string,
  query: Record<string, string | number>,
  reads: ReturnType<typeof countReads>,
): Promise<{ res: Response } & ReadCount> {
  reads.reset();
  const res = await coldCall(t, path, query);
  return { res, ...reads.count };
}

/**
 * Rewrites fields of a stored item's slim row (the item and its GSI5 entry), and removes others: how a
 * test gives an item a row of an older shape.
 */
export async function rewriteSlim(
  key: Key,
  fields: Record<string, unknown>,
  remove: readonly string[] = [],
): Promise<void> {
  const sets = Object.keys(fields).map((field, i) => `slim.#f${i} = :v${i}`);
  const removes = remove.map((field, i) => `slim.#r${i}`);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: {
        ...Object.fromEntries(Object.keys(fields).map((field, i) => [`#f${i}`, field])),
        ...Object.fromEntries(remove.map((field, i) => [`#r${i}`, field])),
      },
      ExpressionAttributeValues: Object.fromEntries(
        Object.values(fields).map((value, i) => [`:v${i}`, value]),
      ),
    }),
  );
}

/** The projection's settings as configured, taken when a test file first imports this module. */
const slimDefaults = { ...slimSettings() };

/**
 * Puts back what a projection test lowered (the slim settings, the list budget in rows and bytes) and
 * forgets every held collection: a file's afterAll.
 */
export function restoreProjectionDefaults(): void {
  configureSlimProjection(slimDefaults);
  configureListBudget(undefined);
  configureReadBudget(undefined);
  clearSlimProjections();
}
