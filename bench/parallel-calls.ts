/**
 * What a round trip saved is worth on this DynamoDB Local (the peer part, session 38): one consistent
 * GetItem, three sent together and three one after another, of the bench organisation's products,
 * interleaved. Ours sends its first calls together (2 round trips against the peer's 5); where DynamoDB
 * Local's own work per call, not the loopback, is most of a call, three calls together cost nearly what
 * three in a row cost, and the round trips saved buy little.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { productKey } from '../functions/areas/products/store/products.js';
import { db } from '../functions/platform/dynamo/client.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { median } from './measure.js';
import { reps } from './smoke.js';

export interface ParallelCallsResult {
  rounds: number;
  /** Median ms: one GetItem, three in parallel, three sequential. */
  one: number;
  threeTogether: number;
  threeInARow: number;
}

export async function measureParallelCalls(
  orgId: string,
  productIds: readonly string[],
  rounds = reps(200),
): Promise<ParallelCallsResult> {
  const get = (i: number) =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: productKey(orgId, productIds[i % productIds.length]!),
        ConsistentRead: true,
      }),
    );
  const cases: [keyof Omit<ParallelCallsResult, 'rounds'>, () => Promise<unknown>][] = [
    ['one', () => get(0)],
    ['threeTogether', () => Promise.all([get(0), get(1), get(2)])],
    [
      'threeInARow',
      async () => {
        for (let i = 0; i < 3; i += 1) await get(i);
      },
    ],
  ];
  const samples = new Map<string, number[]>();
  const warmups = reps(20);
  for (let round = 0; round < warmups + rounds; round += 1) {
    const shift = round % cases.length;
    for (const [name, fn] of [...cases.slice(shift), ...cases.slice(0, shift)]) {
      const started = performance.now();
      await fn();
      if (round < warmups) continue;
      samples.set(name, [...(samples.get(name) ?? []), performance.now() - started]);
    }
  }
  const p50 = (name: string) => median(samples.get(name)!);
  return { rounds, one: p50('one'), threeTogether: p50('threeTogether'), threeInARow: p50('threeInARow') };
}
