import { TransactionCanceledException, type CancellationReason } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { db } from './client.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What a failed condition means: the rule the write broke (thrown as is), or 'retry' when the write only
 * lost a race with another writer and may be re-read and decided again.
 */
export type FailureMeaning = Error | 'retry';

/** `old` is the item as it stood when the condition failed; only items that ask for ALL_OLD receive it. */
export type OnFail = (old?: Record<string, unknown>) => FailureMeaning;

export interface GuardedItem {
  readonly item: TransactItem;
  readonly onFail: OnFail;
}

/** A transaction item, guarded with what its failure means or, unguarded, a race ('retry') when it fails. */
export type WriteItem = TransactItem | GuardedItem;

export const guard = (item: TransactItem, onFail: OnFail): GuardedItem => ({ item, onFail });

export const isGuardedItem = (item: WriteItem): item is GuardedItem => 'onFail' in item;
const isGuarded = isGuardedItem;
const plain = (item: WriteItem): TransactItem => (isGuarded(item) ? item.item : item);

/**
 * The transaction lost a race: a condition that only guards against concurrent writers failed. Nothing
 * was written; the optimistic helper re-reads and decides again, anything else reports it as a failure.
 */
export class WriteRace extends Error {
  override name = 'WriteRace';
}

/** DynamoDB's limit on the items of one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Whether `count` items (or these items) can commit in one transaction. */
export const fitsOneTransaction = (count: number | readonly WriteItem[]): boolean =>
  (typeof count === 'number' ? count : count.length) <= MAX_TRANSACTION_ITEMS;

/**
 * A transaction over DynamoDB's item limit: a bug in the caller, which should have split the write into
 * parts (platform/dynamo/parts.ts), refused here before DynamoDB answers with an opaque ValidationException.
 */
export class TooManyTransactionItems extends Error {
  override name = 'TooManyTransactionItems';
  constructor(count: number) {
    super(`A transaction holds at most ${MAX_TRANSACTION_ITEMS} items; this one has ${count}`);
  }
}

/**
 * Items a transaction may only be sent with once their `ready` resolves: the completed idempotency record
 * of a request whose key is claimed beside its first reads (http/idempotency.ts), so the write waits for
 * the claim and a refused claim writes nothing. Kept beside the items rather than in them because the
 * journal's items are plain TransactItems to the many writes that add them.
 */
const holds = new WeakMap<TransactItem, () => Promise<void>>();

/** `item`, held: a transaction holding it is sent once `ready` resolves, or not at all if it rejects. */
export function holdUntil(item: TransactItem, ready: () => Promise<void>): TransactItem {
  holds.set(item, ready);
  return item;
}

const released = (items: readonly WriteItem[]): Promise<unknown> | undefined => {
  const waits = items.flatMap((i) => holds.get(plain(i)) ?? []);
  return waits.length > 0 ? Promise.all(waits.map((ready) => ready())) : undefined;
};

/** Transactions that only collided with another transaction on a shared item (a counter) are re-run. */
const CONFLICT_ATTEMPTS = 8;

/**
 * Runs a transaction. When it is cancelled by failed conditions, throws what the failed items mean:
 * a `WriteRace` when any of them means 'retry' (the write was decided on a stale read, so no rule it
 * seemed to break can be trusted), otherwise the first failed item's error. A cancellation caused only by
 * a concurrent transaction on the same item is retried here with jittered backoff; anything else is thrown.
 * Held items (holdUntil) are waited for before anything is sent.
 */
export async function transact(items: readonly WriteItem[]): Promise<void> {
  if (!fitsOneTransaction(items)) throw new TooManyTransactionItems(items.length);
  await released(items);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items.map(plain) }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw await meaningOf(items, reasons);
      const conflicted = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!conflicted || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

async function meaningOf(items: readonly WriteItem[], reasons: CancellationReason[]): Promise<Error> {
  const meanings: FailureMeaning[] = [];
  for (const [i, reason] of reasons.entries()) {
    const item = items[i];
    if (reason.Code !== 'ConditionalCheckFailed' || !item) continue;
    meanings.push(isGuarded(item) ? item.onFail(await oldItem(item.item, reason)) : 'retry');
  }
  if (meanings.includes('retry')) return new WriteRace('A concurrent write changed what this write read');
  return meanings.find((m): m is Error => m instanceof Error) ?? new WriteRace('The write was cancelled');
}

/**
 * The item a failed condition saw, for items that ask for it with ALL_OLD. DynamoDB returns it in the
 * cancellation reason; where it does not (an emulator), a consistent read stands in for it.
 */
async function oldItem(
  item: TransactItem,
  reason: CancellationReason,
): Promise<Record<string, unknown> | undefined> {
  const write = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
  if (write?.ReturnValuesOnConditionCheckFailure !== 'ALL_OLD') return undefined;
  if (reason.Item) return unmarshall(reason.Item);
  const key = item.Put
    ? { PK: item.Put.Item?.PK, SK: item.Put.Item?.SK }
    : (item.Update ?? item.Delete ?? item.ConditionCheck)?.Key;
  const { Item } = await db().send(
    new GetCommand({ TableName: write.TableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}

/**
 * A transaction cancelled because another transaction held one of its items (DynamoDB serialises writers
 * per item). Nothing was written; the caller may re-read and try again.
 */
export const isTransactionConflict = (error: unknown): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
