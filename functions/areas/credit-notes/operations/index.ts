import type { OperationsOf } from '../../../platform/http/types.js';
import type { CREDIT_NOTE_ENDPOINTS } from '../endpoints.js';
import { getCreditNoteOp, listCreditNotesOp } from './read.js';

export const creditNoteOperations: OperationsOf<typeof CREDIT_NOTE_ENDPOINTS> = {
  listCreditNotes: listCreditNotesOp,
  getCreditNote: getCreditNoteOp,
};
