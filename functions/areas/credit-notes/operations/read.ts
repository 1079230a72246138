import { CREDIT_NOTE_RESOURCE } from '../../../../domain/credit-notes/credit-note.js';
import { notFound } from '../../../../domain/errors.js';
import { documentListOperation } from '../../../platform/http/document-list.js';
import type { Operation } from '../../../platform/http/types.js';
import { getCreditNote } from '../store/credit-notes.js';
import { listCreditNotes } from '../store/list.js';
import { creditNoteDetail, creditNoteSummary } from '../view.js';

export const getCreditNoteOp: Operation = async ({ auth, params }) => {
  const note = await getCreditNote(auth.orgId, params.id!);
  if (!note) throw notFound(CREDIT_NOTE_RESOURCE);
  return { body: creditNoteDetail(note) };
};

export const listCreditNotesOp = documentListOperation({
  list: listCreditNotes,
  view: creditNoteSummary,
  defaultSort: 'creditDate',
});
