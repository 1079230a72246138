import type { QueryInput } from './query-window.js';
import { tableName, type IndexName } from './table-definition.js';

/**
 * The query of a list read from one of the generic sort indexes: the collection's partition in sort
 * order, `modifiedSince` in the key condition when the index sorts by updatedAt (so sync reads only
 * changed rows) and a filter otherwise, exact-match attributes and a case-insensitive search over the
 * item's `searchText` as a FilterExpression.
 */
export function indexQuery(options: {
  index: IndexName;
  partition: string;
  ascending: boolean;
  modifiedSince?: Date;
  sortsByUpdatedAt: boolean;
  /** attribute -> value it must equal; undefined values are no filter. */
  equals?: Record<string, unknown>;
  search?: string;
}): QueryInput {
  const names: Record<string, string> = { '#pk': `${options.index}PK` };
  const values: Record<string, unknown> = { ':pk': options.partition };
  const conditions: string[] = [];
  let keyCondition = '#pk = :pk';
  if (options.modifiedSince) {
    values[':since'] = options.modifiedSince.toISOString();
    if (options.sortsByUpdatedAt) {
      names['#sk'] = `${options.index}SK`;
      keyCondition += ' AND #sk >= :since';
    } else conditions.push('updatedAt >= :since');
  }
  Object.entries(options.equals ?? {})
    .filter(([, value]) => value !== undefined)
    .forEach(([attribute, value], n) => {
      names[`#eq${n}`] = attribute;
      values[`:eq${n}`] = value;
      conditions.push(`#eq${n} = :eq${n}`);
    });
  if (options.search) {
    values[':search'] = options.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  return {
    TableName: tableName(),
    IndexName: options.index,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: options.ascending,
  };
}
