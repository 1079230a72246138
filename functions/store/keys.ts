/**
 * Key builders. Every partition key (table and GSI) starts with the organisation, so no query can cross
 * tenants; the only global items are API-key hash lookups, which carry their orgId.
 */
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
