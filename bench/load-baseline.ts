/**
 * The baseline of the load curve (bench/load.ts): the routes the load mixes send, served by a plain
 * node:http handler that makes, per request, the same DynamoDB calls our handler makes for it (found with
 * the bench recorder: the same commands, keys, conditions and item counts, through the same document
 * client and table) and answers a JSON body of about the same size, without authentication, validation,
 * middy, idempotency bookkeeping beyond its calls, logging or metrics. What our pipeline costs under load
 * is the difference. Its writes go to its own products (the load splits them) and its own sequence, and
 * keep the items valid, so neither side reads the other's half-formed rows. Bench only.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createId } from '@paralleldrive/cuid2';
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { productCountsKey, productKey } from '../functions/areas/products/store/products.js';
import { warehouseKey } from '../functions/areas/inventory/store/warehouses.js';
import { db } from '../functions/platform/dynamo/client.js';
import { outboxPendingKey, sortKey, tenantPrefix, workShard } from '../functions/platform/dynamo/keys.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { auditIndexKeys } from '../functions/platform/journal/audit-keys.js';

type Item = Record<string, unknown>;
type Reply = { status: number; body: unknown };

/** Key and index attributes: ours never answers them either. */
const isStored = (name: string) => /^(PK|SK|GSI\d(PK|SK)|slim|searchText|skuKey|barcodeKey)$/.test(name);
const publicFields = (item: Item | undefined): Item =>
  Object.fromEntries(Object.entries(item ?? {}).filter(([name]) => !isStored(name)));

const STOCK_SK = 'STOCK';

/** The product's partition (product and stock items), read consistently: what GET and PUT both start from. */
async function productPartition(orgId: string, id: string): Promise<Item[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': productKey(orgId, id).PK },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** GET /products/{id}: one consistent Query of the product's partition (product and stock items). */
async function getProduct(orgId: string, id: string): Promise<Reply> {
  const Items = await productPartition(orgId, id);
  const product = Items.find((i) => i.SK === 'PRODUCT');
  if (!product) return { status: 404, body: { error: { code: 'not_found' } } };
  const stock = Items.find((i) => i.SK === STOCK_SK);
  return {
    status: 200,
    body: { ...publicFields(product), onHand: stock?.onHand ?? 0, reserved: stock?.reserved ?? 0 },
  };
}

/** GET /products?pageSize=n: the counts item, one page of the name index, the page's stock items. */
async function listProducts(orgId: string, pageSize: number): Promise<Reply> {
  const [counts, page] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: productCountsKey(orgId) })),
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#eq0 = :eq0',
        ExpressionAttributeNames: { '#pk': 'GSI1PK', '#eq0': 'isActive' },
        ExpressionAttributeValues: { ':pk': `${tenantPrefix(orgId)}#PRODUCT`, ':eq0': true },
        ScanIndexForward: true,
        Limit: pageSize + 5,
      }),
    ),
  ]);
  const products = (page.Items ?? []).slice(0, pageSize);
  const stocks = new Map<unknown, Item>();
  if (products.length > 0) {
    const { Responses = {} } = await db().send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: products.map((p) => ({ PK: p.PK as string, SK: STOCK_SK })),
            ConsistentRead: true,
          },
        },
      }),
    );
    for (const stock of Responses[tableName()] ?? []) stocks.set(stock.PK, stock);
  }
  const total = Number(counts.Item?.active ?? 0);
  return {
    status: 200,
    body: {
      data: products.map((p) => ({ ...publicFields(p), onHand: stocks.get(p.PK)?.onHand ?? 0 })),
      pagination: { total, page: 1, pageSize, totalPages: Math.ceil(total / pageSize) },
    },
  };
}

/** GET /categories: one Query of the organisation's categories. */
async function listCategories(orgId: string): Promise<Reply> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `${tenantPrefix(orgId)}#CATEGORY` },
    }),
  );
  return {
    status: 200,
    body: {
      data: Items.map(publicFields),
      pagination: { total: Items.length, page: 1, pageSize: 50, totalPages: Math.ceil(Items.length / 50) },
    },
  };
}

