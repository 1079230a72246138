/**
 * The peer of the peer benchmark: POST /stock-adjustments as a team would write it with Powertools for
 * AWS Lambda. A conventional read-then-write handler (read the product, the warehouse and the stock row,
 * validate, then write the adjustment and the stock row in one transaction, the stock row conditioned on
 * the version read), made idempotent by `makeIdempotent` with its DynamoDB persistence layer keyed on the
 * Idempotency-Key header. It has its own document client and idempotency table; it reads the bench
 * organisation's real product and warehouse items from our table, and keeps its own stock rows and
 * adjustments there (beside, not instead of, ours), so both sides decide on the same facts.
 *
 * Like a handler behind API Gateway's own API keys or a cached authoriser, it makes no call to
 * authenticate or rate-limit a request. Bare (the default), it writes no audit entry, no event and no
 * ledger entry, so it does not implement the spec's endpoint: the change is not in the audit log, GET
 * /events, webhooks or the stock-movement report. With `effects: true` ("peer (Powertools), same effects")
 * its transaction also writes what a team must write for those: the ledger entry, the outbox item holding
 * the stock.level_changed events (design.md section 1: events in the change's transaction) and the audit
 * entry, built by our own builders (ledgerPut, outboxPut, auditPut) so the records are ours to the byte.
 * They are keyed under `peerEffectsOrg(orgId)`, a tenant id no organisation has, so they sit beside ours
 * (same table, same shapes and indexes) without entering the bench organisation's ledger, audit log or
 * event log. No collection count: that is our list design, not the spec's. Bench only.
 */
import { createId } from '@paralleldrive/cuid2';
import { CreateTableCommand, ResourceInUseException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { stockLevelChanged } from '../domain/inventory/events.js';
import { ADJUSTMENT_SOURCE_TYPE } from '../functions/areas/inventory/adjustment-writes.js';
import { ledgerPut } from '../functions/areas/inventory/store/stock.js';
import { productKey } from '../functions/areas/products/store/products.js';
import { warehouseKey } from '../functions/areas/inventory/store/warehouses.js';
import { tenantPrefix } from '../functions/platform/dynamo/keys.js';
import { endpointByRouteKey } from '../functions/catalogue.js';
import type { ApiEvent } from '../functions/platform/http/types.js';
import { buildEvent } from '../infra/local/http-adapter.js';
import type { TransactItem } from '../functions/platform/dynamo/transact.js';
import { auditPut, newEvent, outboxPut } from '../functions/platform/journal/journal.js';

/** Powertools' idempotency table: its default shape, a string partition key `id`. */
export const PEER_IDEMPOTENCY_TABLE = 'powertools-idempotency-bench';

/**
 * The tenant id the same-effects peer keys its ledger, outbox and audit items under: the bench
 * organisation's id with a suffix no cuid has, so its records are the same shapes in partitions of their own.
 */
export const peerEffectsOrg = (orgId: string) => `${orgId}-peer`;

/** Creates Powertools' idempotency table on the bench's DynamoDB Local (kept when it already exists). */
export async function createPeerIdempotencyTable(client: DynamoDBClient): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: PEER_IDEMPOTENCY_TABLE,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}

/**
 * The API Gateway event of a peer's POST /stock-adjustments: the one ours gets, with the organisation and
 * the acting key passed on in headers as an authoriser would.
 */
export const peerEvent = (
  acting: { orgId: string; keyId: string },
  idempotencyKey: string,
  body: unknown,
): ApiEvent =>
  buildEvent(
    {
      method: 'POST',
      path: '/api/v1/stock-adjustments',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        'x-org-id': acting.orgId,
        'x-api-key-id': acting.keyId,
        'x-api-key-name': 'API key',
      },
      body: Buffer.from(JSON.stringify(body)),
    },
    endpointByRouteKey('POST /api/v1/stock-adjustments')!,
    {},
  );

type Reply = { statusCode: number; headers: Record<string, string>; body: string };

interface AdjustmentLine {
  productId: string;
  warehouseId: string;
  quantityChange: number;
}

const reply = (statusCode: number, body: unknown): Reply => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const refuse = (statusCode: number, message: string) => reply(statusCode, { message });

/** The request body, checked by hand as a small handler would (one line per product and warehouse). */
interface AdjustmentInput {
  reason: string;
  lines: AdjustmentLine[];
  /** The fields the request sent (the audit entry's changedFields). */
  fields: string[];
}

function parse(event: ApiEvent): AdjustmentInput | string {
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8').toString() : '';
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return 'body must be JSON';
  }
  const { reason, lines } = (body ?? {}) as { reason?: unknown; lines?: unknown };
  if (typeof reason !== 'string' || reason.length === 0) return 'reason is required';
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 100)
    return 'lines must hold 1 to 100 lines';
  for (const line of lines as Partial<AdjustmentLine>[]) {
    if (typeof line.productId !== 'string' || typeof line.warehouseId !== 'string')
      return 'line ids required';
    if (typeof line.quantityChange !== 'number' || line.quantityChange === 0)
      return 'quantityChange must be non-zero';
  }
  return { reason, lines: lines as AdjustmentLine[], fields: Object.keys(body as object) };
}

/**
 * The peer's handler and the base client its calls go through (for the bench's recorder). `effects`: the
 * same-effects peer (ledger entry, event, audit entry in its transaction); the builders address our table
 * (TABLE_NAME), which must be `tableName`.
 */
