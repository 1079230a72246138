/**
 * The cheap shapes of a document list whose collection keeps maintained counts (purchase orders): each
 * reads its own index range, about a page of items (a remembered cursor lets sequential pages resume),
 * and takes the total from the counters instead of counting rows:
 *
 *   - no filter, or one status, or one party (customer/supplier), in the index sort: GSI1, GSI3 or GSI4;
 *   - several statuses: each status partition read up to the end of the page and merged;
 *   - the sync recipe (updatedAt order, no status or party): GSI2 with modifiedSince in the key
 *     condition, so only changed documents are read and counted.
 *
 * Anything else (search, dates, status and party together, modifiedSince on another sort, value sorts)
 * is not cheap: `null`, and listDocuments pages it on the slim projection. So is, with `withoutCursor:
 * 'decline'`, a page past the first that no remembered cursor reaches (it would read every skipped row;
 * several statuses always re-read from the start): the projection skips them in memory instead.
 */
import { db } from './client.js';
import { GetCommand } from './commands.js';
import type { DocumentFilter, DocumentPartitions } from './document-query.js';
import type { Key } from './keys.js';
import {
  hasListCursor,
  indexKeyOf,
  queryWindow,
  readPage,
  type QueryInput,
  type ScanBudget,
} from './query-window.js';
import { statusCounter } from './status-counts.js';
import { tableName, type IndexName } from './table-definition.js';

export interface DocumentCounts<S extends string> {
  /** Every document of the organisation, and per status. */
  totals: (orgId: string) => Promise<{ all: number; byStatus: Partial<Record<S, number>> }>;
  /** One party's documents (0 for a party that has none, or does not exist). */
  party: (orgId: string, partyId: string) => Promise<number>;
}

/**
 * The counts a document collection maintains with statusCountItems (platform/dynamo/status-counts.ts):
 * `all` and `status_<S>` on its counts item, and a count attribute on each party's item. Each total is one
 * GetItem.
 */
export function maintainedCounts<S extends string>(
  countsKey: (orgId: string) => Key,
  party: { key: (orgId: string, partyId: string) => Key; attribute: string },
): DocumentCounts<S> {
  const read = async (key: Key) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item ?? {};
  const prefix = statusCounter('');
  return {
    totals: async (orgId) => {
      const item = await read(countsKey(orgId));
      const byStatus = Object.fromEntries(
        Object.entries(item)
          .filter(([name]) => name.startsWith(prefix))
          .map(([name, value]) => [name.slice(prefix.length), value as number]),
      ) as Partial<Record<S, number>>;
      return { all: (item.all as number | undefined) ?? 0, byStatus };
    },
    party: async (orgId, partyId) =>
      ((await read(party.key(orgId, partyId)))[party.attribute] as number | undefined) ?? 0,
  };
}

interface Page<T> {
  items: T[];
  total: number;
}

/** One index partition in sort-key order, from the key `from` on when given. */
export const rangeOf = (
  index: IndexName,
  partition: string,
  ascending: boolean,
  from?: string,
): QueryInput => ({
  TableName: tableName(),
  IndexName: index,
  KeyConditionExpression: from ? '#pk = :pk AND #sk >= :from' : '#pk = :pk',
  ExpressionAttributeNames: { '#pk': `${index}PK`, ...(from ? { '#sk': `${index}SK` } : {}) },
  ExpressionAttributeValues: { ':pk': partition, ...(from ? { ':from': from } : {}) },
  ScanIndexForward: ascending,
});

