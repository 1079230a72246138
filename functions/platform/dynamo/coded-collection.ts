/**
 * Listing for coded records (customers, suppliers): the four generic GSIs hold the sorts name, code,
 * createdAt and updatedAt under one collection key per organisation, like products.
 */
import { queryWindow } from './query-window.js';
import { sortKey } from './keys.js';
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
}

/** Index attributes of a coded record; names sort case-insensitively, codes exactly as written. */
export const codedIndexAttributes = (collection: string, record: CodedRecord) => ({
  GSI1PK: collection,
  GSI1SK: sortKey(record.name.toLowerCase(), record.id),
  GSI2PK: collection,
  GSI2SK: sortKey(record.code, record.id),
  GSI3PK: collection,
  GSI3SK: sortKey(record.createdAt, record.id),
  GSI4PK: collection,
  GSI4SK: sortKey(record.updatedAt, record.id),
  searchText: [record.name, record.code, record.email ?? ''].join('\n').toLowerCase(),
});

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
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const index = CODED_SORT_INDEX[sort.by];
  return queryWindow(
    indexQuery({
      index,
      partition: collection,
      ascending: sort.ascending,
      modifiedSince: filter.modifiedSince,
      sortsByUpdatedAt: sort.by === 'updatedAt',
      equals: { isActive: filter.isActive, code: filter.code },
      search: filter.search,
    }),
    window.offset,
    window.limit,
  );
}