/** The outbox and audit items every write of ours adds to its transaction (same shapes and sizes). */
function journalPuts(orgId: string, now: string, event: string, resource: Item) {
  const eventId = `evt_${createId()}`;
  const auditSortKey = `${now}#${createId()}`;
  const [resourceType, action] = event.split('.') as [string, string];
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          PK: `${tenantPrefix(orgId)}#OUTBOX`,
          SK: `${now}#${eventId}`,
          entity: 'Outbox',
          orgId,
          occurredAt: now,
          events: [{ id: eventId, event, occurredAt: now, orgId, data: { id: resource.id } }],
          published: false,
          GSI1PK: outboxPendingKey(workShard(orgId)),
          GSI1SK: `${now}#${orgId}#${eventId}`,
          ttl: Math.floor(Date.parse(now) / 1000) + 30 * 86_400,
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          PK: `${tenantPrefix(orgId)}#AUDIT`,
          SK: auditSortKey,
          // The same index entries as ours (by record, key and type: functions/platform/journal/audit.ts).
          ...auditIndexKeys(
            orgId,
            { resourceType, resourceId: resource.id as string, apiKeyId: 'load-baseline' },
            auditSortKey,
          ),
          entity: 'AuditEntry',
          orgId,
          apiKeyId: 'load-baseline',
          apiKeyName: 'API key',
          resourceType,
          resourceId: resource.id,
          action,
          id: createId(),
          at: now,
          requestId: `req_${createId()}`,
        },
      },
    },
  ];
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TransactionCanceledException' || error.name === 'ConditionalCheckFailedException');

/** PUT /products/{id}: read the partition, write the merged product on its version, with outbox and audit. */
async function putProduct(orgId: string, id: string, patch: Item): Promise<Reply> {
  const Items = await productPartition(orgId, id);
  const product = Items.find((i) => i.SK === 'PRODUCT');
  if (!product) return { status: 404, body: { error: { code: 'not_found' } } };
  const now = new Date().toISOString();
  const version = Number(product.version);
  const next: Item = {
    ...product,
    ...patch,
    version: version + 1,
    updatedAt: now,
    GSI4SK: sortKey(now, id),
    GSI5SK: sortKey(now, id),
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: next,
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': version },
            },
          },
          ...journalPuts(orgId, now, 'product.updated', next),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return { status: 409, body: { error: { code: 'conflict' } } };
    throw error;
  }
  return { status: 200, body: publicFields(next) };
}

interface AdjustmentLine {
  productId: string;
  warehouseId: string;
  quantityChange: number;
}

/**
 * POST /stock-adjustments (one line, Idempotency-Key): claim the key, read product, stock and warehouse in
 * one batch and draw the number, all at once, then one transaction: adjustment, stock on its version,
 * ledger entry, the key's record completed, outbox and audit.
 */
