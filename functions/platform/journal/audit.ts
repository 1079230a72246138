import { tenantPrefix } from '../dynamo/keys.js';
import { queryAll } from '../dynamo/query-window.js';
import { tableName } from '../dynamo/table-definition.js';

/** An organisation's audit log: one partition, sorted by time. */
export const auditCollection = (orgId: string) => `${tenantPrefix(orgId)}#AUDIT`;

export interface AuditView {
  id: string;
  at: string;
  requestId: string;
  apiKeyId: string;
  apiKeyName: string;
  resourceType: string;
  resourceId: string;
  action: string;
  changedFields: string[];
  warnings: string[];
  /** Present on entries that recorded a reason (a purchase-order cancel). */
  reason?: string;
}

/** An organisation's audit log, oldest first, optionally since an instant and for one resource. */
export async function listAudit(
  orgId: string,
  filter: { since?: string; resourceType?: string; resourceId?: string } = {},
): Promise<AuditView[]> {
  const values: Record<string, unknown> = { ':pk': auditCollection(orgId) };
  const conditions: string[] = [];
  if (filter.resourceType) {
    values[':type'] = filter.resourceType;
    conditions.push('resourceType = :type');
  }
  if (filter.resourceId) {
    values[':rid'] = filter.resourceId;
    conditions.push('resourceId = :rid');
  }
  if (filter.since) values[':since'] = filter.since;
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: filter.since ? 'PK = :pk AND SK >= :since' : 'PK = :pk',
    FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
    ExpressionAttributeValues: values,
  });
  return items.map((item) => ({
    id: item.id as string,
    at: item.at as string,
    requestId: item.requestId as string,
    apiKeyId: item.apiKeyId as string,
    apiKeyName: item.apiKeyName as string,
    resourceType: item.resourceType as string,
    resourceId: item.resourceId as string,
    action: item.action as string,
    changedFields: (item.changedFields as string[]) ?? [],
    warnings: (item.warnings as string[]) ?? [],
    ...(typeof item.reason === 'string' ? { reason: item.reason } : {}),
  }));
}
