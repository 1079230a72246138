/**
 * Backfill of the audit log's indexes (functions/platform/journal/audit.ts, AUDIT_INDEXES): entries written
 * before them have no index keys, so `GET /audit-log` filtered by record, key or record type would not
 * find them. Part of `projection backfill`: the audit entries without the keys (the table's, or with --org
 * that organisation's audit partition), each given the keys its entry would be written with today. Safe
 * to run again: a second run finds nothing to do.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { auditCollection, auditIndexKeys } from '../../functions/platform/journal/audit-keys.js';
import { runBackfills, type ItemBackfill } from '../../functions/platform/dynamo/backfill-pass.js';

/** The audit entries without index keys (the table's, or `orgId`'s partition) and how many got them. */
export function auditIndexesPart(options: { orgId?: string } = {}) {
  const result = { auditEntriesIndexed: 0 };
  const part: ItemBackfill = {
    filter: '#entity = :audit AND attribute_not_exists(GSI1PK)',
    names: { '#entity': 'entity' },
    values: { ':audit': 'AuditEntry' },
    // One organisation's entries are its audit partition.
    partition: options.orgId ? { key: auditCollection(options.orgId) } : undefined,
    matches: (item) => item.entity === 'AuditEntry' && item.GSI1PK === undefined,
    apply: async (item) => {
      const keys = auditIndexKeys(
        item.orgId as string,
        {
          resourceType: item.resourceType as string,
          resourceId: item.resourceId as string,
          apiKeyId: item.apiKeyId as string,
        },
        item.SK as string,
      );
      const names = Object.keys(keys);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: `SET ${names.map((name, i) => `${name} = :k${i}`).join(', ')}`,
            // Audit entries are never rewritten; the condition only keeps a deleted item from coming back.
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:k${i}`, keys[name]])),
          }),
        );
        result.auditEntriesIndexed += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
  };
  return { part, result };
}

export async function backfillAuditIndexes(
  options: { orgId?: string } = {},
): Promise<{ auditEntriesIndexed: number }> {
  const { part, result } = auditIndexesPart(options);
  await runBackfills([part]);
  return result;
}
