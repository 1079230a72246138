import { db } from '../../functions/platform/dynamo/client.js';

/** What the list requests of a test read from DynamoDB, counted since the last reset. */
export interface ReadCount {
  /** Query calls. */
  queries: number;
  /** Items the Queries read (ScannedCount): what a list really costs, filters or not. */
  scanned: number;
  /** Keys asked of BatchGetItem: a page's items read by key. */
  gets: number;
  /** Read capacity the Queries consumed (DynamoDB's bill for what they read, filtered rows included). */
  queryRcu: number;
  /** The bytes that capacity stands for (4 KB a unit, 8 KB an eventually consistent one). */
  queryBytes: number;
}

const zero = (): ReadCount => ({ queries: 0, scanned: 0, gets: 0, queryRcu: 0, queryBytes: 0 });

/**
 * Adds a counter of the shared client's reads (once per name: the client outlives a test file's hooks)
 * and returns the live counts with their reset.
 */
export function countReads(name: string): { count: ReadCount; reset: () => void } {
  const count = zero();
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { ReturnConsumedCapacity?: string; ConsistentRead?: boolean };
      if (context.commandName === 'QueryCommand') input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      if (context.commandName === 'QueryCommand') {
        const output = result.output as {
          ScannedCount?: number;
          ConsumedCapacity?: { CapacityUnits?: number };
        };
        const units = output.ConsumedCapacity?.CapacityUnits ?? 0;
        count.queries += 1;
        count.scanned += output.ScannedCount ?? 0;
        count.queryRcu += units;
        count.queryBytes += units * (input.ConsistentRead ? 4_096 : 8_192);
      }
      if (context.commandName?.startsWith('BatchGet')) {
        const requests = Object.values(
          (args.input as { RequestItems: Record<string, { Keys: unknown[] }> }).RequestItems,
        );
        count.gets += requests.reduce((n, r) => n + r.Keys.length, 0);
      }
      return result;
    },
    { step: 'initialize', name },
  );
  return { count, reset: () => Object.assign(count, zero()) };
}
