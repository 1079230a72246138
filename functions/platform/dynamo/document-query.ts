/**
 * The list query of a document collection (invoices, credit notes) on one of its index projections: the
 * partition in index order, and every other filter of the list as a FilterExpression over the document's
 * own attributes. Filters the partition already answers (a status or customer partition) are skipped.
 */
import type { QueryInput } from './query-window.js';
import { tableName, type IndexName } from './table-definition.js';

export interface DocumentFilter {
  statuses?: readonly string[];
  customerId?: string;
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
  options: { dateAttribute: string; skip: { status?: boolean; customer?: boolean } },
): QueryInput {
  const conditions: string[] = [];
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': partition };
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
  if (filter.from || filter.to) names['#date'] = options.dateAttribute;
  if (filter.from) {
    values[':dateFrom'] = filter.from;
    conditions.push('#date >= :dateFrom');
  }
  if (filter.to) {
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
    KeyConditionExpression: '#pk = :pk',
    FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: ascending,
  };
}
