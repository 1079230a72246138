/**
 * Where an audit entry is filed: the organisation's log and the three indexes beside it. Apart from the
 * log's reads (audit.ts) because every write's journal needs these and no read: a Lambda's cold import
 * then carries the journal without the list budget and the projection the reads pull in.
 */
import { tenantPrefix } from '../dynamo/keys.js';
import type { IndexName } from '../dynamo/table-definition.js';
import type { AuditFilter } from './audit.js';

/** An organisation's audit log: one partition, sorted by time (`at#id`). */
export const auditCollection = (orgId: string) => `${tenantPrefix(orgId)}#AUDIT`;

/**
 * The audit log's indexes: each entry is filed again, in the same `at#id` order, under its record
 * (GSI1), its API key (GSI2) and its record type (GSI3), so a page filtered by any of them reads that
 * partition, not every entry of the organisation newer than its last match. Ids are the API's own
 * (a record's id names one record whatever its type), and every partition is under the organisation's.
 */
export const AUDIT_INDEXES = [
  { filter: 'entityId', index: 'GSI1', tag: 'E', attribute: 'resourceId' },
  { filter: 'keyId', index: 'GSI2', tag: 'K', attribute: 'apiKeyId' },
  { filter: 'entityType', index: 'GSI3', tag: 'T', attribute: 'resourceType' },
] as const satisfies readonly {
  filter: keyof AuditFilter;
  index: IndexName;
  tag: string;
  attribute: string;
}[];

export const auditIndexPartition = (orgId: string, tag: string, value: string) =>
  `${auditCollection(orgId)}#${tag}#${value}`;

/**
 * An entry's index keys (written with it: journal.ts, and by `projection backfill` for entries written
 * before the indexes), from its stored attributes and its sort key.
 */
export function auditIndexKeys(
  orgId: string,
  entry: { resourceType: string; resourceId: string; apiKeyId: string },
  sortKey: string,
): Record<string, string> {
  return Object.fromEntries(
    AUDIT_INDEXES.flatMap(({ index, tag, attribute }) => [
      [`${index}PK`, auditIndexPartition(orgId, tag, entry[attribute])],
      [`${index}SK`, sortKey],
    ]),
  );
}
