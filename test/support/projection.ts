/** The slim projection's tests: its state item, and requests of a container that holds nothing yet. */
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand } from '../../functions/platform/dynamo/commands.js';
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

/**
 * A GET of a container that has held nothing yet (no projection loaded, no list cursor): its answer and
 * what it read, counted by the file's read counter (reset first).
 */
export async function coldGet(
  t: Tenant,
  path: string,
  query: Record<string, string | number>,
  reads: ReturnType<typeof countReads>,
): Promise<{ res: Response } & ReadCount> {
  clearSlimProjections();
  clearListCursors();
  reads.reset();
  const res = await call('GET', path, { key: t.key, query });
  return { res, ...reads.count };
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
