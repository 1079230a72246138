import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { ListTooBroad } from './list-budget.js';
import { ReadMeter, listScanBytes, requestMeter, rowsWithin } from './read-budget.js';
import { ASSUMED_ROW_BYTES, billedBytes } from './item-bytes.js';
import type { IndexName } from './table-definition.js';

export type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select' | 'Limit'>;

/**
 * A read budget: at most `maxScanned` rows evaluated (ScannedCount, before any filter) across the
 * read's Query calls, and at most the bytes its request has left (read-budget.ts: ~1 MB per request,
 * shared with the probe and the request's other bounded reads); ListTooBroad past either
 * (list-budget.ts). Each call's Limit stops at the rows left plus one, and at the bytes left at the mean
 * row size read so far plus one row, so a range one row longer than the budget is found without reading
 * a whole further page.
 */
export interface ScanBudget {
  maxScanned?: number;
}

// DynamoDB's own 1 MB page is no bound to lean on: DynamoDB Local answered a filtered Query of 1,001
// orders (2.4 MB) in one page. Before a call has measured a row, ASSUMED_ROW_BYTES (item-bytes.ts).
// DynamoDB's Limit is a 32-bit integer: a bound larger than that reads 1 MB pages as without one.
const MAX_LIMIT = 2 ** 31 - 1;

/** One read's Query calls, within its ScanBudget when it has one (then metered on its request). */
class BoundedRead {
  private scanned = 0;
  private bytes = 0;
  private readonly meter: ReadMeter | undefined;

  constructor(private readonly budget: ScanBudget) {
    this.meter =
      budget.maxScanned === undefined ? undefined : (requestMeter() ?? new ReadMeter(listScanBytes()));
  }

  /** One Query call of at most `cap` rows (and, with a budget, what the budget leaves). */
  async query(input: QueryCommandInput, cap = Number.POSITIVE_INFINITY): Promise<QueryCommandOutput> {
    const { meter, budget } = this;
    if (!meter || budget.maxScanned === undefined) {
      return db().send(new QueryCommand(Number.isFinite(cap) ? { ...input, Limit: cap } : input));
    }
    const mean =
      this.scanned > 0 && this.bytes > 0
        ? this.bytes / this.scanned
        : (meter.meanRowBytes() ?? ASSUMED_ROW_BYTES);
    const byBytes = rowsWithin(meter.left(), mean);
    const Limit = Math.max(1, Math.min(MAX_LIMIT, cap, budget.maxScanned + 1 - this.scanned, byBytes));
    const release = meter.reserve(Limit * mean);
    let page: QueryCommandOutput;
    try {
      page = await db().send(new QueryCommand({ ...input, Limit, ReturnConsumedCapacity: 'TOTAL' }));
    } finally {
      release();
    }
    const bytes = billedBytes(page, input.ConsistentRead);
    this.scanned += page.ScannedCount ?? 0;
    this.bytes += bytes;
    meter.read(bytes, page.ScannedCount ?? 0);
    return page;
  }

  /** The refusal when the range goes on (`more`) past the rows or the bytes of the budget, else null. */
  over(more: unknown): ListTooBroad | null {
    const { meter, budget } = this;
    if (!meter || budget.maxScanned === undefined || !more) return null;
    if (this.scanned > budget.maxScanned) return new ListTooBroad(budget.maxScanned);
    if (meter.left(false) <= 0) return new ListTooBroad(budget.maxScanned, 'bytes');
    return null;
  }

  /** ListTooBroad when the range goes on (`more`) past the rows or the bytes of the budget. */
  check(more: unknown): void {
    const refusal = this.over(more);
    if (refusal) throw refusal;
  }
}

/**
 * Reads one page window (offset, limit) of a query in index order and counts every match for the total.
 * Matching items are read in DynamoDB's 1 MB pages; once the window is full the rest is only counted
 * (Select COUNT), so memory stays at one page. Cost: the whole matching range is read once (with a
 * budget, at most its rows and the request's bytes, else ListTooBroad).
 */
