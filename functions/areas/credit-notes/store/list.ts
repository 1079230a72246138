/**
 * GET /credit-notes: reads the narrowest index range (customer GSI4, one status GSI3, else creditDate GSI1
 * or updatedAt GSI2), other filters as filter expressions, with the total counted over the matching range
 * (queryWindow). The createdAt sort (and updatedAt off GSI2) reads the matching range and sorts it.
 */
import type { CreditNote, CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { queryAll, queryWindow, type QueryInput } from '../../../platform/dynamo/query-window.js';
import { tableName, type IndexName } from '../../../platform/dynamo/table-definition.js';
import type { CreditNoteSort } from '../endpoints.js';
import { creditNotePartitions, creditNotes } from './credit-notes.js';

export interface CreditNoteFilter {
  statuses?: CreditNoteStatus[];
  customerId?: string;
  /** ISO instants bounding creditDate (a date-only upper bound already extended to its day's end). */
  from?: string;
  to?: string;
  modifiedSince?: Date;
  search?: string;
}

function query(
  index: IndexName,
  partition: string,
  ascending: boolean,
  filter: CreditNoteFilter,
  skip: { status?: boolean; customer?: boolean },
): QueryInput {
  const conditions: string[] = [];
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': partition };
  if (filter.statuses && !skip.status) {
    names['#status'] = 'status';
    const placeholders = filter.statuses.map((s, i) => {
      values[`:st${i}`] = s;
      return `:st${i}`;
    });
    conditions.push(`#status IN (${placeholders.join(', ')})`);
  }
  if (filter.customerId && !skip.customer) {
    values[':customerId'] = filter.customerId;
    conditions.push('customerId = :customerId');
  }
  if (filter.from) {
    values[':dateFrom'] = filter.from;
    conditions.push('creditDate >= :dateFrom');
  }
  if (filter.to) {
    values[':dateTo'] = filter.to;
    conditions.push('creditDate <= :dateTo');
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

export async function listCreditNotes(
  orgId: string,
  filter: CreditNoteFilter,
  sort: { by: CreditNoteSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: CreditNote[]; total: number }> {
  const { by, ascending } = sort;
  const statuses = filter.statuses;
  const input =
    by === 'updatedAt' && !filter.customerId && statuses?.length !== 1
      ? query('GSI2', creditNotePartitions.all(orgId), ascending, filter, {})
      : filter.customerId
        ? query('GSI4', creditNotePartitions.customer(orgId, filter.customerId), ascending, filter, {
            customer: true,
          })
        : statuses?.length === 1
          ? query('GSI3', creditNotePartitions.status(orgId, statuses[0]!), ascending, filter, {
              status: true,
            })
          : query('GSI1', creditNotePartitions.all(orgId), ascending, filter, {});
  const indexOrder =
    by === 'creditDate' ? input.IndexName !== 'GSI2' : by === 'updatedAt' && input.IndexName === 'GSI2';
  if (indexOrder) {
    const { items, total } = await queryWindow(input, window.offset, window.limit);
    return { items: items.map(creditNotes.fromItem), total };
  }
  const all = (await queryAll(input)).map(creditNotes.fromItem).sort((a, b) => {
    const x = a[by];
    const y = b[by];
    const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return ascending ? order : -order;
  });
  return { items: all.slice(window.offset, window.offset + window.limit), total: all.length };
}
