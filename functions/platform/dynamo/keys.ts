/**
 * Key builders. Every partition key (table and GSI) starts with the organisation, so no query can cross
 * tenants; the only global items are API-key hash lookups, which carry their orgId. The two work-queue
 * indexes below (pending outbox items, due webhook deliveries) are the exception: see workShard().
 */
import { createHash } from 'node:crypto';
export interface Key {
  PK: string;
  SK: string;
}

const org = (orgId: string) => `O#${orgId}`;

export const keys = {
  organisation: (orgId: string): Key => ({ PK: org(orgId), SK: 'ORG' }),
  /** One item per foreign currency beside the organisation (rate = base units per one unit of it). */
  exchangeRate: (orgId: string, currency: string): Key => ({
    PK: org(orgId),
    SK: `EXCHANGE_RATE#${currency}`,
  }),
  apiKeyHash: (hash: string): Key => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),
  apiKey: (orgId: string, keyId: string): Key => ({ PK: `${org(orgId)}#APIKEY`, SK: keyId }),
  apiKeyCollection: (orgId: string) => `${org(orgId)}#APIKEY`,
  product: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#PRODUCT#${id}`, SK: 'PRODUCT' }),
  productBom: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#PRODUCT#${id}`, SK: 'BOM' }),
  productCollection: (orgId: string) => `${org(orgId)}#PRODUCT`,
  /** Maintained counts, so list totals need no count query. */
  productCounts: (orgId: string): Key => ({ PK: `${org(orgId)}#COUNTS`, SK: 'PRODUCT' }),
  productSkuGuard: (orgId: string, sku: string): Key => ({
    PK: `${org(orgId)}#PRODUCT_SKU#${sku}`,
    SK: 'GUARD',
  }),
  productNameGuard: (orgId: string, name: string): Key => ({
    PK: `${org(orgId)}#PRODUCT_NAME#${name}`,
    SK: 'GUARD',
  }),
  categoryCollection: (orgId: string) => `${org(orgId)}#CATEGORY`,
  unitOfMeasureCollection: (orgId: string) => `${org(orgId)}#UOM`,
  supplier: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#SUPPLIER#${id}`, SK: 'SUPPLIER' }),
  supplierCollection: (orgId: string) => `${org(orgId)}#SUPPLIER`,
  supplierCodeGuard: (orgId: string, code: string): Key => ({
    PK: `${org(orgId)}#SUPPLIER_CODE#${code}`,
    SK: 'GUARD',
  }),
  supplierLocation: (orgId: string, supplierId: string, id: string): Key => ({
    PK: `${org(orgId)}#SUPPLIER#${supplierId}`,
    SK: `LOCATION#${id}`,
  }),
  /** A supplier's price-list row, held in the supplier's partition (read with the supplier detail). */
  supplierPrice: (orgId: string, supplierId: string, productId: string): Key => ({
    PK: `${org(orgId)}#SUPPLIER#${supplierId}`,
    // Sorts after the SUPPLIER item, so locations and the supplier are one contiguous range without prices.
    SK: `SUPPLIER#PRICE#${productId}`,
  }),
  /** The same link seen from the product, held in the product's partition (read with the product detail). */
  productSupplier: (orgId: string, productId: string, supplierId: string): Key => ({
    PK: `${org(orgId)}#PRODUCT#${productId}`,
    SK: `SUPPLIER#${supplierId}`,
  }),
  customer: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#CUSTOMER#${id}`, SK: 'CUSTOMER' }),
  /** Warehouses, zones and bins share one small partition per organisation. */
  warehouseCollection: (orgId: string) => `${org(orgId)}#WAREHOUSE`,
  warehouse: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#WAREHOUSE`, SK: `W#${id}` }),
  warehouseCodeGuard: (orgId: string, code: string): Key => ({
    PK: `${org(orgId)}#WAREHOUSE`,
    SK: `CODE#${code}`,
  }),
  zone: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#WAREHOUSE`, SK: `Z#${id}` }),
  bin: (orgId: string, warehouseId: string, id: string): Key => ({
    PK: `${org(orgId)}#WAREHOUSE`,
    SK: `B#${warehouseId}#${id}`,
  }),
  batch: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#BATCH#${id}`, SK: 'BATCH' }),
  batchCollection: (orgId: string) => `${org(orgId)}#BATCH`,
  /** The organisation's batch count (`all`), maintained at create, for the list's total. */
  batchCounts: (orgId: string): Key => ({ PK: `${org(orgId)}#COUNTS`, SK: 'BATCH' }),
  batchNumberGuard: (orgId: string, batchNumber: string): Key => ({
    PK: `${org(orgId)}#BATCH_NUMBER#${batchNumber}`,
    SK: 'GUARD',
  }),
  serialNumber: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#SERIAL#${id}`, SK: 'SERIAL' }),
  serialCollection: (orgId: string) => `${org(orgId)}#SERIAL`,
  /** The organisation's serial count (`all`), moved with every serial record written. */
  serialCounts: (orgId: string): Key => ({ PK: `${org(orgId)}#COUNTS`, SK: 'SERIAL' }),
  serialProductCollection: (orgId: string, productId: string) => `${org(orgId)}#SERIAL#PRODUCT#${productId}`,
  /** Exact (case-insensitive) serial search across products: GSI4 partition of one normalised serial. */
  serialNumberLookup: (orgId: string, normalised: string) => `${org(orgId)}#SERIAL_NO#${normalised}`,
  /** Serial numbers are unique per product, case-insensitively (the normalised serial). */
  serialNumberGuard: (orgId: string, productId: string, normalised: string): Key => ({
    PK: `${org(orgId)}#SERIAL_NUMBER#${productId}#${normalised}`,
    SK: 'GUARD',
  }),
  /** A product's stock (every location) lives beside it, in the product's partition. */
  productStock: (orgId: string, productId: string): Key => ({
    PK: `${org(orgId)}#PRODUCT#${productId}`,
    SK: 'STOCK',
  }),
  stockCollection: (orgId: string) => `${org(orgId)}#STOCK`,
  stockAdjustment: (orgId: string, id: string): Key => ({
    PK: `${org(orgId)}#ADJUSTMENT#${id}`,
    SK: 'ADJUSTMENT',
  }),
  stockAdjustmentCollection: (orgId: string) => `${org(orgId)}#ADJUSTMENT`,
  sequence: (orgId: string, name: string): Key => ({ PK: `${org(orgId)}#SEQUENCE`, SK: name }),
  ledger: (orgId: string, at: string, sourceType: string, sourceId: string): Key => ({
    PK: `${org(orgId)}#LEDGER`,
    SK: `${at}#${sourceType}#${sourceId}`,
  }),
  ledgerCollection: (orgId: string) => `${org(orgId)}#LEDGER`,
  customerCollection: (orgId: string) => `${org(orgId)}#CUSTOMER`,
  customerCodeGuard: (orgId: string, code: string): Key => ({
    PK: `${org(orgId)}#CUSTOMER_CODE#${code}`,
    SK: 'GUARD',
  }),
  customerProductDiscount: (orgId: string, customerId: string, productId: string): Key => ({
    PK: `${org(orgId)}#CUSTOMER#${customerId}`,
    SK: `DISCOUNT#${productId}`,
  }),
  customerGroupCollection: (orgId: string) => `${org(orgId)}#CUSTOMER_GROUP`,
  /** Sales reps are keyed by the member's user id, which is the id the API shows. */
  salesRepCollection: (orgId: string) => `${org(orgId)}#SALES_REP`,
  priceTier: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#PRICE_TIER`, SK: id }),
  priceTierCollection: (orgId: string) => `${org(orgId)}#PRICE_TIER`,
  /** A tier's product prices and quantity breaks live in one partition per tier. */
  priceTierContents: (orgId: string, tierId: string) => `${org(orgId)}#PRICE_TIER#${tierId}`,
  priceTierPrice: (orgId: string, tierId: string, productId: string): Key => ({
    PK: `${org(orgId)}#PRICE_TIER#${tierId}`,
    SK: `PRICE#${productId}`,
  }),
  priceTierBreak: (orgId: string, tierId: string, productId: string, minQuantity: number): Key => ({
    PK: `${org(orgId)}#PRICE_TIER#${tierId}`,
    SK: `BREAK#${productId}#${minQuantity}`,
  }),
  outbox: (orgId: string, occurredAt: string, eventId: string): Key => ({
    PK: `${org(orgId)}#OUTBOX`,
    SK: `${occurredAt}#${eventId}`,
  }),
  outboxCollection: (orgId: string) => `${org(orgId)}#OUTBOX`,
  webhookCollection: (orgId: string) => `${org(orgId)}#WEBHOOK`,
  webhook: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#WEBHOOK`, SK: `SUB#${id}` }),
  /** Apart from the subscription so that no API read path, which reads SUB# rows only, can return it. */
  webhookSecret: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#WEBHOOK`, SK: `SECRET#${id}` }),
  webhookCounter: (orgId: string): Key => ({ PK: `${org(orgId)}#WEBHOOK`, SK: 'ACTIVE_COUNT' }),
  deliveryCollection: (orgId: string, subscriptionId: string) =>
    `${org(orgId)}#WEBHOOK#${subscriptionId}#DELIVERY`,
  delivery: (orgId: string, subscriptionId: string, occurredAt: string, deliveryId: string): Key => ({
    PK: `${org(orgId)}#WEBHOOK#${subscriptionId}#DELIVERY`,
    SK: `${occurredAt}#${deliveryId}`,
  }),
  auditCollection: (orgId: string) => `${org(orgId)}#AUDIT`,
  rateCounterKey: (orgId: string, apiKeyId: string, windowStart: number): Key => ({
    PK: `${org(orgId)}#RATE#KEY#${apiKeyId}`,
    SK: String(windowStart),
  }),
  rateCounterOrg: (orgId: string, windowStart: number, shard: number): Key => ({
    PK: `${org(orgId)}#RATE#ORG#${shard}`,
    SK: String(windowStart),
  }),
  authFailures: (sourceIp: string, windowStart: number): Key => ({
    PK: `AUTHFAIL#${sourceIp}`,
    SK: String(windowStart),
  }),
  /** Namespaced per API key id, which a rotated key keeps. */
  idempotency: (orgId: string, apiKeyId: string, keyHash: string): Key => ({
    PK: `${org(orgId)}#IDEMPOTENCY#${apiKeyId}#${keyHash}`,
    SK: 'IDEMPOTENCY',
  }),
};

/** Sort-key suffix that keeps equal sort values in a stable id order (the spec's id tiebreaker). */
export const sortKey = (value: string, id: string): string => `${value}\u0001${id}`;

/**
 * Work-queue shards: pending outbox items (GSI1) and due webhook deliveries (GSI2) are found by the
 * sweeper and the dispatcher across all organisations, which have no global list to iterate and may not
 * be scanned. These sparse indexes hold only unfinished work (an item leaves as soon as it is published
 * or its delivery ends), every entry carries its orgId, and they are read by back-office jobs only, never
 * by an API request, so no tenant can reach another's rows through them. The shard spreads the writes.
 */
export const WORK_SHARDS = 8;
export const workShard = (orgId: string): number =>
  createHash('sha256').update(orgId).digest().readUInt8(0) % WORK_SHARDS;
export const outboxPendingKey = (shard: number) => `OUTBOX_PENDING#${shard}`;
export const deliveryDueKey = (shard: number) => `WEBHOOK_DUE#${shard}`;
