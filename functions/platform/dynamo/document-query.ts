/**
 * The list query of a document collection (invoices, credit notes) on one of its index projections: the
 * partition in index order, and every other filter of the list as a FilterExpression over the document's
 * own attributes. Filters the partition already answers (a status or customer partition) are skipped.
 */
import { countedDocumentPage, rangeOf, type DocumentCounts } from './document-pages.js';
import { listProjectedDocuments, type DocumentProjection } from './document-projection.js';
import type { ApiError } from '../../../domain/errors.js';
import { ListTooBroad, listScanBudget, projectedListTooBroad } from './list-budget.js';
import { queryAll, queryWindow, type QueryInput } from './query-window.js';
import { tableName, type IndexName } from './table-definition.js';

export interface DocumentFilter {
  statuses?: readonly string[];
  customerId?: string;
  /** The party filter of supplier documents (purchase orders); they use the same party index (GSI4). */
  supplierId?: string;
  /** ISO instants bounding the document's date (a date-only upper bound already extended to its day's end). */
  from?: string;
  to?: string;
  modifiedSince?: Date;
  search?: string;
}

export function documentQuery(
  index: IndexName,
  partition: string,
  ascending: boolean,
  filter: DocumentFilter,
  options: {
    dateAttribute: string;
    skip: { status?: boolean; customer?: boolean };
    /** The index's sort keys are `<date>\u0001<id>`: the date bounds go in the key condition. */
    datesInKey?: boolean;
  },
): QueryInput {
  const conditions: string[] = [];
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': partition };
  let keyCondition = '#pk = :pk';
  const datesInKey = Boolean(options.datesInKey && (filter.from || filter.to));
  if (datesInKey) {
    names['#sk'] = `${index}SK`;
    // '\uffff' after the upper bound keeps every id of that instant.
    if (filter.from) values[':from'] = filter.from;
    if (filter.to) values[':to'] = `${filter.to}\uffff`;
    keyCondition +=
      filter.from && filter.to
        ? ' AND #sk BETWEEN :from AND :to'
        : filter.from
          ? ' AND #sk >= :from'
          : ' AND #sk <= :to';
  }
  if (filter.statuses && !options.skip.status) {
    names['#status'] = 'status';
    const placeholders = filter.statuses.map((s, i) => {
      values[`:st${i}`] = s;
      return `:st${i}`;
    });
    conditions.push(`#status IN (${placeholders.join(', ')})`);
  }
  if (filter.customerId && !options.skip.customer) {
    values[':customerId'] = filter.customerId;
    conditions.push('customerId = :customerId');
  }
  if (filter.supplierId && !options.skip.customer) {
    values[':supplierId'] = filter.supplierId;
    conditions.push('supplierId = :supplierId');
  }
  if ((filter.from || filter.to) && !datesInKey) names['#date'] = options.dateAttribute;
  if (filter.from && !datesInKey) {
    values[':dateFrom'] = filter.from;
    conditions.push('#date >= :dateFrom');
  }
  if (filter.to && !datesInKey) {
    values[':dateTo'] = filter.to;
    conditions.push('#date <= :dateTo');
  }
  if (filter.modifiedSince) {
    values[':since'] = filter.modifiedSince.toISOString();
    conditions.push('updatedAt >= :since');
  }
  if (filter.search) {
    values[':search'] = filter.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: ascending,
  };
}

/**
 * A document collection's index partitions: GSI1 and GSI2 over all, GSI3 per status, GSI4 per customer
 * (per supplier for purchase orders).
 */
export interface DocumentPartitions<S extends string> {
  all: (orgId: string) => string;
  status: (orgId: string, status: S) => string;
  customer: (orgId: string, customerId: string) => string;
}

/**
 * A page of a document list. With maintained counts the common lists read about a page from their index
 * (countedDocumentPage); everything else (and, for collections without counts, every list) is paged on
 * the slim projection (listProjectedDocuments). Only when the projection is too large for this container
 * does it read the narrowest index range for the filters (customer GSI4, one status GSI3, updatedAt GSI2
 * for that sort, else GSI1) with the rest as filters, counting the matching range for the total: GSI1,
 * GSI3 and GSI4 are ordered by `indexSort`; any other sort reads the matching range and sorts it.
 * With `changedRange`, modifiedSince alone is answered before the projection from the changed documents.
 */
