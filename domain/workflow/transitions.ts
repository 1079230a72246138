import { unprocessable, type ApiError } from '../errors.js';

/** One action of a document's state machine: the statuses it may start from and the status it ends in. */
export interface Transition<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

/**
 * A document's state machine as data, one entry per action, e.g.
 * `{ confirm: { from: ['DRAFT'], to: 'CONFIRMED' }, cancel: { from: ['DRAFT', 'CONFIRMED'], to: 'CANCELLED' } }`.
 * Declare it with `satisfies Transitions<Status>` so the action names stay literal.
 */
export type Transitions<S extends string, A extends string = string> = Readonly<Record<A, Transition<S>>>;

/** The spec's 422 for an action the document's status does not allow, naming the status it actually has. */
export const transitionRefused = (
  resource: string,
  actual: string,
  action: string,
  from: readonly string[],
): ApiError => unprocessable(`${resource} is ${actual}; ${action} needs ${from.join(' or ')}`);

/**
 * Checks that `action` may start from `current` and returns the status it leads to; otherwise throws the
 * 422 naming the actual status ("Sales order is CONFIRMED; confirm needs DRAFT").
 */
export function assertCan<S extends string, A extends string>(
  table: Transitions<S, A>,
  resource: string,
  current: S,
  action: A,
): S {
  const { from, to } = table[action];
  if (!from.includes(current)) throw transitionRefused(resource, current, action, from);
  return to;
}
