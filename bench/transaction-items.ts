/**
 * Where a transaction's time goes on DynamoDB Local (the peer part, session 38): TransactWriteItems of the
 * first k items of our adjustment's transaction, in our shapes (built by our builders; the same records as
 * ours, test/bench/transaction-items.test.ts), on our table and on tables without its stream or indexes,
 * interleaved, so the per-item cost behind the peer ratio is measured in the same run rather than asserted.
 *
 * k = 2 is the bare peer's pair (the adjustment and the stock item), k = 5 adds the same-effects peer's
 * ledger entry, outbox item and audit entry, k = 7 adds ours: the adjustments' count and the completed
 * idempotency record. Every round writes fresh items (each Put conditioned on `attribute_not_exists`, as
 * most of ours are), the count is an unconditioned ADD on one item, and the completion is our conditioned
 * Update of a record claimed before the timed call (the claim is not timed). The stock item is put whole,
 * as a product's first adjustment puts it (every first request of the peer part moves another product).
 */
import { createId } from '@paralleldrive/cuid2';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newAdjustment } from '../domain/inventory/adjustment.js';
import { stockLevelChanged } from '../domain/inventory/events.js';
import { locationKey } from '../domain/inventory/stock.js';
import { ADJUSTMENT_SOURCE_TYPE } from '../functions/areas/inventory/adjustment-writes.js';
import { adjustmentPutItems } from '../functions/areas/inventory/store/stock-adjustments.js';
import { ledgerPut, stockPut } from '../functions/areas/inventory/store/stock.js';
import { db } from '../functions/platform/dynamo/client.js';
import { clientConfig } from '../functions/platform/dynamo/client.js';
import { TABLE_DEFINITION, tableName } from '../functions/platform/dynamo/table-definition.js';
import type { TransactItem } from '../functions/platform/dynamo/transact.js';
import { completionPut, idempotencyRecordKey } from '../functions/platform/journal/idempotency.js';
import { auditPut, newEvent, outboxPut } from '../functions/platform/journal/journal.js';
import { median } from './measure.js';
import { reps } from './smoke.js';

/** The item counts measured: the bare peer's transaction, the same-effects peer's and ours. */
export const ITEM_COUNTS = [2, 5, 7] as const;

/**
 * The tables compared: ours (5 GSIs, a stream, TTL), a new table with our GSIs and no stream, and a plain
 * one (keys only, as Powertools' idempotency table). Not a streamed table without GSIs: on a DynamoDB Local
 * that has already written many stream records (the bench's, after seeding), a second streamed table's
 * writes slow down with that backlog (2 items 25 ms against 4 on ours in one run), which says nothing of
 * either table.
 */
type Table = 'ours' | 'gsiNoStream' | 'plain';

export interface TransactionItemsRow {
  items: number;
  /** Approximate bytes of the k items (their JSON), the same on every table. */
  bytes: number;
  /** Median ms of one TransactWriteItems on each table. */
  ours: number;
  gsiNoStream: number;
  plain: number;
}

export interface TransactionItemsResult {
  rounds: number;
  /** How long the part took, tables created and warm-ups included. */
  seconds: number;
  rows: TransactionItemsRow[];
  /** (p50 at 7 items - p50 at 2) / 5 on each table: what one more item of ours costs there. */
  perItem: { ours: number; gsiNoStream: number; plain: number };
}

/** The first k items of one adjustment's transaction, fresh keys, in the order the counts above add them. */
export function adjustmentTransaction(orgId: string, warehouseId: string) {
  const now = new Date();
  const at = now.toISOString();
  const productId = createId();
  const id = createId();
  const input = { reason: 'FOUND' as const, lines: [{ productId, warehouseId, quantityChange: 1 }] };
  const adjustment = newAdjustment(input, { id, sequence: 1, now: at });
  const [adjustmentPut, countAdd] = adjustmentPutItems(orgId, adjustment);
  const level = { warehouseId, binId: null, batchId: null, onHand: 1, reserved: 0, updatedAt: at };
  const stock = stockPut(orgId, {
    productId,
    productName: 'Bench product',
    productSku: `BENCH-${productId.slice(0, 6)}`,
    productActive: true,
    productType: 'STOCKED',
    isBatchTracked: false,
    levels: { [locationKey(warehouseId, null, null)]: level },
    version: 0,
  });
  const change = stockLevelChanged({ productId, warehouseId, onHand: 1, reserved: 0 });
  const auth = { orgId, keyId: createId(), keyName: 'API key', scopes: [], permissions: 'all' as const };
  const claim = { key: idempotencyRecordKey(orgId, auth.keyId, createId()), token: createId() };
  const items: TransactItem[] = [
    adjustmentPut!,
    stock,
    ledgerPut(orgId, {
      at,
      sourceType: ADJUSTMENT_SOURCE_TYPE,
      sourceId: id,
      sourceNumber: adjustment.adjustmentNumber,
      movements: [{ productId, warehouseId, binId: null, batchId: null, quantity: 1 }],
    }),
    outboxPut([newEvent(orgId, change.event, change.data, at)]),
    auditPut(auth, {
      id: createId(),
      at,
      requestId: createId(),
      resourceType: 'stock_adjustment',
      resourceId: id,
      action: 'create',
      changedFields: ['reason', 'lines'],
    }),
    countAdd!,
    completionPut(claim, { status: 201, body: JSON.stringify(adjustment) }, now),
  ];
  return { items, claim };
}

