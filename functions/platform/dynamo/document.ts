/**
 * One shape for every transition of a document (an order, a note): read it, check the action against its
 * state machine, let the domain decide the next document, and write that with its counters, the other
 * records the transition moves and the journal in one transaction, re-read and decided again when a race
 * is lost. A document kind declares what differs once (how it is read, its guarded write, its counters,
 * its view); each transition gives only its action, its decision and what it adds.
 */
import type { Event } from '../../../domain/events.js';
import { notFound } from '../../../domain/errors.js';
import { assertCan, type Transitions } from '../../../domain/workflow/transitions.js';
import type { Journal } from '../journal/journal.js';
import { writeOptimistically } from './optimistic.js';
import { transact, type TransactItem, type WriteItem } from './transact.js';

export interface TransitionableDocument {
  id: string;
  status: string;
  version: number;
}

export interface DocumentTransitionsOf<D extends TransitionableDocument, A extends string, R, V> {
  /** How the 404 and the 422 name the document: "Sales order". */
  resource: string;
  /** The audit entry's resourceType: 'sales_order'. */
  auditType: string;
  transitions: Transitions<D['status'], A>;
  /** Reads the document with whatever its view shows beside it (null when it is not there: 404). */
  read: (orgId: string, id: string) => Promise<R | null>;
  /** The document in what `read` returned. */
  document: (read: R) => D;
  /**
   * The document's guarded write from `read` to `next` (conditioned on the status and version read, so a
   * lost transition is the 422 naming the actual status and a version-only race is a retry), with
   * whatever every transition of the document writes with it.
   */
  write: (orgId: string, read: D, next: D, action: A) => WriteItem[];
  /** The status counters of a change from `from` to `next.status` (written only when the status moves). */
  counters?: (orgId: string, next: D, from: D['status']) => TransactItem[];
  /** The error for a transition whose items would not fit in one transaction. */
  oversize?: (read: D, action: A, items: readonly WriteItem[]) => Error | null;
  view: (next: D, read: R) => V;
}

/** What a transition writes beside the document, read or computed once it is decided. */
export interface TransitionExtra {
  items: WriteItem[];
}

export interface TransitionRun<D, A extends string, X extends { next: D }, E extends TransitionExtra> {
  orgId: string;
  id: string;
  action: A;
  /** The domain's decision on the document as read: the next document, and whatever else it decided. */
  decide: (document: D) => X;
  /** Records the transition moves beside the document (serials, an invoice, stock), after the decision. */
  extra?: (decision: X, read: D) => E | Promise<E>;
  /** The request's journal (or the back office's). */
  journal: Journal;
  events?: (decision: X, extra: E | undefined) => Event[];
  /** The audit entry: its type, id and action are the transition's. */
  audit: { changedFields: string[]; reason?: string };
  onExhausted: () => Error;
}

export interface DocumentTransitions<D, A extends string, V> {
  run<X extends { next: D }, E extends TransitionExtra = TransitionExtra>(
    t: TransitionRun<D, A, X, E>,
  ): Promise<{ next: D; response: { status: 200; body: V } }>;
}

/**
 * A document kind's transition runner: `run` reads (404), checks the action (assertCan: 422 naming the
 * actual status), decides, and commits the guarded write, the counters when the status moves, the
 * extra items and the journal (events, audit, response) together with the default WRITE_ATTEMPTS. It
 * answers the next document and the response (200 with the view).
 */
export function documentTransitions<D extends TransitionableDocument, A extends string, R, V>(
  kind: DocumentTransitionsOf<D, A, R, V>,
): DocumentTransitions<D, A, V> {
  return {
    run: (t) =>
      writeOptimistically({
        onExhausted: t.onExhausted,
        run: async () => {
          const read = await kind.read(t.orgId, t.id);
          if (read === null) throw notFound(kind.resource);
          const document = kind.document(read);
          assertCan(kind.transitions, kind.resource, document.status, t.action);
          const decision = t.decide(document);
          const { next } = decision;
          const extra = await t.extra?.(decision, document);
          const response = { status: 200 as const, body: kind.view(next, read) };
          const { reason } = t.audit;
          const items = [
            ...kind.write(t.orgId, document, next, t.action),
            ...(kind.counters && next.status !== document.status
              ? kind.counters(t.orgId, next, document.status)
              : []),
            ...(extra?.items ?? []),
            ...t.journal.items({
              events: t.events?.(decision, extra) ?? [],
              audit: [
                {
                  resourceType: kind.auditType,
                  resourceId: next.id,
                  action: t.action,
                  changedFields: t.audit.changedFields,
                  ...(reason === undefined ? {} : { reason }),
                },
              ],
              response,
            }),
          ];
          const oversize = kind.oversize?.(document, t.action, items);
          if (oversize) throw oversize;
          await transact(items);
          return { next, response };
        },
      }),
  };
}
