import { CREDIT_NOTE_RESOURCE } from '../../../../domain/credit-notes/credit-note.js';
import { notFound } from '../../../../domain/errors.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { CREDIT_NOTE_ENDPOINTS } from '../endpoints.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
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

export const listCreditNotesOp: OperationOf<typeof CREDIT_NOTE_ENDPOINTS, 'listCreditNotes'> =
  documentListOperation({
    list: listCreditNotes,
    view: creditNoteSummary,
    defaultSort: 'creditDate',
  });
