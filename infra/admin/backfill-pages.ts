/**
 * The items one backfill visits, page by page: with `--org`, that organisation's own partition (a Query),
 * so the work grows with the organisation and not with the table; otherwise the whole table (a Scan,
 * filtered). The same filter and projection either way.
 */
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';

type Values = Record<string, NativeAttributeValue>;

export interface BackfillRead {
  /** The items still to do (the partition's, or the table's). */
  filter: string;
  names?: Record<string, string>;
  values: Values;
  projection?: string;
  /** One organisation's partition: the table's (no index) or an index's; absent, the table is scanned. */
  partition?: { index?: 'GSI1'; key: string };
}

export async function* backfillPages(read: BackfillRead): AsyncGenerator<Record<string, unknown>[]> {
  const { partition } = read;
  const pk = partition ? `${partition.index ?? ''}PK` : undefined;
  let startKey: Record<string, unknown> | undefined;
  const names = { ...read.names, ...(pk ? { '#partition': pk } : {}) };
  do {
    const common = {
      TableName: tableName(),
      FilterExpression: read.filter,
      // DynamoDB refuses an empty map.
      ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
      ExpressionAttributeValues: { ...read.values, ...(partition ? { ':partition': partition.key } : {}) },
      ProjectionExpression: read.projection,
      ExclusiveStartKey: startKey,
    };
    const page = await db().send(
      partition
        ? new QueryCommand({
            ...common,
            IndexName: partition.index,
            KeyConditionExpression: '#partition = :partition',
          })
        : new ScanCommand(common),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
