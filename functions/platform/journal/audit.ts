import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../dynamo/client.js';
import { tenantPrefix } from '../dynamo/keys.js';
import { queryAll } from '../dynamo/query-window.js';
import { tableName } from '../dynamo/table-definition.js';
import type { Operator } from '../back-office/operator.js';

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
  /** Present on entries a back-office command wrote: who ran it. */
  operator?: Operator;
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
    ...(item.operator ? { operator: item.operator as Operator } : {}),
  }));
}

/** What `GET /audit-log` filters on (design.md section 7); instants are ISO strings. */
export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  action?: string;
  keyId?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** One entry as `GET /audit-log` shows it, in the read names of design.md section 7. */
export interface AuditLogEntry {
  id: string;
  at: string;
  action: string;
  entityType: string;
  entityId: string;
  keyId: string;
  requestId: string;
  changes: string[];
  /** Entries the operator's CLI wrote: who ran the command (issue 28). */
  operator?: Operator;
}

const FILTERED_ATTRIBUTE = {
  entityType: 'resourceType',
  entityId: 'resourceId',
  action: 'action',
  keyId: 'apiKeyId',
} as const;

/**
 * One page of the log, newest first, read by key in descending SK (time) order. Without a filter it reads
 * exactly the entries up to the end of the page, plus one to tell whether another page follows; the date
 * bounds narrow the key range. The other filters are applied by DynamoDB to what it reads, so a filtered
 * page reads every entry newer than its last match (a bounded scan of the partition's newest part, costed
 * in docs/design/application.md). There is no total: counting would read the whole partition.
 */
export async function pageAudit(
  orgId: string,
  filter: AuditFilter,
  window: { offset: number; pageSize: number },
): Promise<{ entries: AuditLogEntry[]; hasMore: boolean }> {
  const values: Record<string, unknown> = { ':pk': auditCollection(orgId) };
  const names: Record<string, string> = {};
  const conditions: string[] = [];
  for (const [name, attribute] of Object.entries(FILTERED_ATTRIBUTE)) {
    const value = filter[name as keyof typeof FILTERED_ATTRIBUTE];
    if (value === undefined) continue;
    names[`#${name}`] = attribute;
    values[`:${name}`] = value;
    conditions.push(`#${name} = :${name}`);
  }
  // SK is `${at}#${id}`: from the first instant of dateFrom, to past every entry at dateTo itself.
  values[':from'] = filter.dateFrom ?? '0';
  values[':to'] = `${filter.dateTo ?? '9999'}#\uffff`;
  const wanted = window.offset + window.pageSize + 1;
  const matched: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ...(conditions.length > 0
          ? { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names }
          : { Limit: wanted - matched.length }),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    matched.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && matched.length < wanted);
  const entries = matched.slice(window.offset, window.offset + window.pageSize).map((item) => ({
    id: item.id as string,
    at: item.at as string,
    action: item.action as string,
    entityType: item.resourceType as string,
    entityId: item.resourceId as string,
    keyId: item.apiKeyId as string,
    requestId: item.requestId as string,
    changes: (item.changedFields as string[] | undefined) ?? [],
    ...(item.operator ? { operator: item.operator as Operator } : {}),
  }));
  return { entries, hasMore: matched.length > window.offset + window.pageSize };
}
