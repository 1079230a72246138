import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { ListTooBroad } from './list-budget.js';
import type { IndexName } from './table-definition.js';

export type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select' | 'Limit'>;

/**
 * A read budget: at most `maxScanned` rows evaluated (ScannedCount, before any filter) across the
 * request's Query calls, ListTooBroad past it (list-budget.ts). Each call's Limit stops at the budget
 * plus one, so a range one row longer than the budget is found without reading further.
 */
export interface ScanBudget {
  maxScanned?: number;
}

// DynamoDB's Limit is a 32-bit integer: a budget larger than that reads 1 MB pages as without one.
const budgeted = (budget: ScanBudget, scanned: number): { Limit?: number } =>
  budget.maxScanned === undefined
    ? {}
    : { Limit: Math.min(2 ** 31 - 1, Math.max(1, budget.maxScanned + 1 - scanned)) };

function checkBudget(budget: ScanBudget, scanned: number, more: unknown): void {
  if (budget.maxScanned !== undefined && more && scanned > budget.maxScanned)
    throw new ListTooBroad(budget.maxScanned);
}

/**
 * Reads one page window (offset, limit) of a query in index order and counts every match for the total.
 * Matching items are read in DynamoDB's 1 MB pages; once the window is full the rest is only counted
 * (Select COUNT), so memory stays at one page. Cost: the whole matching range is read once (with a
 * budget, at most that many rows, else ListTooBroad).
 */
export async function queryWindow<T = Record<string, unknown>>(
  input: QueryInput,
  offset: number,
  limit: number,
  budget: ScanBudget = {},
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let seen = 0;
  let scanned = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, ExclusiveStartKey: startKey, ...budgeted(budget, scanned) }),
    );
    for (const item of page.Items ?? []) {
      if (seen >= offset && items.length < limit) items.push(item as T);
      seen += 1;
    }
    scanned += page.ScannedCount ?? 0;
    startKey = page.LastEvaluatedKey;
    checkBudget(budget, scanned, startKey);
  } while (startKey && items.length < limit);
  while (startKey) {
    const page = await db().send(
      new QueryCommand({
        ...input,
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
        ...budgeted(budget, scanned),
      }),
    );
    seen += page.Count ?? 0;
    scanned += page.ScannedCount ?? 0;
    startKey = page.LastEvaluatedKey;
    checkBudget(budget, scanned, startKey);
  }
  return { items, total: seen };
}

/** Reads every item of a (small) collection, following pages (with a budget, ListTooBroad past it). */
export async function queryAll<T = Record<string, unknown>>(
  input: QueryInput,
  budget: ScanBudget = {},
): Promise<T[]> {
  const items: T[] = [];
  let scanned = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, ExclusiveStartKey: startKey, ...budgeted(budget, scanned) }),
    );
    items.push(...((page.Items ?? []) as T[]));
    scanned += page.ScannedCount ?? 0;
    startKey = page.LastEvaluatedKey;
    checkBudget(budget, scanned, startKey);
  } while (startKey);
  return items;
}

/**
 * Where page N of a list ended, remembered by this container for a few minutes, so that walking the pages
 * in order (the sync recipe) starts each page where the last one stopped instead of re-reading the skipped
 * rows. A miss only costs reading the skipped rows again.
 */
const CURSOR_TTL_MS = 5 * 60_000;
const CURSOR_LIMIT = 2_000;
const cursors = new Map<string, { startKey: Record<string, unknown>; at: number }>();

export const clearListCursors = (): void => cursors.clear();

/** Whether page `offset` of a list can start from a remembered cursor (see readPage). */
export const hasListCursor = (cursorId: string, offset: number): boolean => {
  const remembered = cursors.get(`${cursorId}@${offset}`);
  return offset === 0 || (remembered !== undefined && Date.now() - remembered.at < CURSOR_TTL_MS);
};

/** An index item's key on the table and on `index`: where `readPage` resumes after it (its `keyOf`). */
export const indexKeyOf = (index: IndexName) => (item: Record<string, unknown>) => ({
  PK: item.PK,
  SK: item.SK,
  [`${index}PK`]: item[`${index}PK`],
  [`${index}SK`]: item[`${index}SK`],
});

/**
 * Reads `limit` matching items after skipping `offset`, in index order, reading about as many items as it
 * returns when a remembered cursor (or offset 0) lets it start at the right place. Does not count the
 * total: callers that can take it from a maintained counter use this instead of queryWindow.
 */
export async function readPage<T extends Record<string, unknown>>(
  input: QueryInput,
  options: {
    offset: number;
    limit: number;
    cursorId: string;
    keyOf: (item: T) => Record<string, unknown>;
  } & ScanBudget,
): Promise<T[]> {
  const now = Date.now();
  const remembered = cursors.get(`${options.cursorId}@${options.offset}`);
  let startKey = remembered && now - remembered.at < CURSOR_TTL_MS ? remembered.startKey : undefined;
  let toSkip = startKey ? 0 : options.offset;
  const items: T[] = [];
  let scanned = 0;
  do {
    const wanted = toSkip + options.limit - items.length;
    const page = await db().send(
      // Without a filter every item read matches, so the limit can be exact; with one, read a little more.
      new QueryCommand({
        ...input,
        ExclusiveStartKey: startKey,
        Limit: Math.min(
          1_000,
          input.FilterExpression ? wanted + Math.ceil(wanted / 10) : wanted,
          budgeted(options, scanned).Limit ?? Infinity,
        ),
      }),
    );
    for (const item of (page.Items ?? []) as T[]) {
      if (toSkip > 0) {
        toSkip -= 1;
        continue;
      }
      if (items.length < options.limit) items.push(item);
    }
    scanned += page.ScannedCount ?? 0;
    startKey = page.LastEvaluatedKey;
    if (items.length < options.limit) checkBudget(options, scanned, startKey);
  } while (startKey && items.length < options.limit);
  const last = items[items.length - 1];
  if (last && items.length === options.limit) {
    if (cursors.size >= CURSOR_LIMIT) cursors.clear();
    cursors.set(`${options.cursorId}@${options.offset + options.limit}`, {
      startKey: options.keyOf(last),
      at: now,
    });
  }
  return items;
}
