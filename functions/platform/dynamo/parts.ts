/**
 * Writing a document change in parts when it does not fit one transaction (docs/architecture.md,
 * "Transactions beyond 100 items"). A marker on the document item journals the write: the first part sets
 * it (conditioned on the status and version the change was decided on, and on no marker), every later part
 * moves its step on (conditioned on its token and step, so two requests can never apply the same part),
 * and the last part replaces the document (the marker goes with it) or, undoing, removes it. Whoever meets
 * a marker older than any request could live settles it: finishes the write or undoes it, whichever way
 * the area says an interrupted write goes.
 */
import { notFound } from '../../../domain/errors.js';
import { transitionRefused } from '../../../domain/workflow/transitions.js';
import type { Key } from './keys.js';
import { tableName } from './table-definition.js';
import { WRITE_ATTEMPTS } from './optimistic.js';
import { guard, isTransactionConflict, WriteRace, type GuardedItem, type OnFail } from './transact.js';

/** The marker's own attributes; an area's marker adds what a part holds (reservations, deltas, events). */
export interface Marker {
  token: string;
  startedAt: string;
  /** Moves on with every write of the marker after the first. */
  step: number;
  /** Where a write with a prepare phase stands (goods receipts: PREPARE, then COMMITTED). */
  phase?: string;
}

/** A marker older than this was left by a request that died (longer than any Lambda timeout). */
export const STALE_MARKER_MS = 60_000;

/** What the first part is conditioned on: the document still in a status the change starts from. */
export interface MarkerStart {
  /** The version the change was decided on; the first part moves it on. */
  version: number;
  from: readonly string[];
  resource: string;
  action: string;
  /** Markers of other writes in parts that must not be under way either. */
  without?: readonly string[];
}

/** The fields a later part sets in the marker, and the lists it appends to. */
export interface MarkerStep {
  set?: Record<string, unknown>;
  append?: Record<string, unknown[]>;
}

/**
 * The guarded writes of the marker `attribute` on the document at `key`. With `countsVersion`, every
 * write of the marker moves the document's version on (readers deciding on it lose their race).
 */
export function markerItems(key: Key, attribute: string, { countsVersion = false } = {}) {
  const condition = (marker: Pick<Marker, 'token' | 'step'>) => ({
    ConditionExpression: '#p.#token = :token AND #p.#step = :step',
    names: { '#p': attribute, '#token': 'token', '#step': 'step' },
    values: { ':token': marker.token, ':step': marker.step },
  });
  const version = countsVersion ? { add: ' ADD #version :one', names: { '#version': 'version' } } : null;
  const versionValues = countsVersion ? { ':one': 1 } : {};
  return {
    /** The first part: sets the marker; a refused status is the transition's 422, a missing document 404. */
    start(marker: Marker, { version: read, from, resource, action, without = [] }: MarkerStart): GuardedItem {
      const statuses = Object.fromEntries(from.map((s, i) => [`:s${i}`, s]));
      return guard(
        {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET #p = :marker, #version = :next',
            ConditionExpression: [
              `#status IN (${Object.keys(statuses).join(', ')})`,
              '#version = :version',
              'attribute_not_exists(#p)',
              ...without.map((other) => `attribute_not_exists(${other})`),
            ].join(' AND '),
            ExpressionAttributeNames: { '#p': attribute, '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: {
              ...statuses,
              ':marker': marker,
              ':version': read,
              ':next': read + 1,
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        (old) => {
          if (!old) return notFound(resource);
          const actual = old.status as string;
          if (!from.includes(actual)) return transitionRefused(resource, actual, action, from);
          return 'retry';
        },
      );
    },

    /** A later part: the step moved on, the part's fields set and its lists appended to. */
    step(marker: Pick<Marker, 'token' | 'step'>, { set = {}, append = {} }: MarkerStep, onFail: OnFail) {
      const { ConditionExpression, names, values } = condition(marker);
      const fields = [...Object.keys(set), ...Object.keys(append)];
      return guard(
        {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression:
              [
                'SET #p.#step = :next',
                ...Object.keys(set).map((f) => `#p.#${f} = :${f}`),
                ...Object.keys(append).map((f) => `#p.#${f} = list_append(#p.#${f}, :${f})`),
              ].join(', ') + (version?.add ?? ''),
            ConditionExpression,
            ExpressionAttributeNames: {
              ...names,
              ...version?.names,
              ...Object.fromEntries(fields.map((f) => [`#${f}`, f])),
            },
            ExpressionAttributeValues: {
              ...values,
              ...versionValues,
              ':next': marker.step + 1,
              ...Object.fromEntries(Object.entries({ ...set, ...append }).map(([f, v]) => [`:${f}`, v])),
            },
          },
        },
        onFail,
      );
    },

    /** The last part: the finished document replaces the item, the marker with it. */
    finish(item: Record<string, unknown>, marker: Pick<Marker, 'token' | 'step'>, onFail: OnFail) {
      const { ConditionExpression, names, values } = condition(marker);
      return guard(
        {
          Put: {
            TableName: tableName(),
            Item: item,
            ConditionExpression,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        onFail,
      );
    },

    /** Undone: the marker removed, the document as it was before the write. */
    remove(marker: Pick<Marker, 'token' | 'step'>, onFail: OnFail): GuardedItem {
      const { ConditionExpression, names, values } = condition(marker);
      return guard(
        {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'REMOVE #p' + (version?.add ?? ''),
            ConditionExpression,
            ExpressionAttributeNames: { ...names, ...version?.names },
            ExpressionAttributeValues: { ...values, ...versionValues },
          },
        },
        onFail,
      );
    },
  };
}

/**
 * A marker met by another request: while it may still be running, its write is in progress (`busy`, a
 * 409); once stale, it is finished or undone, and the caller reads the document again (a lost race).
 */
export async function settle(
  marker: Pick<Marker, 'startedAt'>,
  how: { now: Date; staleAfterMs: number; busy: () => Error } & (
    { finish: () => Promise<unknown> } | { undo: () => Promise<unknown> }
  ),
): Promise<never> {
  if (how.now.getTime() - Date.parse(marker.startedAt) < how.staleAfterMs) throw how.busy();
  await ('finish' in how ? how.finish() : how.undo());
  throw new WriteRace(`An interrupted write in parts was ${'finish' in how ? 'finished' : 'undone'}`);
}

export const isRace = (error: unknown) => error instanceof WriteRace || isTransactionConflict(error);

/**
 * Runs one part until it stops losing races on what it read (each run re-reads), at most `attempts`
 * times; the last loss, or any other failure, is thrown. No wait between runs: a part holds a marker
 * that blocks the document's other writers until it is through.
 */
export async function retryPart<T>(
  run: (attempt: number) => Promise<T>,
  attempts = WRITE_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(attempt);
    } catch (error) {
      if (isRace(error) && attempt < attempts) continue;
      throw error;
    }
  }
}
