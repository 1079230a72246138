/**
 * Reads of the stock ledger (one item per stock-moving document, O#<org>#LEDGER, SK `<at>#<type>#<id>`,
 * written by inventory/stock-writes.ts in the document's transaction). The reports read it by time range.
 */
import type { Movement } from '../../../../domain/inventory/movement.js';
import { QueryCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { ledgerCollection, ledgerEntries, type LedgerEntry } from '../../inventory/public.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

/** Above every sort key that starts with `instant` (ISO instants share one length; '#' follows them). */
export const afterInstant = (instant: string) => `${instant}\uffff`;

/**
 * Ledger entries in time order whose instant is after `after` (exclusive) or at/after `from`
 * (inclusive), page by page, so a long range never sits in memory whole.
 */
export async function* ledgerPages(
  orgId: string,
  range: { after: string } | { from?: string },
): AsyncGenerator<LedgerEntry[]> {
  const lower = 'after' in range ? afterInstant(range.after) : range.from;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: lower === undefined ? 'PK = :pk' : 'PK = :pk AND SK >= :lower',
        ExpressionAttributeValues: {
          ':pk': ledgerCollection(orgId),
          ...(lower === undefined ? {} : { ':lower': lower }),
        },
        // The at-date report subtracts these from stock read just before: see the newest committed.
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    yield (page.Items ?? []).map(ledgerEntries.fromItem);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every movement recorded after `instant`, across all documents. */
export async function movementsAfter(orgId: string, instant: string): Promise<Movement[]> {
  const movements: Movement[] = [];
  for await (const page of ledgerPages(orgId, { after: instant })) {
    for (const entry of page) movements.push(...entry.movements);
  }
  return movements;
}
