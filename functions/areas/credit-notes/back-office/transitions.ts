/**
 * `credit-note approve` and `credit-note void` (design.md section 5). Approval applies the whole credit to
 * the linked invoice (an invoice it settles becomes PAID), lowers the customer's outstandingBalance and
 * books returned stock into the warehouse; voiding an APPROVED note reverses all three (a DRAFT one just
 * becomes VOID). Everything commits in one transaction with the note put (conditioned on the version
 * read), the event and the audit entry; a lost race re-reads and decides again.
 */
import {
  approveCreditNote,
  CREDIT_NOTE_RESOURCE,
  voidCreditNote,
} from '../../../../domain/credit-notes/credit-note.js';
import { creditNoteApproved, creditNoteVoided } from '../../../../domain/credit-notes/events.js';
import { notFound } from '../../../../domain/errors.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { creditNoteReplaceItem, getCreditNote } from '../store/credit-notes.js';
import { creditNoteDetail } from '../view.js';
import { creditNoteEffects } from './effects.js';

export async function approveCreditNoteCommand(input: { orgId: string; id: string }) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const note = await getCreditNote(orgId, input.id);
      if (!note) throw notFound(CREDIT_NOTE_RESOURCE);
      const next = approveCreditNote(note, at);
      const effects = await creditNoteEffects(orgId, next, 1, at);
      await transact([
        creditNoteReplaceItem(orgId, next, note),
        ...effects.items,
        ...backOfficeJournal(orgId, now).items({
          events: [creditNoteApproved(next, effects.invoice?.invoice ?? null), ...effects.events],
          audit: [
            {
              resourceType: 'credit_note',
              resourceId: next.id,
              action: 'approve',
              changedFields: ['status', 'approvedAt'],
            },
          ],
        }),
      ]);
      return creditNoteDetail(next);
    },
    onExhausted: () =>
      new BackOfficeError('The credit note, its invoice or the stock kept changing; run the command again'),
  });
}

export async function voidCreditNoteCommand(input: { orgId: string; id: string; reason?: string }) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const note = await getCreditNote(orgId, input.id);
      if (!note) throw notFound(CREDIT_NOTE_RESOURCE);
      const { note: next, reversesEffects } = voidCreditNote(note, at, input.reason ?? null);
      const effects = reversesEffects
        ? await creditNoteEffects(orgId, next, -1, at)
        : { items: [], events: [], invoice: null };
      await transact([
        creditNoteReplaceItem(orgId, next, note),
        ...effects.items,
        ...backOfficeJournal(orgId, now).items({
          events: [creditNoteVoided(next, effects.invoice?.invoice ?? null), ...effects.events],
          audit: [
            {
              resourceType: 'credit_note',
              resourceId: next.id,
              action: 'void',
              changedFields: ['status', 'voidedAt', 'voidReason'],
            },
          ],
        }),
      ]);
      return creditNoteDetail(next);
    },
    onExhausted: () =>
      new BackOfficeError('The credit note, its invoice or the stock kept changing; run the command again'),
  });
}
