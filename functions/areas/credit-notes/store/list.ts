/**
 * GET /credit-notes: reads the narrowest index range (customer GSI4, one status GSI3, else creditDate GSI1
 * or updatedAt GSI2), other filters as filter expressions, with the total counted over the matching range
 * (queryWindow). The createdAt sort (and updatedAt off GSI2) reads the matching range and sorts it.
 */
import type { CreditNote, CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { queryAll, queryWindow, type QueryInput } from '../../../platform/dynamo/query-window.js';
import { documentQuery } from '../../../platform/dynamo/document-query.js';
import type { IndexName } from '../../../platform/dynamo/table-definition.js';
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

const query = (
  index: IndexName,
  partition: string,
  ascending: boolean,
  filter: CreditNoteFilter,
  skip: { status?: boolean; customer?: boolean },
): QueryInput => documentQuery(index, partition, ascending, filter, { dateAttribute: 'creditDate', skip });

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
