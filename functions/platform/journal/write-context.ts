/**
 * One operation, two doors (design.md section 7): a step the back office runs from the CLI is the same
 * function the API runs as an endpoint. What differs between the doors is only who writes (the journal:
 * the acting API key with the request's Idempotency-Key, or the back office), the instant, and how a
 * write that kept losing its races ends.
 */
import { conflict } from '../../../domain/errors.js';
import { backOfficeJournal, BackOfficeError } from '../back-office/actor.js';
import type { Journal } from './journal.js';

export interface WriteContext {
  now: Date;
  journal: Journal;
  /** `what` kept changing while it was written: the API's 409, the CLI's "run the command again". */
  exhausted: (what: string) => Error;
}

/** The API door: the request's instant and journal (operation input), a 409 the client may retry. */
export const requestContext = (input: { now: Date; journal: Journal }): WriteContext => ({
  now: input.now,
  journal: input.journal,
  exhausted: (what) => conflict(`${what}; retry the request`),
});

/** The CLI door: attributed to the back office, refused for the operator to run again. */
export const backOfficeContext = (orgId: string, now: Date = new Date()): WriteContext => ({
  now,
  journal: backOfficeJournal(orgId, now),
  exhausted: (what) => new BackOfficeError(`${what}; run the command again`),
});
