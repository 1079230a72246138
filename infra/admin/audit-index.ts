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
import { auditCollection, auditIndexKeys } from '../../functions/platform/journal/audit.js';
import { backfillPages } from './backfill-pages.js';

export async function backfillAuditIndexes(
  options: { orgId?: string } = {},
): Promise<{ auditEntriesIndexed: number }> {
  let auditEntriesIndexed = 0;
  const pages = backfillPages({
    filter: `#entity = :audit AND attribute_not_exists(GSI1PK)`,
    names: { '#entity': 'entity' },
    values: { ':audit': 'AuditEntry' },
    projection: 'PK, SK, orgId, resourceType, resourceId, apiKeyId',
    // One organisation's entries are its audit partition.
    partition: options.orgId ? { key: auditCollection(options.orgId) } : undefined,
  });
  for await (const items of pages) {
    for (const item of items) {
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
        auditEntriesIndexed += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }
  return { auditEntriesIndexed };
}
