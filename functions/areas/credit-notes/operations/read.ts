import { CREDIT_NOTE_RESOURCE, type CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';
import { notFound } from '../../../../domain/errors.js';
import { paginate, pageOf } from '../../../../domain/listing/pagination.js';
import { documentFilterOf } from '../../../platform/http/document-filter.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { CREDIT_NOTE_ENDPOINTS } from '../endpoints.js';
import { getCreditNote } from '../store/credit-notes.js';
import { listCreditNotes } from '../store/list.js';
import { creditNoteDetail, creditNoteSummary } from '../view.js';

export const getCreditNoteOp: OperationOf<typeof CREDIT_NOTE_ENDPOINTS, 'getCreditNote'> = async ({
  auth,
  params,
}) => {
  const note = await getCreditNote(auth.orgId, params.id);
  if (!note) throw notFound(CREDIT_NOTE_RESOURCE);
  return { body: creditNoteDetail(note) };
};

export const listCreditNotesOp: OperationOf<typeof CREDIT_NOTE_ENDPOINTS, 'listCreditNotes'> = async ({
  auth,
  query,
}) => {
  const page = pageOf(query);
  const { items, total } = await listCreditNotes(
    auth.orgId,
    documentFilterOf<CreditNoteStatus>(query),
    {
      by: query.sortBy ?? 'creditDate',
      ascending: query.sortDir === 'asc',
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(creditNoteSummary), total, page) };
};