export async function queryWindow<T = Record<string, unknown>>(
  input: QueryInput,
  offset: number,
  limit: number,
  budget: ScanBudget = {},
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  const read = new BoundedRead(budget);
  let seen = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await read.query({ ...input, ExclusiveStartKey: startKey });
    for (const item of page.Items ?? []) {
      if (seen >= offset && items.length < limit) items.push(item as T);
      seen += 1;
    }
    startKey = page.LastEvaluatedKey;
    read.check(startKey);
  } while (startKey && items.length < limit);
  while (startKey) {
    const page = await read.query({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey });
    seen += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
    read.check(startKey);
  }
  return { items, total: seen };
}

/** Reads every item of a (small) collection, following pages (with a budget, ListTooBroad past it). */
export async function queryAll<T = Record<string, unknown>>(
  input: QueryInput,
  budget: ScanBudget = {},
): Promise<T[]> {
  const items: T[] = [];
  const read = new BoundedRead(budget);
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await read.query({ ...input, ExclusiveStartKey: startKey });
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
    read.check(startKey);
  } while (startKey);
  return items;
}

/**
 * The first item of a query in index order (a FilterExpression picks it), following pages within the
 * budget: null when the range holds none, ListTooBroad when the range goes on past the budget before one
 * turned up. Each call's Limit is sized as queryWindow's, so the read stops within about a row of the bound.
 */
export async function queryFirst<T = Record<string, unknown>>(
  input: QueryInput,
  budget: ScanBudget = {},
): Promise<T | null> {
  const read = new BoundedRead(budget);
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await read.query({ ...input, ExclusiveStartKey: startKey });
    const item = page.Items?.[0];
    if (item) return item as T;
    startKey = page.LastEvaluatedKey;
    read.check(startKey);
  } while (startKey);
  return null;
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
  options: PageOptions<T>,
): Promise<T[]> {
  return (await pageAndMore(input, options, false)).items;
}

/**
 * readPage, and whether a matching item follows the page (one more is read for it): for lists that answer
 * `hasMore` instead of a total. The cursor remembered is still the page's own end.
 */
export async function readPageAndMore<T extends Record<string, unknown>>(
  input: QueryInput,
  options: PageOptions<T>,
): Promise<{ items: T[]; more: boolean }> {
  return pageAndMore(input, options, true);
}

type PageOptions<T> = {
  offset: number;
  limit: number;
  cursorId: string;
  keyOf: (item: T) => Record<string, unknown>;
} & ScanBudget;

async function pageAndMore<T extends Record<string, unknown>>(
  input: QueryInput,
  options: PageOptions<T>,
  peek: boolean,
): Promise<{ items: T[]; more: boolean }> {
  const now = Date.now();
  const remembered = cursors.get(`${options.cursorId}@${options.offset}`);
  let startKey = remembered && now - remembered.at < CURSOR_TTL_MS ? remembered.startKey : undefined;
  let toSkip = startKey ? 0 : options.offset;
  const wantedItems = options.limit + (peek ? 1 : 0);
  const items: T[] = [];
  const read = new BoundedRead(options);
  // The page is whole but the budget ends before the item that would tell whether another follows: the
  // rows left unread may hold one, so the list says there is more rather than refusing a page it has.
  let unread = false;
  do {
    const wanted = toSkip + wantedItems - items.length;
    // Without a filter every item read matches, so the limit can be exact; with one, read a little more.
    const page = await read.query(
      { ...input, ExclusiveStartKey: startKey },
      Math.min(1_000, input.FilterExpression ? wanted + Math.ceil(wanted / 10) : wanted),
    );
    for (const item of (page.Items ?? []) as T[]) {
      if (toSkip > 0) {
        toSkip -= 1;
        continue;
      }
      if (items.length < wantedItems) items.push(item);
    }
    startKey = page.LastEvaluatedKey;
    if (peek && items.length === options.limit && read.over(startKey)) {
      unread = true;
      break;
    }
    if (items.length < wantedItems) read.check(startKey);
  } while (startKey && items.length < wantedItems);
  const more = unread || items.length > options.limit;
  if (items.length > options.limit) items.pop();
  const last = items[items.length - 1];
  if (last && items.length === options.limit) {
    if (cursors.size >= CURSOR_LIMIT) cursors.clear();
    cursors.set(`${options.cursorId}@${options.offset + options.limit}`, {
      startKey: options.keyOf(last),
      at: now,
    });
  }
  return { items, more };
}
