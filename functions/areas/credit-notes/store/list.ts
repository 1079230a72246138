/**
 * GET /credit-notes: selected, counted, sorted and paged on the slim projection, then the page's notes
 * read by key (listDocuments). A collection too large for the projection reads the narrowest index range
 * (customer GSI4, one status GSI3, else creditDate GSI1 or updatedAt GSI2), other filters as filter
 * expressions, counting the matching range.
 */
import type { CreditNote, CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { listDocuments } from '../../../platform/dynamo/document-query.js';
import type { CreditNoteSort } from '../endpoints.js';
import { creditNotePartitions, creditNoteProjection, creditNotes } from './credit-notes.js';

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
    projection: creditNoteProjection,
  });