export async function countedDocumentPage<T extends { id: string }, S extends string>(options: {
  orgId: string;
  partitions: DocumentPartitions<S>;
  filter: DocumentFilter & { statuses?: readonly S[] };
  sort: { by: keyof T & string; ascending: boolean };
  window: { offset: number; limit: number };
  indexSort: keyof T & string;
  fromItem: (item: Record<string, unknown>) => T;
  counts: DocumentCounts<S>;
  /** A deep page without a remembered cursor: read the skipped rows ('read') or answer null ('decline'). */
  withoutCursor: 'read' | 'decline';
  /** A status named twice is read and counted once (otherwise as often as it is named). */
  distinctStatuses?: boolean;
  /** The most rows a page reached without a cursor may read (ListTooBroad past it). */
  budget?: ScanBudget;
}): Promise<Page<T> | null> {
  const { orgId, partitions, filter, window, fromItem, counts } = options;
  const { by, ascending } = options.sort;
  const statuses = filter.statuses;
  const partyId = filter.customerId ?? filter.supplierId;
  if (filter.search || filter.from || filter.to) return null;
  const decline = options.withoutCursor === 'decline';
  const page = async (
    index: IndexName,
    partition: string,
    total: () => Promise<number>,
  ): Promise<Page<T> | null> => {
    const cursorId = `${partition}|${index}|${ascending}`;
    if (decline && !hasListCursor(cursorId, window.offset)) return null;
    const [items, count] = await Promise.all([
      readPage(rangeOf(index, partition, ascending), {
        ...window,
        ...options.budget,
        cursorId,
        keyOf: indexKeyOf(index),
      }),
      total(),
    ]);
    return { items: items.map(fromItem), total: count };
  };
  const totals = () => counts.totals(orgId);

  if (by === 'updatedAt' && !statuses && !partyId) {
    if (!filter.modifiedSince) return page('GSI2', partitions.all(orgId), () => totals().then((t) => t.all));
    // Sort keys are `<updatedAt>\u0001<id>`: at or after the instant is the key range from it.
    const input = rangeOf('GSI2', partitions.all(orgId), ascending, filter.modifiedSince.toISOString());
    const { items, total } = await queryWindow(input, window.offset, window.limit, options.budget);
    return { items: items.map(fromItem), total };
  }
  if (by !== options.indexSort || filter.modifiedSince || (partyId && statuses)) return null;
  if (partyId) return page('GSI4', partitions.customer(orgId, partyId), () => counts.party(orgId, partyId));
  if (!statuses) return page('GSI1', partitions.all(orgId), () => totals().then((t) => t.all));
  const named = options.distinctStatuses ? [...new Set(statuses)] : statuses;
  const sum = () => totals().then((t) => named.reduce((n, s) => n + (t.byStatus[s as S] ?? 0), 0));
  if (statuses.length === 1) return page('GSI3', partitions.status(orgId, statuses[0]!), sum);
  if (decline && window.offset > 0) return null;
  return mergedStatuses({ ...options, budget: options.budget ?? {} }, named, sum());
}

/** Several statuses: each status partition read up to the window's end, merged in index order. */
async function mergedStatuses<T extends { id: string }, S extends string>(
  options: {
    orgId: string;
    partitions: DocumentPartitions<S>;
    sort: { ascending: boolean };
    window: { offset: number; limit: number };
    fromItem: (item: Record<string, unknown>) => T;
    budget: ScanBudget;
  },
  statuses: readonly S[],
  total: Promise<number>,
): Promise<Page<T>> {
  const { orgId, partitions, window } = options;
  const { ascending } = options.sort;
  const [pages, count] = await Promise.all([
    Promise.all(
      statuses.map((status) => {
        const partition = partitions.status(orgId, status);
        return readPage(rangeOf('GSI3', partition, ascending), {
          offset: 0,
          limit: window.offset + window.limit,
          ...options.budget,
          cursorId: `${partition}|GSI3|merge|${ascending}`,
          keyOf: indexKeyOf('GSI3'),
        });
      }),
    ),
    total,
  ]);
  const merged = pages.flat().sort((a, b) => {
    const x = String(a.GSI3SK);
    const y = String(b.GSI3SK);
    return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
  });
  return {
    items: merged.slice(window.offset, window.offset + window.limit).map(options.fromItem),
    total: count,
  };
}