async function createAdjustment(orgId: string, idempotencyKey: string, input: Item): Promise<Reply> {
  const table = tableName();
  const nowSeconds = Math.floor(Date.now() / 1000);
  const claimKey = {
    PK: `${tenantPrefix(orgId)}#IDEMPOTENCY#load-baseline#${createHash('sha256').update(idempotencyKey).digest('hex')}`,
    SK: 'IDEMPOTENCY',
  };
  const token = randomUUID();
  const line = (input.lines as AdjustmentLine[])[0]!;
  const product = productKey(orgId, line.productId);
  // The claim, the reads and the number at once, as our handler makes them; a refused claim wastes the
  // reads and the number, as ours does.
  const [claimed, { Responses = {} }, counter] = await Promise.all([
    db()
      .send(
        new PutCommand({
          TableName: table,
          Item: {
            ...claimKey,
            entity: 'IdempotencyRecord',
            state: 'IN_FLIGHT',
            token,
            routeKey: 'POST /api/v1/stock-adjustments',
            pathParams: '[]',
            bodyHash: createHash('sha256').update(JSON.stringify(input)).digest('hex'),
            claimExpiresAt: nowSeconds + 30,
            ttl: nowSeconds + 86_400,
          },
          ConditionExpression:
            'attribute_not_exists(PK) OR (#state = :inFlight AND claimExpiresAt < :now) OR #ttl < :now',
          ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':inFlight': 'IN_FLIGHT', ':now': nowSeconds },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .then(
        () => true,
        (error: unknown) => {
          if (isConditionFailure(error)) return false;
          throw error;
        },
      ),
    db().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: [product, { PK: product.PK, SK: STOCK_SK }, warehouseKey(orgId, line.warehouseId)],
            ConsistentRead: true,
          },
        },
      }),
    ),
    db().send(
      new UpdateCommand({
        TableName: table,
        Key: { PK: `${tenantPrefix(orgId)}#SEQUENCE`, SK: 'LOAD_BASELINE_ADJUSTMENT' },
        UpdateExpression: 'ADD #value :one SET entity = :entity, orgId = :orgId',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':one': 1, ':entity': 'Sequence', ':orgId': orgId },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  ]);
  if (!claimed) return { status: 409, body: { error: { code: 'idempotency_conflict' } } };
  const read = Responses[table] ?? [];
  const stock = read.find((i) => i.PK === product.PK && i.SK === STOCK_SK);
  if (!stock || !read.some((i) => i.SK === 'PRODUCT'))
    return { status: 422, body: { error: { code: 'not_found' } } };
  const now = new Date().toISOString();
  const id = createId();
  const adjustment = {
    id,
    adjustmentNumber: `ADJ-${String(counter.Attributes?.value ?? 0).padStart(6, '0')}`,
    reason: input.reason,
    status: 'COMPLETED',
    notes: null,
    completedAt: now,
    createdAt: now,
    updatedAt: now,
    lines: [{ ...line, binId: null, batchId: null, costPerUnit: null }],
  };
  const levelKey = `${line.warehouseId}||`;
  const levels = (stock.levels ?? {}) as Record<string, Item>;
  const level = levels[levelKey];
  const onHand = Number(level?.onHand ?? 0) + line.quantityChange;
  const version = Number(stock.version);
  const response = JSON.stringify(adjustment);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: {
                PK: `${tenantPrefix(orgId)}#ADJUSTMENT#${id}`,
                SK: 'ADJUSTMENT',
                entity: 'StockAdjustment',
                orgId,
                ...adjustment,
                version: 1,
                GSI1PK: `${tenantPrefix(orgId)}#ADJUSTMENT`,
                GSI1SK: sortKey(now, id),
                searchText: adjustment.adjustmentNumber.toLowerCase(),
                warehouseIds: [line.warehouseId],
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            // The adjustments' count behind their list's total (bounded-range.ts), as ours keeps it.
            Update: {
              TableName: table,
              Key: { PK: `${tenantPrefix(orgId)}#COUNTS`, SK: 'ADJUSTMENT' },
              UpdateExpression: 'SET entity = :entity ADD #all :n',
              ExpressionAttributeNames: { '#all': 'all' },
              ExpressionAttributeValues: { ':entity': 'Counts', ':n': 1 },
            },
          },
          {
            Put: {
              TableName: table,
              Item: {
                ...stock,
                levels: {
                  ...levels,
                  [levelKey]: {
                    binId: null,
                    batchId: null,
                    reserved: 0,
                    ...level,
                    warehouseId: line.warehouseId,
                    onHand,
                    updatedAt: now,
                  },
                },
                onHand: Number(stock.onHand ?? 0) + line.quantityChange,
                version: version + 1,
                updatedAt: now,
              },
              ConditionExpression: 'version = :v AND productType = :type AND isBatchTracked = :tracked',
              ExpressionAttributeValues: { ':v': version, ':type': 'STOCKED', ':tracked': false },
            },
          },
          {
            Put: {
              TableName: table,
              Item: {
                PK: `${tenantPrefix(orgId)}#LEDGER`,
                SK: `${now}#stock_adjustment#${id}`,
                entity: 'LedgerEntry',
                orgId,
                at: now,
                sourceType: 'stock_adjustment',
                sourceId: id,
                sourceNumber: adjustment.adjustmentNumber,
                movements: [
                  { productId: line.productId, warehouseId: line.warehouseId, quantity: line.quantityChange },
                ],
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: table,
              Key: claimKey,
              UpdateExpression:
                'SET #state = :completed, responseStatus = :status, responseBody = :body, #ttl = :ttl REMOVE claimExpiresAt',
              ConditionExpression: '#state = :inFlight AND #token = :token',
              ExpressionAttributeNames: { '#state': 'state', '#token': 'token', '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':completed': 'COMPLETED',
                ':inFlight': 'IN_FLIGHT',
                ':token': token,
                ':status': 201,
                ':body': response,
                ':ttl': nowSeconds + 86_400,
              },
            },
          },
          ...journalPuts(orgId, now, 'stock_adjustment.created', adjustment),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return { status: 409, body: { error: { code: 'conflict' } } };
    throw error;
  }
  return { status: 201, body: adjustment };
}

async function readJson(req: IncomingMessage): Promise<Item> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString()) as Item) : {};
}

const PRODUCT_PATH = /^\/api\/v1\/products\/([^/]+)$/;

/** Routes one request; the organisation comes in a header, as an authoriser would pass it on. */
async function route(req: IncomingMessage, orgId: string): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const product = PRODUCT_PATH.exec(url.pathname)?.[1];
  if (req.method === 'GET' && product) return getProduct(orgId, product);
  if (req.method === 'PUT' && product) return putProduct(orgId, product, await readJson(req));
  if (req.method === 'GET' && url.pathname === '/api/v1/products')
    return listProducts(orgId, Number(url.searchParams.get('pageSize') ?? 50));
  if (req.method === 'GET' && url.pathname === '/api/v1/categories') return listCategories(orgId);
  if (req.method === 'POST' && url.pathname === '/api/v1/stock-adjustments')
    return createAdjustment(orgId, String(req.headers['idempotency-key']), await readJson(req));
  return { status: 404, body: { error: { code: 'not_found' } } };
}

/** The baseline's node:http request listener. */
export function baselineListener(req: IncomingMessage, res: ServerResponse): void {
  const orgId = String(req.headers['x-org-id'] ?? '');
  route(req, orgId).then(
    ({ status, body }) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    },
    (error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: String(error) } }));
    },
  );
}
