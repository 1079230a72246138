import { CREDIT_NOTE_RESOURCE, type CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { invalidParameter, notFound } from '../../../../domain/errors.js';
import { canBeId } from '../../../../domain/ids.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
import type { Operation } from '../../../platform/http/types.js';
import type { CreditNoteSort } from '../endpoints.js';
import { getCreditNote } from '../store/credit-notes.js';
import { listCreditNotes } from '../store/list.js';
import { creditNoteDetail, creditNoteSummary } from '../view.js';

export const getCreditNoteOp: Operation = async ({ auth, params }) => {
  const note = await getCreditNote(auth.orgId, params.id!);
  if (!note) throw notFound(CREDIT_NOTE_RESOURCE);
  return { body: creditNoteDetail(note) };
};

export const listCreditNotesOp: Operation = async ({ auth, query }) => {
  const customerId = query.customerId as string | undefined;
  if (customerId !== undefined && !canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
  const page = pageWindow(query.page as number, query.pageSize as number);
  const { items, total } = await listCreditNotes(
    auth.orgId,
    {
      statuses: query.status as CreditNoteStatus[] | undefined,
      customerId,
      from: query.dateFrom as string | undefined,
      to: query.dateTo as string | undefined,
      modifiedSince: query.modifiedSince as Date | undefined,
      search: query.search as string | undefined,
    },
    {
      by: (query.sortBy as CreditNoteSort | undefined) ?? 'creditDate',
      ascending: query.sortDir === 'asc',
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(creditNoteSummary), total, page) };
};
