/**
 * Listing for coded records (customers, suppliers): the four generic GSIs hold the sorts name, code,
 * createdAt and updatedAt under one collection key per organisation, like products.
 */
import { ListTooBroad, listScanBudget, projectedListTooBroad } from './list-budget.js';
import { queryWindow } from './query-window.js';
import { batchGet, keyId } from './batch-get.js';
import { sortKey, type Key } from './keys.js';
import { slimAttributes, slimProjection, windowOf, type SlimRow } from './slim-projection.js';
import { indexQuery } from './index-query.js';
import { GSI_KEY_ATTRIBUTES } from './table-definition.js';

export const CODED_SORT_INDEX = { name: 'GSI1', code: 'GSI2', createdAt: 'GSI3', updatedAt: 'GSI4' } as const;
export type CodedSort = keyof typeof CODED_SORT_INDEX;

export interface CodedRecord {
  id: string;
  code: string;
  name: string;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  isActive: boolean;
}

/**
 * A coded record's row in the slim projection: its four sort values (`k` is the code as written), the
 * lowercased email the search text needs beside them, and the active flag.
 */
interface CodedSlim extends SlimRow {
  n: string;
  k: string;
  c: string;
  u: string;
  e?: string | null;
  a: boolean;
  /**
   * Rows written before session 43 carry the search text itself (and `code`, equal to `k`) instead of `e`;
   * every write replaces the whole row, so their `t` is as fresh as the row.
   */
  t?: string;
  code?: string;
}

/**
 * A record's search text (name, code and email, lowercased), from its slim row: the item's `searchText`
 * (what the index reads above the ceiling filter on) and what the projected list searches.
 */
const searchTextOf = (row: CodedSlim): string => `${row.n}\n${row.k.toLowerCase()}\n${row.e ?? ''}`;
const CODED_SLIM_SORT: Record<CodedSort, 'n' | 'k' | 'c' | 'u'> = {
  name: 'n',
  code: 'k',
  createdAt: 'c',
  updatedAt: 'u',
};

/** Index attributes of a coded record; names sort case-insensitively, codes exactly as written. */
export function codedIndexAttributes(collection: string, record: CodedRecord) {
  // Sort values without the keys' id suffix: the projection breaks ties on the row's id (the same order).
  const slim: CodedSlim = {
    id: record.id,
    n: record.name.toLowerCase(),
    k: record.code,
    c: record.createdAt,
    u: record.updatedAt,
    e: record.email?.toLowerCase() ?? null,
    a: record.isActive,
  };
  return {
    GSI1PK: collection,
    GSI2PK: collection,
    GSI3PK: collection,
    GSI4PK: collection,
    GSI1SK: sortKey(slim.n, record.id),
    GSI2SK: sortKey(record.code, record.id),
    GSI3SK: sortKey(record.createdAt, record.id),
    GSI4SK: sortKey(record.updatedAt, record.id),
    searchText: searchTextOf(slim),
    ...slimAttributes(collection, slim),
  };
}

export const CODED_INDEX_ATTRIBUTES = [...GSI_KEY_ATTRIBUTES, 'searchText'] as const;

export interface CodedFilter {
  search?: string;
  /** Exact and case-sensitive. */
  code?: string;
  isActive?: boolean;
  modifiedSince?: Date;
}

/** One page of a coded collection in index order, with the total of matching rows (see docs/architecture.md). */
export async function listCoded(
  collection: string,
  filter: CodedFilter,
  sort: { by: CodedSort; ascending: boolean },
  window: { offset: number; limit: number },
  itemKey: (id: string) => Key,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  // The sync recipe reads only changed rows from the updatedAt index; everything else pages on the slim
  // projection (no maintained counts exist for these collections, so even page 1 needs it for the total).
  const syncRange = Boolean(filter.modifiedSince && sort.by === 'updatedAt');
  if (!syncRange) {
    const projected = await listProjected(collection, filter, sort, window, itemKey);
    if (projected) return projected;
  }
  const index = CODED_SORT_INDEX[sort.by];
  const input = indexQuery({
    index,
    partition: collection,
    ascending: sort.ascending,
    modifiedSince: filter.modifiedSince,
    sortsByUpdatedAt: sort.by === 'updatedAt',
    equals: { isActive: filter.isActive, code: filter.code },
    search: filter.search,
  });
  if (syncRange) return queryWindow(input, window.offset, window.limit);
  // Without the projection: a bounded index read, refused past the budget (list-budget.ts).
  try {
    return await queryWindow(input, window.offset, window.limit, { maxScanned: listScanBudget() });
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    const parameter =
      (['search', 'code', 'modifiedSince'] as const).find((name) => filter[name] !== undefined) ??
      (window.offset > 0 ? 'page' : undefined);
    throw projectedListTooBroad(collection, parameter, error.budget, 'modifiedSince and sortBy=updatedAt');
  }
}

async function listProjected(
  collection: string,
  filter: CodedFilter,
  sort: { by: CodedSort; ascending: boolean },
  window: { offset: number; limit: number },
  itemKey: (id: string) => Key,
): Promise<{ items: Record<string, unknown>[]; total: number } | null> {
  const projection = await slimProjection(collection);
  if (!projection) return null;
  const search = filter.search?.toLowerCase();
  const since = filter.modifiedSince?.toISOString();
  const matches = (row: SlimRow) => {
    const r = row as CodedSlim;
    return (
      (filter.isActive === undefined || r.a === filter.isActive) &&
      (filter.code === undefined || r.k === filter.code) &&
      (since === undefined || r.u >= since) &&
      (search === undefined || (r.t ?? searchTextOf(r)).includes(search))
    );
  };
  for (;;) {
    const { rows, total } = windowOf(
      projection.sortedBy(CODED_SLIM_SORT[sort.by]),
      matches,
      sort.ascending,
      window,
    );
    const found = await batchGet(rows.map((r) => itemKey(r.id)));
    const gone = rows.filter((r) => !found.has(keyId(itemKey(r.id))));
    if (gone.length === 0) return { items: rows.map((r) => found.get(keyId(itemKey(r.id)))!), total };
    projection.forget(gone.map((r) => r.id));
  }
}