export function peerHandler(
  tableName: string,
  endpoint: DynamoDBClient,
  options: { effects?: boolean } = {},
) {
  const doc = DynamoDBDocumentClient.from(endpoint, { marshallOptions: { removeUndefinedValues: true } });
  const stockKey = (orgId: string, line: AdjustmentLine) => ({
    PK: productKey(orgId, line.productId).PK,
    SK: `PEER_STOCK#${line.warehouseId}`,
  });

  async function createAdjustment(event: ApiEvent): Promise<Reply> {
    // The tenant, as an authoriser would pass it on (the bench sends its organisation in a header).
    const orgId = event.headers['x-org-id'];
    if (!orgId) return refuse(401, 'unknown tenant');
    const input = parse(event);
    if (typeof input === 'string') return refuse(400, input);
    // Read: every product, warehouse and stock row the lines name, in parallel.
    const get = (Key: { PK: string; SK: string }) =>
      doc.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true })).then((r) => r.Item);
    const facts = await Promise.all(
      input.lines.map(async (line) => {
        const [product, warehouse, stock] = await Promise.all([
          get(productKey(orgId, line.productId)),
          get(warehouseKey(orgId, line.warehouseId)),
          get(stockKey(orgId, line)),
        ]);
        return { line, product, warehouse, stock };
      }),
    );
    // Validate.
    for (const { line, product, warehouse, stock } of facts) {
      if (!product || product.isActive === false) return refuse(422, `product ${line.productId} not found`);
      if (product.productType === 'NON_STOCKED')
        return refuse(422, `product ${line.productId} is not stocked`);
      if (!warehouse || warehouse.isActive === false)
        return refuse(422, `warehouse ${line.warehouseId} not found`);
      if (Number(stock?.quantity ?? 0) + line.quantityChange < 0)
        return refuse(422, 'stock would go negative');
    }
    // The adjustment's number from an atomic counter.
    const counter = await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: `${tenantPrefix(orgId)}#PEER_SEQUENCE`, SK: 'ADJUSTMENT' },
        UpdateExpression: 'ADD #value :one',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const now = new Date().toISOString();
    const adjustment = {
      id: createId(),
      adjustmentNumber: `ADJ-${String(counter.Attributes?.value ?? 0).padStart(6, '0')}`,
      reason: input.reason,
      status: 'COMPLETED',
      lines: input.lines,
      createdAt: now,
    };
    const effects = options.effects ? effectItems(event, input, adjustment, facts, now) : [];
    // Write: the adjustment and each stock row, conditioned on the version read (and the effects).
    try {
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: {
                  PK: `${tenantPrefix(orgId)}#PEER_ADJUSTMENT#${adjustment.id}`,
                  SK: 'ADJUSTMENT',
                  ...adjustment,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            ...facts.map(({ line, stock }) => ({
              Put: {
                TableName: tableName,
                Item: {
                  ...stockKey(orgId, line),
                  quantity: Number(stock?.quantity ?? 0) + line.quantityChange,
                  version: Number(stock?.version ?? 0) + 1,
                  updatedAt: now,
                },
                ConditionExpression: stock ? 'version = :v' : 'attribute_not_exists(PK)',
                ...(stock ? { ExpressionAttributeValues: { ':v': stock.version } } : {}),
              },
            })),
            ...effects,
          ],
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException')
        return refuse(409, 'stock changed; retry');
      throw error;
    }
    return reply(201, adjustment);
  }

  /**
   * What the spec makes visible of a completed adjustment, as our builders write it: the ledger entry (the
   * stock-movement report), one stock.level_changed event a line in one outbox item (GET /events,
   * webhooks), and the audit entry attributed to the key the authoriser passed on.
   */
  function effectItems(
    event: ApiEvent,
    input: AdjustmentInput,
    adjustment: { id: string; adjustmentNumber: string },
    facts: { line: AdjustmentLine; stock: Record<string, unknown> | undefined }[],
    now: string,
  ): TransactItem[] {
    const orgId = peerEffectsOrg(event.headers['x-org-id']!);
    const onHand = (f: (typeof facts)[number]) => Number(f.stock?.quantity ?? 0) + f.line.quantityChange;
    const events = facts.map((f) => {
      const { event: type, data } = stockLevelChanged({
        productId: f.line.productId,
        warehouseId: f.line.warehouseId,
        onHand: onHand(f),
        reserved: 0,
      });
      return newEvent(orgId, type, data, now);
    });
    const auth = {
      orgId,
      keyId: event.headers['x-api-key-id'] ?? 'unknown',
      keyName: event.headers['x-api-key-name'] ?? 'unknown',
      scopes: [],
      permissions: 'all' as const,
    };
    return [
      ledgerPut(orgId, {
        at: now,
        sourceType: ADJUSTMENT_SOURCE_TYPE,
        sourceId: adjustment.id,
        sourceNumber: adjustment.adjustmentNumber,
        movements: input.lines.map((l) => ({
          productId: l.productId,
          warehouseId: l.warehouseId,
          binId: null,
          batchId: null,
          quantity: l.quantityChange,
        })),
      }),
      outboxPut(events),
      auditPut(auth, {
        id: createId(),
        at: now,
        requestId: event.requestContext.requestId,
        resourceType: 'stock_adjustment',
        resourceId: adjustment.id,
        action: 'create',
        changedFields: input.fields,
      }),
    ];
  }

  const config = new IdempotencyConfig({ eventKeyJmesPath: 'headers."idempotency-key"' });
  // Outside Lambda there is no remaining time to read; give it a request timeout's worth.
  config.registerLambdaContext({ getRemainingTimeInMillis: () => 30_000 } as Context);
  return makeIdempotent(createAdjustment, {
    persistenceStore: new DynamoDBPersistenceLayer({
      tableName: PEER_IDEMPOTENCY_TABLE,
      awsSdkV3Client: endpoint,
    }),
    config,
  });
}