export async function listDocuments<T extends { id: string }, S extends string>(options: {
  orgId: string;
  partitions: DocumentPartitions<S>;
  filter: DocumentFilter & { statuses?: readonly S[] };
  sort: { by: keyof T & string; ascending: boolean };
  window: { offset: number; limit: number };
  dateAttribute: string;
  indexSort: keyof T & string;
  /**
   * GSI1, GSI3 and GSI4 sort keys are `<dateAttribute>\u0001<id>`: a date range reads only its key range
   * when the list falls back to the index.
   */
  datesInKey?: boolean;
  fromItem: (item: Record<string, unknown>) => T;
  /** Maintained totals: with them the common lists read about a page (countedDocumentPage). */
  counts?: DocumentCounts<S>;
  /** A status named twice is read and counted once by the counted pages (otherwise as often as named). */
  distinctStatuses?: boolean;
  /**
   * modifiedSince alone (no status, party, dates or search), in any sort: read only the documents changed
   * since (the GSI2 key range from the instant) and sort them in memory, for a collection whose changed
   * set is small next to it (production orders). Without it that list is paged on the projection.
   */
  changedRange?: boolean;
  projection: DocumentProjection<T>;
  /** The query parameter of the party filter (customerId by default), named by a too-broad refusal. */
  partyParameter?: string;
}): Promise<{ items: T[]; total: number }> {
  const counted = (withoutCursor: 'read' | 'decline') =>
    options.counts ? countedDocumentPage({ ...options, counts: options.counts, withoutCursor }) : null;
  const cheap = await counted('decline');
  if (cheap) return cheap;
  const { modifiedSince } = options.filter;
  if (options.changedRange && modifiedSince && onlyModifiedSince(options.filter)) {
    const { orgId, partitions, sort, window } = options;
    const range = rangeOf('GSI2', partitions.all(orgId), sort.ascending, modifiedSince.toISOString());
    return sortedWindow((await queryAll(range)).map(options.fromItem), sort, window);
  }
  const projected = await listProjectedDocuments({
    ...options,
    filter: { ...options.filter, partyId: options.filter.customerId ?? options.filter.supplierId },
  });
  if (projected) return projected;
  // Without the projection (above its ceiling, or its snapshot being built): the index read is bounded,
  // and a list that would pass the budget is refused, naming what asked for it and what would narrow it
  // (or 503 while the snapshot is built; docs/design/slim-projection.md).
  const maxScanned = listScanBudget();
  try {
    return await indexFallback(options, { maxScanned });
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    throw refusal(options, error.budget);
  }
}

/** The list read from the narrowest index range, at most `budget.maxScanned` rows (see listDocuments). */
async function indexFallback<T extends { id: string }, S extends string>(
  options: Parameters<typeof listDocuments<T, S>>[0],
  budget: { maxScanned: number },
): Promise<{ items: T[]; total: number }> {
  if (options.counts) {
    const deep = await countedDocumentPage({
      ...options,
      counts: options.counts,
      withoutCursor: 'read',
      budget,
    });
    if (deep) return deep;
  }
  const { orgId, partitions, filter, window, fromItem } = options;
  const { by, ascending } = options.sort;
  const statuses = filter.statuses;
  const partyId = filter.customerId ?? filter.supplierId;
  const query = (index: IndexName, partition: string, skip: { status?: boolean; customer?: boolean }) =>
    documentQuery(index, partition, ascending, filter, {
      dateAttribute: options.dateAttribute,
      skip,
      datesInKey: options.datesInKey && index !== 'GSI2',
    });
  const input =
    by === 'updatedAt' && !partyId && statuses?.length !== 1
      ? query('GSI2', partitions.all(orgId), {})
      : partyId
        ? query('GSI4', partitions.customer(orgId, partyId), { customer: true })
        : statuses?.length === 1
          ? query('GSI3', partitions.status(orgId, statuses[0]!), { status: true })
          : query('GSI1', partitions.all(orgId), {});
  const byUpdatedIndex = input.IndexName === 'GSI2';
  if ((by === options.indexSort && !byUpdatedIndex) || (by === 'updatedAt' && byUpdatedIndex)) {
    const { items, total } = await queryWindow(input, window.offset, window.limit, budget);
    return { items: items.map(fromItem), total };
  }
  return sortedWindow((await queryAll(input, budget)).map(fromItem), options.sort, window);
}

/**
 * The 400 for a fallback read past the budget: it names the first parameter that widened the read
 * (search, modifiedSince, a date bound outside the key, a value sort, a deep page, then the range's own
 * bounds) and the filters that narrow the index range read; 503 while the snapshot is built.
 */
function refusal<T, S extends string>(
  options: {
    orgId: string;
    projection: DocumentProjection<T>;
    filter: DocumentFilter & { statuses?: readonly S[] };
    sort: { by: keyof T & string };
    window: { offset: number };
    indexSort: keyof T & string;
    datesInKey?: boolean;
    partyParameter?: string;
  },
  budget: number,
): ApiError {
  const { filter, sort, window } = options;
  const party = options.partyParameter ?? (filter.supplierId ? 'supplierId' : 'customerId');
  const narrowWith = `${party}, one status${options.datesInKey ? ' or dateFrom and dateTo' : ''}`;
  const parameter = filter.search
    ? 'search'
    : filter.modifiedSince
      ? 'modifiedSince'
      : filter.from && !options.datesInKey
        ? 'dateFrom'
        : filter.to && !options.datesInKey
          ? 'dateTo'
          : sort.by !== options.indexSort && sort.by !== 'updatedAt'
            ? 'sortBy'
            : window.offset > 0
              ? 'page'
              : filter.from
                ? 'dateFrom'
                : filter.to
                  ? 'dateTo'
                  : filter.statuses
                    ? 'status'
                    : filter.customerId || filter.supplierId
                      ? party
                      : undefined;
  return projectedListTooBroad(options.projection.collection(options.orgId), parameter, budget, narrowWith);
}

const onlyModifiedSince = (filter: DocumentFilter): boolean =>
  !filter.statuses &&
  !filter.customerId &&
  !filter.supplierId &&
  !filter.from &&
  !filter.to &&
  !filter.search;

/** Every matching document read: sorted in memory (id tiebreak, reversed when descending) and windowed. */
export function sortedWindow<T extends { id: string }>(
  all: T[],
  sort: { by: keyof T & string; ascending: boolean },
  window: { offset: number; limit: number },
): { items: T[]; total: number } {
  const { by, ascending } = sort;
  const sorted = all.sort((a, b) => {
    const x = a[by];
    const y = b[by];
    const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return ascending ? order : -order;
  });
  return { items: sorted.slice(window.offset, window.offset + window.limit), total: sorted.length };
}
