import { CREDIT_NOTE_STATUSES, type CreditNoteStatus } from '../../../../domain/credit-notes/credit-note.js';

/** The query key prefix of everything read from /credit-notes: an action invalidates it all. */
export const CREDIT_NOTES = ['credit-notes'] as const;

export const creditNoteStatusesOf = (value: string | undefined): CreditNoteStatus[] | undefined => {
  const statuses = (value ?? '')
    .split(',')
    .filter((status): status is CreditNoteStatus =>
      (CREDIT_NOTE_STATUSES as readonly string[]).includes(status),
    );
  return statuses.length > 0 ? statuses : undefined;
};
