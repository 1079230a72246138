/**
 * `credit-note approve` and `credit-note void`, and `POST /credit-notes/{id}/approve|void` (design.md
 * sections 5 and 7). Approval applies the whole credit to
 * the linked invoice (an invoice it settles becomes PAID), lowers the customer's outstandingBalance and
 * books returned stock into the warehouse; voiding an APPROVED note reverses all three (a DRAFT one just
 * becomes VOID). Everything commits in one transaction with the note put (conditioned on the version
 * read), the event and the audit entry; a lost race re-reads and decides again.
 */
import { approveCreditNote, voidCreditNote } from '../../../../domain/credit-notes/credit-note.js';
import { creditNoteApproved, creditNoteVoided } from '../../../../domain/credit-notes/events.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { creditNoteTransitions } from '../transition.js';
import { creditNoteEffects, type CreditNoteEffects } from './effects.js';

const exhausted = (context: WriteContext) => () =>
  context.exhausted('The credit note, its invoice or the stock kept changing');

const NO_EFFECTS: CreditNoteEffects = { items: [], events: [], invoice: null };

export async function approveCreditNoteCommand(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  const { response } = await creditNoteTransitions.run({
    orgId,
    id: input.id,
    action: 'approve',
    decide: (note) => ({ next: approveCreditNote(note, at) }),
    extra: ({ next }) => creditNoteEffects(orgId, next, 1, at),
    journal: context.journal,
    events: ({ next }, effects = NO_EFFECTS) => [
      creditNoteApproved(next, effects.invoice?.invoice ?? null),
      ...effects.events,
    ],
    audit: { changedFields: ['status', 'approvedAt'] },
    onExhausted: exhausted(context),
  });
  return response.body;
}

export async function voidCreditNoteCommand(
  input: { orgId: string; id: string; reason?: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  const { response } = await creditNoteTransitions.run({
    orgId,
    id: input.id,
    action: 'void',
    decide: (note) => {
      const { note: next, reversesEffects } = voidCreditNote(note, at, input.reason ?? null);
      return { next, reversesEffects };
    },
    extra: ({ next, reversesEffects }) =>
      reversesEffects ? creditNoteEffects(orgId, next, -1, at) : NO_EFFECTS,
    journal: context.journal,
    events: ({ next }, effects = NO_EFFECTS) => [
      creditNoteVoided(next, effects.invoice?.invoice ?? null),
      ...effects.events,
    ],
    audit: { changedFields: ['status', 'voidedAt', 'voidReason'] },
    onExhausted: exhausted(context),
  });
  return response.body;
}
