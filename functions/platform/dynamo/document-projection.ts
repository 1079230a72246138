/**
 * Document lists on the slim projection (slim-projection.ts): every document item (sales and purchase
 * orders, invoices, credit notes, shipments, production orders) carries a short `slim` row with what its
 * list filters and sorts on, so the lists the maintained counters cannot answer (search, dates, status
 * with party, modifiedSince on another sort, value sorts, pages reached without a remembered cursor) are
 * selected, counted, sorted and windowed in memory, and only the page's items are read, by key. The cost
 * is what was written since the container's last read plus the page, not the matching range.
 */
import { batchGet, keyId } from './batch-get.js';
import type { Key } from './keys.js';
import { slimAttributes, slimProjection, windowOf, type SlimRow } from './slim-projection.js';

/**
 * A document's slim row. Names are one letter because the row is stored twice (on the item and in GSI5);
 * it holds only what the list filters and sorts on.
 */
export interface DocumentSlim extends SlimRow {
  /** status */
  s: string;
  /** the party the list filters on: customer, supplier, sales order or product id */
  p: string;
  /** updatedAt */
  u: string;
  /** the list's date (orderDate, invoiceDate, creditDate, plannedStartDate), for dateFrom/dateTo */
  d?: string | null;
  /** createdAt, where a sort needs it apart from `d` */
  c?: string;
  /** the document number, for its sort */
  n?: string;
  /** totalAmount, for its sort (a number: sorted numerically) */
  a?: number;
  /** the search text, for `search` (contains, case-insensitive) */
  t?: string;
}

export type DocumentSlimSort = 'd' | 'c' | 'n' | 'a' | 'u';

export interface DocumentProjection<T> {
  /** The collection's GSI5 partition (the organisation's documents of this kind). */
  collection: (orgId: string) => string;
  key: (orgId: string, id: string) => Key;
  row: (record: T) => DocumentSlim;
  /** The slim field each sortBy value of the list orders by (ties broken by id). */
  sorts: Partial<Record<keyof T & string, DocumentSlimSort>>;
}

/** A document kind's projection, with the item attributes its entity writes (`slim`, GSI5PK, GSI5SK). */
export function documentProjection<T>(
  definition: DocumentProjection<T>,
): DocumentProjection<T> & { attributes: (orgId: string, record: T) => Record<string, unknown> } {
  return {
    ...definition,
    attributes: (orgId, record) => slimAttributes(definition.collection(orgId), definition.row(record)),
  };
}

/** The filters a document list applies to its rows (the same meaning as documentQuery's FilterExpression). */
export interface ProjectedDocumentFilter {
  statuses?: readonly string[];
  partyId?: string;
  /** ISO instants bounding the list's date (`d`); a document without that date never matches a bound. */
  from?: string;
  to?: string;
  modifiedSince?: Date;
  search?: string;
}

export function documentRowMatcher(filter: ProjectedDocumentFilter): (row: SlimRow) => boolean {
  const search = filter.search?.toLowerCase();
  const since = filter.modifiedSince?.toISOString();
  const { statuses, partyId, from, to } = filter;
  return (row) => {
    const r = row as DocumentSlim;
    return (
      (statuses === undefined || statuses.includes(r.s)) &&
      (partyId === undefined || r.p === partyId) &&
      (from === undefined || (typeof r.d === 'string' && r.d >= from)) &&
      (to === undefined || (typeof r.d === 'string' && r.d <= to)) &&
      (since === undefined || r.u >= since) &&
      (search === undefined || (r.t ?? '').includes(search))
    );
  };
}

/**
 * One page of a collection on its projection: the rows matching, counted, in `field` order (id tiebreak;
 * descending is that order reversed, as an index read backwards), windowed, then the page's items read by
 * key (consistent). A row whose item is gone is forgotten and the page selected again. Null when the
 * collection is larger than this container holds (the caller reads its indexes instead).
 */
export async function projectedPage<T>(options: {
  collection: string;
  field: string;
  ascending: boolean;
  window: { offset: number; limit: number };
  matches: (row: SlimRow) => boolean;
  key: (id: string) => Key;
  fromItem: (item: Record<string, unknown>) => T;
}): Promise<{ items: T[]; total: number } | null> {
  const projection = await slimProjection(options.collection);
  if (!projection) return null;
  const keyOf = (row: SlimRow) => keyId(options.key(row.id));
  for (;;) {
    const { rows, total } = windowOf(
      projection.sortedBy(options.field),
      options.matches,
      options.ascending,
      options.window,
    );
    const found = await batchGet(rows.map((r) => options.key(r.id)));
    const gone = rows.filter((r) => !found.has(keyOf(r)));
    if (gone.length === 0) return { items: rows.map((r) => options.fromItem(found.get(keyOf(r))!)), total };
    projection.forget(gone.map((r) => r.id));
  }
}

/** A page of a document list on the projection (see projectedPage), or null when it cannot hold it. */
export function listProjectedDocuments<T>(options: {
  orgId: string;
  projection: DocumentProjection<T>;
  filter: ProjectedDocumentFilter;
  sort: { by: keyof T & string; ascending: boolean };
  window: { offset: number; limit: number };
  fromItem: (item: Record<string, unknown>) => T;
}): Promise<{ items: T[]; total: number } | null> {
  const { orgId, projection, sort } = options;
  const field = projection.sorts[sort.by];
  if (!field) throw new Error(`No slim field for sorting ${projection.collection(orgId)} by ${sort.by}`);
  return projectedPage({
    collection: projection.collection(orgId),
    field,
    ascending: sort.ascending,
    window: options.window,
    matches: documentRowMatcher(options.filter),
    key: (id) => projection.key(orgId, id),
    fromItem: options.fromItem,
  });
}