/** The item sent to another table: the same write, its TableName changed. */
function onTable(item: TransactItem, table: string): TransactItem {
  const [kind, write] = Object.entries(item)[0]! as [keyof TransactItem, { TableName: string }];
  return { [kind]: { ...write, TableName: table } } as TransactItem;
}

const bytesOf = (items: readonly TransactItem[]) =>
  items.reduce((sum, i) => sum + JSON.stringify(i.Put?.Item ?? i.Update ?? {}).length, 0);

/** Measures the rows (`rounds` interleaved rounds after a few warm-ups); a few seconds on a quiet machine. */
export async function measureTransactionItems(
  orgId: string,
  warehouseId: string,
  rounds = reps(60),
): Promise<TransactionItemsResult> {
  const started = performance.now();
  const names: Record<Table, string> = {
    ours: tableName(),
    gsiNoStream: `${tableName()}-bench-no-stream`,
    plain: `${tableName()}-bench-plain`,
  };
  const admin = new DynamoDBClient(clientConfig());
  const keys = {
    AttributeDefinitions: [
      { AttributeName: TABLE_DEFINITION.partitionKey, AttributeType: 'S' as const },
      { AttributeName: TABLE_DEFINITION.sortKey, AttributeType: 'S' as const },
    ],
    KeySchema: [
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' as const },
    ],
    BillingMode: 'PAY_PER_REQUEST' as const,
  };
  const indexes = TABLE_DEFINITION.globalIndexes;
  await admin.send(
    new CreateTableCommand({
      TableName: names.gsiNoStream,
      ...keys,
      AttributeDefinitions: [
        ...keys.AttributeDefinitions,
        ...indexes
          .flatMap((i) => [i.partitionKey, i.sortKey])
          .map((a) => ({
            AttributeName: a,
            AttributeType: 'S' as const,
          })),
      ],
      GlobalSecondaryIndexes: indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection:
          i.projection === 'ALL'
            ? { ProjectionType: 'ALL' as const }
            : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...i.projection] },
      })),
    }),
  );
  await admin.send(new CreateTableCommand({ TableName: names.plain, ...keys }));
  admin.destroy();

  const tables = Object.keys(names) as Table[];
  const timings = new Map<string, number[]>();
  const bytes = new Map<number, number>();
  const warmups = reps(10);
  for (let round = 0; round < warmups + rounds; round += 1) {
    const cases = ITEM_COUNTS.flatMap((k) => tables.map((table) => ({ k, table })));
    // Rotate the order each round, so no case always follows the same one.
    const shift = round % cases.length;
    for (const { k, table } of [...cases.slice(shift), ...cases.slice(0, shift)]) {
      const { items, claim } = adjustmentTransaction(orgId, warehouseId);
      const sent = items.slice(0, k).map((i) => onTable(i, names[table]));
      if (k === 7) {
        const claimed = { ...claim.key, entity: 'IdempotencyRecord', state: 'IN_FLIGHT', token: claim.token };
        await db().send(new PutCommand({ TableName: names[table], Item: claimed }));
      }
      const started = performance.now();
      await db().send(new TransactWriteCommand({ TransactItems: sent }));
      const ms = performance.now() - started;
      bytes.set(k, bytesOf(items.slice(0, k)));
      if (round < warmups) continue;
      const list = timings.get(`${k}:${table}`) ?? [];
      list.push(ms);
      timings.set(`${k}:${table}`, list);
    }
  }
  const p50 = (k: number, table: Table) => median(timings.get(`${k}:${table}`)!);
  const rows = ITEM_COUNTS.map((k) => ({
    items: k,
    bytes: bytes.get(k)!,
    ours: p50(k, 'ours'),
    gsiNoStream: p50(k, 'gsiNoStream'),
    plain: p50(k, 'plain'),
  }));
  const slope = (table: Table) => (p50(7, table) - p50(2, table)) / 5;
  return {
    rounds,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rows,
    perItem: { ours: slope('ours'), gsiNoStream: slope('gsiNoStream'), plain: slope('plain') },
  };
}
