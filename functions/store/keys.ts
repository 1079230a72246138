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
  apiKeyHash: (hash: string): Key => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),
  apiKey: (orgId: string, keyId: string): Key => ({ PK: `${org(orgId)}#APIKEY`, SK: keyId }),
  apiKeyCollection: (orgId: string) => `${org(orgId)}#APIKEY`,
  product: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#PRODUCT#${id}`, SK: 'PRODUCT' }),
  productBom: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#PRODUCT#${id}`, SK: 'BOM' }),
  productCollection: (orgId: string) => `${org(orgId)}#PRODUCT`,
  productSkuGuard: (orgId: string, sku: string): Key => ({
    PK: `${org(orgId)}#PRODUCT_SKU#${sku}`,
    SK: 'GUARD',
  }),
  productNameGuard: (orgId: string, name: string): Key => ({
    PK: `${org(orgId)}#PRODUCT_NAME#${name}`,
    SK: 'GUARD',
  }),
  category: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#CATEGORY`, SK: id }),
  categoryCollection: (orgId: string) => `${org(orgId)}#CATEGORY`,
  unitOfMeasure: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#UOM`, SK: id }),
  unitOfMeasureCollection: (orgId: string) => `${org(orgId)}#UOM`,
  supplier: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#SUPPLIER#${id}`, SK: 'SUPPLIER' }),
  customer: (orgId: string, id: string): Key => ({ PK: `${org(orgId)}#CUSTOMER#${id}`, SK: 'CUSTOMER' }),
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
