import { notFound } from '../../../domain/errors.js';
import { transitionRefused, type Transition } from '../../../domain/workflow/transitions.js';
import type { Key } from './keys.js';
import { tableName } from './table-definition.js';
import { guard, type GuardedItem } from './transact.js';

export interface TransitionWrite<S extends string> {
  key: Key;
  /** How the 422 names the document: "Sales order". */
  resource: string;
  action: string;
  transition: Transition<S>;
  /** The version the document was read at; the write moves it on by one. */
  version: number;
  /** Other attributes the transition sets (confirmedAt, updatedAt, ...). */
  set?: Record<string, unknown>;
  statusAttribute?: string;
  /**
   * An attribute whose presence blocks the transition (a marker of work in parts on the document), and
   * the error the client gets when it is there.
   */
  blockedBy?: { attribute: string; error: () => Error };
}

/**
 * The Update that moves a document along its state machine, conditioned on both the status and the version
 * it was read at, so the transition itself is the lock. When the condition fails, the document as it stood
 * tells which: another status means the transition was lost (422 naming the actual status), the same
 * status with a new version is only a race with another writer ('retry': re-read and decide again).
 */
export function transitionUpdate<S extends string>(write: TransitionWrite<S>): GuardedItem {
  const status = write.statusAttribute ?? 'status';
  const set = Object.entries(write.set ?? {});
  const from = write.transition.from.map((_, i) => `:from${i}`);
  return guard(
    {
      Update: {
        TableName: tableName(),
        Key: write.key,
        UpdateExpression: `SET ${['#status = :to', '#version = :next', ...set.map((_, i) => `#s${i} = :s${i}`)].join(', ')}`,
        ConditionExpression: `#status IN (${from.join(', ')}) AND #version = :version${
          write.blockedBy ? ' AND attribute_not_exists(#blockedBy)' : ''
        }`,
        ExpressionAttributeNames: {
          '#status': status,
          '#version': 'version',
          ...(write.blockedBy ? { '#blockedBy': write.blockedBy.attribute } : {}),
          ...Object.fromEntries(set.map(([name], i) => [`#s${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':to': write.transition.to,
          ':version': write.version,
          ':next': write.version + 1,
          ...Object.fromEntries(write.transition.from.map((s, i) => [`:from${i}`, s])),
          ...Object.fromEntries(set.map(([, value], i) => [`:s${i}`, value])),
        },
        // The failed item comes back with the cancellation, so the 422 names the status without a re-read.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => {
      if (!old) return notFound(write.resource);
      if (write.blockedBy && old[write.blockedBy.attribute] !== undefined) return write.blockedBy.error();
      const actual = old[status];
      if (typeof actual === 'string' && !(write.transition.from as readonly string[]).includes(actual)) {
        return transitionRefused(write.resource, actual, write.action, write.transition.from);
      }
      return 'retry';
    },
  );
}
