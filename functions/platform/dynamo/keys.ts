/**
 * What every key shares. Every partition key (table and GSI) starts with the organisation, so no query can
 * cross tenants, with these exceptions, each read by key or by the back office only: API-key hash lookups
 * (which carry their orgId) and failed-authentication counters (`AUTHFAIL#<ip>`, access/rate-limits.ts),
 * both needed before the tenant is known; snapshot chunks (`SLIMSNAPSHOT#<collection>#<gen>`, whose
 * collection starts with the organisation; slim-snapshot.ts); the organisation registry (GSI1
 * `ORGANISATIONS`, read by the scheduled jobs); and the two work-queue indexes below (pending outbox
 * items, due webhook deliveries): see workShard(). Each record's key builder lives with the store or
 * platform module that owns the record.
 */
import { createHash } from 'node:crypto';
export interface Key {
  PK: string;
  SK: string;
}

/**
 * The tenant prefix every partition key starts with. Each record's key builder lives with the code that
 * owns the record (an area's store, or the platform module that writes it) and builds on this prefix.
 */
export const tenantPrefix = (orgId: string) => `O#${orgId}`;

export const keys = {
  /** The tenant's own item: the platform reads it for limits, the organisations area owns the rest. */
  organisation: (orgId: string): Key => ({ PK: tenantPrefix(orgId), SK: 'ORG' }),
  /** Global: an API key's hash, carrying its orgId, found before the tenant is known. */
  apiKeyHash: (hash: string): Key => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),
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
