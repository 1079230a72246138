/**
 * GET /credit-notes: reads the narrowest index range (customer GSI4, one status GSI3, else creditDate GSI1
 * or updatedAt GSI2), other filters as filter expressions, with the total counted over the matching range
 * (queryWindow). The createdAt sort (and updatedAt off GSI2) reads the matching range and sorts it.
 */
import type { CreditNote, CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { listDocuments } from '../../../platform/dynamo/document-query.js';
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

export const listCreditNotes = (
  orgId: string,
  filter: CreditNoteFilter,
  sort: { by: CreditNoteSort; ascending: boolean },
  window: { offset: number; limit: number },
): Promise<{ items: CreditNote[]; total: number }> =>
  listDocuments<CreditNote, CreditNoteStatus>({
    orgId,
    partitions: creditNotePartitions,
    filter,
    sort,
    window,
    dateAttribute: 'creditDate',
    indexSort: 'creditDate',
    fromItem: creditNotes.fromItem,
  });
