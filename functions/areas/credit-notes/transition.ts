import { CREDIT_NOTE_RESOURCE, CREDIT_NOTE_TRANSITIONS } from '../../../domain/credit-notes/credit-note.js';
import { documentTransitions } from '../../platform/dynamo/document.js';
import { creditNoteReplaceItem, getCreditNote } from './store/credit-notes.js';
import { creditNoteDetail } from './view.js';

/**
 * The transitions of a note (approve, void): the note put whole, conditioned on the version read, with
 * the transition's effects and journal in one transaction (a lost race re-reads and decides again). The
 * answer is the note's detail.
 */
export const creditNoteTransitions = documentTransitions({
  resource: CREDIT_NOTE_RESOURCE,
  auditType: 'credit_note',
  transitions: CREDIT_NOTE_TRANSITIONS,
  read: getCreditNote,
  document: (note) => note,
  write: (orgId, read, next) => [creditNoteReplaceItem(orgId, next, read)],
  view: (next) => creditNoteDetail(next),
});
