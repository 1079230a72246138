/**
 * The maintained totals behind a document list (all, per status, per owner such as a customer, supplier
 * or product), moved in the document's own transaction so a total never disagrees with the items.
 */
import type { Key } from './keys.js';
import { tableName } from './table-definition.js';
import type { TransactItem } from './transact.js';

/** The counter attribute of one status on a counts item. */
export const statusCounter = (status: string): string => `status_${status}`;

export interface StatusCountChange {
  /** The document kind's counts item (`all` and one `status_<S>` per status). */
  countsKey: Key;
  /** The status the document has after the write. */
  status: string;
  /** The status it had before, null for a create (which also counts `all` and the owner). */
  from: string | null;
  /** The owner's count (an item and the attribute on it), moved by creates only. */
  owner: { key: Key; attribute: string };
}

/** The counter updates of a create (from null) or a status change. */
export function statusCountItems(change: StatusCountChange): TransactItem[] {
  const names: Record<string, string> = { '#to': statusCounter(change.status) };
  const values: Record<string, number> = { ':one': 1 };
  let update = 'ADD #to :one';
  if (change.from === null) {
    names['#all'] = 'all';
    update += ', #all :one';
  } else {
    names['#from'] = statusCounter(change.from);
    values[':minus'] = -1;
    update += ', #from :minus';
  }
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: change.countsKey,
        UpdateExpression: update,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (change.from === null) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: change.owner.key,
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': change.owner.attribute },
        ExpressionAttributeValues: { ':one': 1 },
      },
    });
  }
  return items;
}
