/**
 * Reads the DynamoDB Local stream of the table the way the Lambda event source does in AWS, and hands the
 * records over in the Lambda's record shape, so the local runtime runs the same publisher code.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { clientConfig } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';

export interface StreamPoller {
  /** Records written since the last poll, in shard order. */
  poll(): Promise<DynamoDBRecord[]>;
  close(): void;
}

const toLambdaRecord = (record: _Record): DynamoDBRecord =>
  ({
    eventID: record.eventID,
    eventName: record.eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: record.dynamodb?.Keys,
      NewImage: record.dynamodb?.NewImage,
      OldImage: record.dynamodb?.OldImage,
      SequenceNumber: record.dynamodb?.SequenceNumber,
      StreamViewType: record.dynamodb?.StreamViewType,
    },
  }) as DynamoDBRecord;

/**
 * Starts at the stream's current end: what was written while the runtime was down is the sweeper's job
 * (the runtime runs one sweep at start).
 */
export async function streamPoller(): Promise<StreamPoller> {
  const config = clientConfig();
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName() }));
  dynamo.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${tableName()} has no stream`);
  /** shardId -> next iterator; null once the shard is closed and read to its end. */
  const iterators = new Map<string, string | null>();
  let started = false;

  const discover = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      // Shards that open after start are read from their beginning, or records would be skipped.
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: started ? 'TRIM_HORIZON' : 'LATEST',
        }),
      );
      iterators.set(shard.ShardId, ShardIterator ?? null);
    }
    started = true;
  };
  await discover();

  return {
    async poll() {
      await discover();
      const records: DynamoDBRecord[] = [];
      for (const [shardId, iterator] of iterators) {
        if (!iterator) continue;
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        records.push(...(page.Records ?? []).map(toLambdaRecord));
        iterators.set(shardId, page.NextShardIterator ?? null);
      }
      return records;
    },
    close() {
      streams.destroy();
    },
  };
}
