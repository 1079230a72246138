import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from './table-definition.js';

/** Creates the table locally (DynamoDB Local) from the shared definition; a no-op when it exists. */
export async function ensureTable(client: DynamoDBClient, name: string): Promise<void> {
  const def = TABLE_DEFINITION;
  const keyAttributes = [
    def.partitionKey,
    def.sortKey,
    ...def.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  try {
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyAttributes.map((a) => ({ AttributeName: a, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          { AttributeName: def.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: def.globalIndexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection:
            i.projection === 'ALL'
              ? { ProjectionType: 'ALL' }
              : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.projection] },
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: name,
        TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await client.send(new DescribeTableCommand({ TableName: name }));
}
