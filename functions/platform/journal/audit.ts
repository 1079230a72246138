import { ListTooBroad, listScanBudget, tooBroad } from '../dynamo/list-budget.js';
import { indexKeyOf, queryAll, readPageAndMore } from '../dynamo/query-window.js';
import { tableName } from '../dynamo/table-definition.js';
import type { Operator } from '../back-office/operator.js';
import { AUDIT_INDEXES, auditCollection, auditIndexPartition } from './audit-keys.js';

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

/** The filters applied to what a page reads, after its partition (and in this order, the one a refusal names). */
const FILTERED_ATTRIBUTE = {
  entityId: 'resourceId',
  keyId: 'apiKeyId',
  entityType: 'resourceType',
  action: 'action',
} as const;

/**
 * One page of the log, newest first, read by key in descending `at#id` order from the narrowest partition
 * its filters name: the record's, else the key's, else the record type's (AUDIT_INDEXES), else the whole
 * log; the date bounds narrow the key range. The page reads its entries plus one (to tell `hasMore`), from
 * a cursor remembered when the pages are walked in order. The filters left (`action`, and those a narrower
 * partition already implies or crosses) are applied to what it reads, within the list budget
 * (list-budget.ts): past it the 400 names the filter (or `page` for a jump no cursor reaches) and the dates
 * that narrow the range. There is no total: counting would read the whole partition.
 */
export async function pageAudit(
  orgId: string,
  filter: AuditFilter,
  window: { offset: number; pageSize: number },
): Promise<{ entries: AuditLogEntry[]; hasMore: boolean }> {
  const by = AUDIT_INDEXES.find((candidate) => filter[candidate.filter] !== undefined);
  const values: Record<string, unknown> = {
    ':pk': by ? auditIndexPartition(orgId, by.tag, filter[by.filter]!) : auditCollection(orgId),
  };
  const names: Record<string, string> = {};
  const conditions: string[] = [];
  const filteredBy: string[] = [];
  for (const [name, attribute] of Object.entries(FILTERED_ATTRIBUTE)) {
    const value = filter[name as keyof typeof FILTERED_ATTRIBUTE];
    if (value === undefined || name === by?.filter) continue;
    names[`#${name}`] = attribute;
    values[`:${name}`] = value;
    conditions.push(`#${name} = :${name}`);
    filteredBy.push(name);
  }
  // The sort key is `${at}#${id}`: from the first instant of dateFrom, to past every entry at dateTo itself.
  values[':from'] = filter.dateFrom ?? '0';
  values[':to'] = `${filter.dateTo ?? '9999'}#\uffff`;
  const [pk, sk] = by ? [`${by.index}PK`, `${by.index}SK`] : ['PK', 'SK'];
  names['#pk'] = pk;
  names['#sk'] = sk;
  const budget = listScanBudget();
  let page: { items: Record<string, unknown>[]; more: boolean };
  try {
    page = await readPageAndMore(
      {
        TableName: tableName(),
        ...(by ? { IndexName: by.index } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
      },
      {
        offset: window.offset,
        limit: window.pageSize,
        maxScanned: budget,
        cursorId: `${orgId}|audit|${JSON.stringify(filter)}`,
        keyOf: by ? indexKeyOf(by.index) : (item) => ({ PK: item.PK, SK: item.SK }),
      },
    );
  } catch (error) {
    if (!(error instanceof ListTooBroad)) throw error;
    throw tooBroad(
      filteredBy[0] ?? (window.offset > 0 ? 'page' : undefined),
      budget,
      by ? 'dateFrom and dateTo' : 'entityId, keyId, entityType, or dateFrom and dateTo',
      'the audit log is read newest first',
    );
  }
  const entries = page.items.map((item) => ({
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
  return { entries, hasMore: page.more };
}
