import { db } from '../../functions/platform/dynamo/client.js';

/** What the list requests of a test read from DynamoDB, counted since the last reset. */
export interface ReadCount {
  /** Query calls. */
  queries: number;
  /** Items the Queries read (ScannedCount): what a list really costs, filters or not. */
  scanned: number;
  /** Keys asked of BatchGetItem: a page's items read by key. */
  gets: number;
}

/**
 * Adds a counter of the shared client's reads (once per name: the client outlives a test file's hooks)
 * and returns the live counts with their reset.
 */
export function countReads(name: string): { count: ReadCount; reset: () => void } {
  const count: ReadCount = { queries: 0, scanned: 0, gets: 0 };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand') {
        count.queries += 1;
        count.scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
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
  return { count, reset: () => Object.assign(count, { queries: 0, scanned: 0, gets: 0 }) };
}
