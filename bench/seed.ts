/** Bench tenants and bulk product seeding (BatchWrite of the same items the API writes). */
import { createId } from '@paralleldrive/cuid2';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createProduct } from '../domain/products/product.js';
import { createApiKey } from '../functions/areas/organisations/back-office/api-keys.js';
import { createOrganisation } from '../functions/areas/organisations/back-office/organisations.js';
import { db } from '../functions/platform/dynamo/client.js';
import {
  productCountsKey,
  productItem,
  type ProductRecord,
} from '../functions/areas/products/store/products.js';
import { setOrganisationLimits } from '../functions/platform/access/rate-limits.js';
import { copyOf, emptyStock, stockPut } from '../functions/areas/inventory/store/stock.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';

export interface BenchTenant {
  orgId: string;
  key: string;
  /** The id of that key (the acting key of an operation called without the pipeline). */
  keyId: string;
  /** Ids of the seeded products, in seeding order. */
  productIds: string[];
  /** Every seeded product was last updated before this instant. */
  seededBefore: string;
}

/** An organisation whose limits are high enough that the bench is never throttled. */
export async function newBenchTenant(name: string): Promise<BenchTenant> {
  const org = await createOrganisation({ name });
  await setOrganisationLimits(org.id, { perKey: 10_000_000, perOrg: 10_000_000 });
  const key = await createApiKey({ orgId: org.id, scopes: ['write'], permissions: 'all' });
  return {
    orgId: org.id,
    key: key.key,
    keyId: key.id,
    productIds: [],
    seededBefore: new Date().toISOString(),
  };
}

/** Writes items 25 at a time (unprocessed ones retried), 8 requests in flight. */
export async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  const workers = Array.from({ length: 8 }, async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await batchWriteChunk(chunk);
  });
  await Promise.all(workers);
}

async function batchWriteChunk(items: Record<string, unknown>[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 10) throw new Error('BatchWrite kept returning unprocessed items');
    if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * attempt));
    const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
  }
}

/**
 * Seeds `count` active products (product item + empty stock item, as a create writes them) with
 * updatedAt in the past, and sets the maintained counts item the list totals come from. Uniqueness guards
 * are skipped: lists never read them.
 */
export async function seedProducts(tenant: BenchTenant, count: number): Promise<void> {
  const base = Date.parse(tenant.seededBefore) - 2 * 86_400_000;
  const items: Record<string, unknown>[] = [];
  const first = tenant.productIds.length; // numbered from here (the loop below grows productIds)
  for (let i = 0; i < count; i += 1) {
    const n = String(first + i).padStart(6, '0');
    const at = new Date(base + i * 10).toISOString();
    const state = createProduct(
      { sku: `BENCH-${n}`, name: `Bench product ${n}` },
      { id: createId(), now: at },
    );
    const record: ProductRecord = {
      ...state,
      category: null,
      unitOfMeasure: null,
      purchaseUom: null,
      saleUom: null,
    };
    tenant.productIds.push(record.id);
    items.push(productItem(tenant.orgId, record));
    items.push(stockPut(tenant.orgId, emptyStock(record.id, copyOf(record))).Put!.Item!);
  }
  await batchWrite(items);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...productCountsKey(tenant.orgId),
        all: tenant.productIds.length,
        active: tenant.productIds.length,
      },
    }),
  );
}
