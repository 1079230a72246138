/**
 * The lists read from one index range and nowhere else (no slim projection: stock adjustments, stock
 * transfers, goods receipts): every request reads at most the list budget (list-budget.ts), whatever the
 * organisation's size. The unfiltered list reads about its page (a remembered cursor lets sequential pages
 * resume) and takes `total` from a count maintained in the transaction that creates each record; a filter,
 * or a page no cursor reaches, reads and counts its range within the budget, and a range longer than the
 * budget is the 400 naming what asked for it and the filters that narrow the key range. See
 * docs/design/slim-projection.md, "Lists off the projection, session 36".
 */
import type { ApiError } from '../../../domain/errors.js';
import { db } from './client.js';
import { GetCommand } from './commands.js';
import { tenantPrefix, type Key } from './keys.js';
import { ListTooBroad, listScanBudget } from './list-budget.js';
import { queryWindow, readPage, type QueryInput } from './query-window.js';
import { tableName } from './table-definition.js';
import type { TransactItem } from './transact.js';

/**
 * The collections counted from an organisation's creation: their count items are written with it, marked
 * `complete`. An organisation created before them has records its count never saw, so its count item
 * (created by the first later create, not complete) is never trusted and its lists count within the budget.
 */
export const COUNTED_COLLECTIONS = {
  adjustments: 'ADJUSTMENT',
  transfers: 'TRANSFER',
  goodsReceipts: 'GOODS_RECEIPT',
} as const;

/** The organisation's count of one kind of record (`all`), beside the other collections' counts. */
export const collectionCountsKey = (orgId: string, kind: string): Key => ({
  PK: `${tenantPrefix(orgId)}#COUNTS`,
  SK: kind,
});

/** Moves a collection's count by `n`, in the transaction that creates (or removes) its records. */
export const collectionCountAdd = (orgId: string, kind: string, n = 1): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: collectionCountsKey(orgId, kind),
    UpdateExpression: 'SET entity = :entity ADD #all :n',
    ExpressionAttributeNames: { '#all': 'all' },
    ExpressionAttributeValues: { ':entity': 'Counts', ':n': n },
  },
});

/**
 * The serial numbers' count item (inventory's store/serial-numbers.ts): a new organisation's starts with
 * `statusIndexed`, the mark that all its serials (none yet) are on their per-status index.
 */
export const SERIAL_COUNTS = 'SERIAL';

/** The count items a new organisation starts with (at 0, complete), in its creation's transaction. */
export const countsFromCreation = (orgId: string): TransactItem[] =>
  [
    ...Object.values(COUNTED_COLLECTIONS).map((kind) => ({ kind, mark: { complete: true } })),
    { kind: SERIAL_COUNTS, mark: { statusIndexed: true } },
  ].map(({ kind, mark }) => ({
    Put: {
      TableName: tableName(),
      Item: { ...collectionCountsKey(orgId, kind), entity: 'Counts', all: 0, ...mark },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }));

/** The collection's count, or undefined when it did not start with the organisation (see above). */
export async function collectionCount(orgId: string, kind: string): Promise<number | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: collectionCountsKey(orgId, kind) }),
  );
  return Item?.complete === true ? ((Item.all as number | undefined) ?? 0) : undefined;
}

/**
 * A page of one index range. `count` is given when the input reads the whole collection unfiltered (its
 * maintained total); then the page is read alone. Otherwise, or while the count item does not exist, the
 * range is read and counted. Either read stops at the budget: past it `refuse(budget)` is thrown.
 */
export async function boundedRangePage(options: {
  input: QueryInput;
  window: { offset: number; limit: number };
  count?: () => Promise<number | undefined>;
  cursorId: string;
  keyOf: (item: Record<string, unknown>) => Record<string, unknown>;
  refuse: (budget: number) => ApiError;
}): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const { input, window } = options;
  const budget = { maxScanned: listScanBudget() };
  try {
    if (options.count) {
      const [items, total] = await Promise.all([
        readPage<Record<string, unknown>>(input, {
          ...window,
          ...budget,
          cursorId: options.cursorId,
          keyOf: options.keyOf,
        }),
        options.count(),
      ]);
      if (total !== undefined) return { items, total };
    }
    return await queryWindow(input, window.offset, window.limit, budget);
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    throw options.refuse(error.budget);
  }
}
