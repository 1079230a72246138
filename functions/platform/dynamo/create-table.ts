import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from './table-definition.js';

type IndexDefinition = (typeof TABLE_DEFINITION.globalIndexes)[number];

const indexSpec = (i: IndexDefinition): GlobalSecondaryIndex => ({
  IndexName: i.name,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' },
    { AttributeName: i.sortKey, KeyType: 'RANGE' },
  ],
  Projection:
    i.projection === 'ALL'
      ? { ProjectionType: 'ALL' }
      : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.projection] },
});

/**
 * Creates the table locally (DynamoDB Local) from the shared definition. When it exists (a data directory
 * kept from an earlier version), the indexes added to the definition since are created on it, one
 * UpdateTable each as DynamoDB requires, so `npm start` on old data serves the reads that need them.
 */
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
        GlobalSecondaryIndexes: def.globalIndexes.map(indexSpec),
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
    await addMissingIndexes(client, name);
  }
  await client.send(new DescribeTableCommand({ TableName: name }));
}

async function addMissingIndexes(client: DynamoDBClient, name: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of TABLE_DEFINITION.globalIndexes) {
    if (present.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: 'S' },
          { AttributeName: index.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [{ Create: indexSpec(index) }],
      }),
    );
    await untilActive(client, name, index.name);
  }
}

/** DynamoDB refuses the next index while one is being built, and a read of it until it is active. */
async function untilActive(client: DynamoDBClient, name: string, indexName: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    const index = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName);
    if (index?.IndexStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Index ${indexName} of table ${name} was not active after 2 minutes`);
}
