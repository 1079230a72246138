import { CREDIT_NOTE_RESOURCE, type CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { notFound } from '../../../../domain/errors.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
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
  const page = pageWindow(query.page as number, query.pageSize as number);
  const { items, total } = await listCreditNotes(
    auth.orgId,
    documentFilterOf<CreditNoteStatus>(query),
    {
      by: (query.sortBy as CreditNoteSort | undefined) ?? 'creditDate',
      ascending: query.sortDir === 'asc',
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(creditNoteSummary), total, page) };
};
