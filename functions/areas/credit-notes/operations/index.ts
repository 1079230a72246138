import { operationsFor } from '../../../platform/http/operations-for.js';
import type { CREDIT_NOTE_ENDPOINTS } from '../endpoints.js';
import { getCreditNoteOp, listCreditNotesOp } from './read.js';
import { approveCreditNoteOp, createCreditNoteOp, voidCreditNoteOp } from './steps.js';

export const creditNoteOperations = operationsFor<typeof CREDIT_NOTE_ENDPOINTS>({
  listCreditNotes: listCreditNotesOp,
  getCreditNote: getCreditNoteOp,
  createCreditNote: createCreditNoteOp,
  approveCreditNote: approveCreditNoteOp,
  voidCreditNote: voidCreditNoteOp,
});
