/** Raw DynamoDB round trips through the same shared client (db()) the handlers use. */
import { createId } from '@paralleldrive/cuid2';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db } from '../functions/platform/dynamo/client.js';
import { productStockKey } from '../functions/areas/inventory/store/stock.js';
import { productCollection, productKey } from '../functions/areas/products/store/products.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { summarise, timed, type DbCall, type Summary } from './measure.js';
import { reps } from './smoke.js';
import type { BenchTenant } from './seed.js';

export interface BaselineEntry {
  label: string;
  command: string;
  /** Items returned (Query), keys asked (BatchGet) or transaction items (TransactWrite). */
  size: number;
  latency: Summary;
}

const scratchPut = (i: number) => ({
  Put: { TableName: tableName(), Item: { PK: `BENCH#${createId()}`, SK: String(i), entity: 'BenchScratch' } },
});

export async function measureBaseline(tenant: BenchTenant, iterations: number): Promise<BaselineEntry[]> {
  const org = tenant.orgId;
  const ids = tenant.productIds;
  const pick = (i: number) => ids[Math.abs(i) % ids.length]!;
  const kinds: { label: string; command: string; size: number; run: (i: number) => Promise<unknown> }[] = [
    {
      label: 'GetItem (product)',
      command: 'GetItem',
      size: 1,
      run: (i) =>
        db().send(
          new GetCommand({ TableName: tableName(), Key: productKey(org, pick(i)), ConsistentRead: true }),
        ),
    },
    {
      label: 'Query small (product partition, 2 items)',
      command: 'Query',
      size: 2,
      run: (i) =>
        db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': productKey(org, pick(i)).PK },
            ConsistentRead: true,
          }),
        ),
    },
    {
      label: 'Query 50 rows (GSI1 page)',
      command: 'Query',
      size: 50,
      run: () =>
        db().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': productCollection(org) },
            Limit: 50,
          }),
        ),
    },
    {
      label: 'UpdateItem (counter ADD)',
      command: 'UpdateItem',
      size: 1,
      run: () =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: `BENCH#COUNTER#${org}`, SK: 'C' },
            UpdateExpression: 'ADD #count :one',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
    },
    {
      label: 'BatchGet 50 keys (stock items)',
      command: 'BatchGetItem',
      size: 50,
      run: (i) =>
        db().send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: Array.from({ length: 50 }, (_, k) => productStockKey(org, pick(Math.abs(i) * 50 + k))),
                ConsistentRead: true,
              },
            },
          }),
        ),
    },
    {
      label: 'TransactWrite 3 puts',
      command: 'TransactWriteItems',
      size: 3,
      run: () => db().send(new TransactWriteCommand({ TransactItems: [0, 1, 2].map(scratchPut) })),
    },
    {
      label: 'TransactWrite 7 puts',
      command: 'TransactWriteItems',
      size: 7,
      run: () =>
        db().send(new TransactWriteCommand({ TransactItems: [0, 1, 2, 3, 4, 5, 6].map(scratchPut) })),
    },
  ];
  const entries: BaselineEntry[] = [];
  for (const kind of kinds) {
    const samples = await timed(iterations, reps(20), kind.run);
    entries.push({ label: kind.label, command: kind.command, size: kind.size, latency: summarise(samples) });
  }
  return entries;
}

/** Puts and Deletes are single-item writes like UpdateItem; everything else matches its own operation. */
const ALIASES: Record<string, string> = { PutItem: 'UpdateItem', DeleteItem: 'UpdateItem' };

/** The baseline entry of the same command with the nearest size (on a log scale). */
export function baselineFor(baseline: readonly BaselineEntry[], call: Pick<DbCall, 'command' | 'size'>) {
  const command = ALIASES[call.command] ?? call.command;
  const distance = (e: BaselineEntry) =>
    Math.abs(Math.log(Math.max(1, e.size)) - Math.log(Math.max(1, call.size)));
  const candidates = baseline.filter((e) => e.command === command).sort((a, b) => distance(a) - distance(b));
  return candidates[0];
}

/** The summed baseline p50 of a request's calls, as if they ran one after another. */
export const baselineSum = (baseline: readonly BaselineEntry[], calls: readonly DbCall[]): number =>
  calls.reduce((s, c) => s + (baselineFor(baseline, c)?.latency.p50 ?? Number.NaN), 0);
