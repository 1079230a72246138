/**
 * ensureTable (functions/platform/dynamo/create-table.ts) on a table kept from an earlier version: the
 * indexes added to the definition since are created on it, and the items already there are found on them.
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { clientConfig } from '../../functions/platform/dynamo/client.js';
import { ensureTable } from '../../functions/platform/dynamo/create-table.js';
import { TABLE_DEFINITION } from '../../functions/platform/dynamo/table-definition.js';

const client = new DynamoDBClient(clientConfig());
const doc = DynamoDBDocumentClient.from(client);
const name = `old-table-${Date.now()}`;

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: name }));
  client.destroy();
});

describe('ensureTable on an existing table', () => {
  it('creates the indexes the table lacks, and they serve the items written before', async () => {
    const [first, ...rest] = TABLE_DEFINITION.globalIndexes;
    const added = rest.filter((i) => i.projection === 'ALL').at(-1)!;
    // The table as an earlier version made it: without the last index of the definition.
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['PK', 'SK', first!.partitionKey, first!.sortKey].map((a) => ({
          AttributeName: a,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: first!.name,
            KeySchema: [
              { AttributeName: first!.partitionKey, KeyType: 'HASH' },
              { AttributeName: first!.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await doc.send(
      new PutCommand({
        TableName: name,
        Item: { PK: 'a', SK: 'b', [added.partitionKey]: 'p', [added.sortKey]: 's', note: 'before' },
      }),
    );

    await ensureTable(client, name);
    await ensureTable(client, name); // a second start has nothing to add

    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(
      TABLE_DEFINITION.globalIndexes.map((i) => i.name).sort(),
    );
    const { Items } = await doc.send(
      new QueryCommand({
        TableName: name,
        IndexName: added.name,
        KeyConditionExpression: '#pk = :p',
        ExpressionAttributeNames: { '#pk': added.partitionKey },
        ExpressionAttributeValues: { ':p': 'p' },
      }),
    );
    expect(Items?.map((i) => i.note)).toEqual(['before']);
  });
});
