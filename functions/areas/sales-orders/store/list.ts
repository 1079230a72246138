/**
 * GET /sales-orders: each common list reads its own index range, about a page of items, with the total
 * from the maintained counters; combinations of filters, search, dates, the orderNumber/totalAmount sorts
 * and pages no remembered cursor reaches are paged on the slim projection (docs/architecture.md).
 */
import type { SalesOrder, SalesOrderSort, SalesOrderStatus } from '../../../../domain/sales-orders/order.js';
import { db } from '../../../platform/dynamo/client.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { listProjectedDocuments } from '../../../platform/dynamo/document-projection.js';
import {
  hasListCursor,
  queryAll,
  queryWindow,
  readPage,
  type QueryInput,
} from '../../../platform/dynamo/query-window.js';
import { tableName, type IndexName } from '../../../platform/dynamo/table-definition.js';
import {
  customerOrderCountKey,
  salesOrderCountsKey,
  salesOrderPartitions,
  salesOrderProjection,
  salesOrders,
  statusCounter,
} from './sales-orders.js';

export interface SalesOrderFilter {
  statuses?: SalesOrderStatus[];
  customerId?: string;
  /** ISO instants (a date-only upper bound already extended to the end of its day). */
  from?: string;
  to?: string;
  modifiedSince?: Date;
  search?: string;
}

interface Window {
  offset: number;
  limit: number;
}

const byOrderDate = (by: SalesOrderSort) => by === 'orderDate' || by === 'createdAt';

function rangeQuery(
  index: IndexName,
  partition: string,
  ascending: boolean,
  range: { from?: string; to?: string },
  filter: { conditions: string[]; names: Record<string, string>; values: Record<string, unknown> },
): QueryInput {
  const names: Record<string, string> = { ...filter.names, '#pk': `${index}PK`, '#sk': `${index}SK` };
  const values: Record<string, unknown> = { ...filter.values, ':pk': partition };
  let keyCondition = '#pk = :pk';
  // Sort keys are `<instant>\u0001<id>`: '\uffff' after the upper bound keeps every id of that instant.
  if (range.from && range.to) {
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    values[':from'] = range.from;
    values[':to'] = `${range.to}\uffff`;
  } else if (range.from) {
    keyCondition += ' AND #sk >= :from';
    values[':from'] = range.from;
  } else if (range.to) {
    keyCondition += ' AND #sk <= :to';
    values[':to'] = `${range.to}\uffff`;
  }
  if (!keyCondition.includes('#sk')) delete names['#sk'];
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: keyCondition,
    FilterExpression: filter.conditions.length ? filter.conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: ascending,
  };
}

function rowFilter(
  filter: SalesOrderFilter,
  skip: { status?: boolean; customer?: boolean; dates?: boolean },
) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.statuses && !skip.status) {
    names['#status'] = 'status';
    const placeholders = filter.statuses.map((s, i) => {
      values[`:st${i}`] = s;
      return `:st${i}`;
    });
    conditions.push(`#status IN (${placeholders.join(', ')})`);
  }
  if (filter.customerId && !skip.customer) {
    values[':customerId'] = filter.customerId;
    conditions.push('customerId = :customerId');
  }
  if (!skip.dates) {
    if (filter.from) {
      values[':dateFrom'] = filter.from;
      conditions.push('orderDate >= :dateFrom');
    }
    if (filter.to) {
      values[':dateTo'] = filter.to;
      conditions.push('orderDate <= :dateTo');
    }
  }
  if (filter.modifiedSince) {
    values[':since'] = filter.modifiedSince.toISOString();
    conditions.push('updatedAt >= :since');
  }
  if (filter.search) {
    values[':search'] = filter.search.toLowerCase();
    conditions.push('contains(searchText, :search)');
  }
  return { conditions, names, values };
}

const keyOf = (index: IndexName) => (item: Record<string, unknown>) => ({
  PK: item.PK,
  SK: item.SK,
  [`${index}PK`]: item[`${index}PK`],
  [`${index}SK`]: item[`${index}SK`],
});

async function countOf(key: { PK: string; SK: string }, attribute: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return (Item?.[attribute] as number | undefined) ?? 0;
}

const compareBy = (by: SalesOrderSort, ascending: boolean) => (a: SalesOrder, b: SalesOrder) => {
  const x = a[by];
  const y = b[by];
  const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return ascending ? order : -order;
};

/**
 * How a list the counters answer is read: one index partition a page at a time from a remembered cursor
 * (`page`), several status partitions merged (`merge`), or the changed range of the sync recipe (`changed`).
 */
type CheapRead =
  | { kind: 'page'; input: QueryInput; cursorId: string; index: IndexName; total: () => Promise<number> }
  | { kind: 'merge'; statuses: SalesOrderStatus[] }
  | { kind: 'changed'; input: QueryInput };

/** The cheap read of a list, or null when its total needs every match counted (search, dates, ...). */
function cheapRead(
  orgId: string,
  filter: SalesOrderFilter,
  sort: { by: SalesOrderSort; ascending: boolean },
): CheapRead | null {
  const { by, ascending } = sort;
  const hasDates = Boolean(filter.from || filter.to);
  const statuses = filter.statuses;
  const cursorBase = `${orgId}|sales-orders|${ascending}`;
  const all = () => countOf(salesOrderCountsKey(orgId), 'all');

  // The sync recipe: updatedAt order with modifiedSince in the key condition reads only changed rows.
  if (by === 'updatedAt' && !statuses && !filter.customerId && !hasDates && !filter.search) {
    const input = rangeQuery(
      'GSI2',
      salesOrderPartitions.all(orgId),
      ascending,
      { from: filter.modifiedSince?.toISOString() },
      rowFilter({}, {}),
    );
    if (filter.modifiedSince) return { kind: 'changed', input };
    return { kind: 'page', input, cursorId: `${cursorBase}|GSI2`, index: 'GSI2', total: all };
  }
  if (!byOrderDate(by) || filter.search || filter.modifiedSince || hasDates) return null;
  // One status or one customer (not both): that index's partition, total from its counter.
  if (statuses?.length === 1 && !filter.customerId) {
    return {
      kind: 'page',
      input: rangeQuery(
        'GSI3',
        salesOrderPartitions.status(orgId, statuses[0]!),
        ascending,
        {},
        rowFilter({}, {}),
      ),
      cursorId: `${cursorBase}|GSI3|${statuses[0]}`,
      index: 'GSI3',
      total: () => countOf(salesOrderCountsKey(orgId), statusCounter(statuses[0]!)),
    };
  }
  if (statuses && statuses.length > 1 && !filter.customerId) return { kind: 'merge', statuses };
  if (filter.customerId && !statuses) {
    return {
      kind: 'page',
      input: rangeQuery(
        'GSI4',
        salesOrderPartitions.customer(orgId, filter.customerId),
        ascending,
        {},
        rowFilter({}, {}),
      ),
      cursorId: `${cursorBase}|GSI4|${filter.customerId}`,
      index: 'GSI4',
      total: () => countOf(customerOrderCountKey(orgId, filter.customerId!), 'orderCount'),
    };
  }
  if (!statuses && !filter.customerId) {
    return {
      kind: 'page',
      input: rangeQuery('GSI1', salesOrderPartitions.all(orgId), ascending, {}, rowFilter({}, {})),
      cursorId: `${cursorBase}|GSI1`,
      index: 'GSI1',
      total: all,
    };
  }
  return null;
}

/** Whether the cheap read would re-read every skipped row: a deep page no remembered cursor reaches. */
const skipsRows = (read: CheapRead, window: Window): boolean =>
  read.kind === 'page'
    ? !hasListCursor(read.cursorId, window.offset)
    : read.kind === 'merge' && window.offset > 0;

async function readCheap(
  orgId: string,
  read: CheapRead,
  ascending: boolean,
  window: Window,
): Promise<{ items: SalesOrder[]; total: number }> {
  if (read.kind === 'merge') return mergedStatuses(orgId, read.statuses, ascending, window);
  if (read.kind === 'changed') {
    const { items, total } = await queryWindow(read.input, window.offset, window.limit);
    return { items: items.map(salesOrders.fromItem), total };
  }
  const [items, total] = await Promise.all([
    readPage(read.input, { ...window, cursorId: read.cursorId, keyOf: keyOf(read.index) }),
    read.total(),
  ]);
  return { items: items.map(salesOrders.fromItem), total };
}

/**
 * A page of sales orders. The lists the counters answer (see cheapRead) read about a page of their index;
 * everything else, and deep pages no remembered cursor reaches, are paged on the slim projection
 * (listProjectedDocuments). Only when the organisation's orders are more than the projection holds do
 * those read the matching range of the narrowest index.
 */
export async function listSalesOrders(
  orgId: string,
  filter: SalesOrderFilter,
  sort: { by: SalesOrderSort; ascending: boolean },
  window: Window,
): Promise<{ items: SalesOrder[]; total: number }> {
  const { by, ascending } = sort;
  const cheap = cheapRead(orgId, filter, sort);
  if (cheap && !skipsRows(cheap, window)) return readCheap(orgId, cheap, ascending, window);
  const projected = await listProjectedDocuments({
    orgId,
    projection: salesOrderProjection,
    filter: { ...filter, partyId: filter.customerId },
    sort,
    window,
    fromItem: salesOrders.fromItem,
  });
  if (projected) return projected;
  if (cheap) return readCheap(orgId, cheap, ascending, window);

  // Everything else reads the matching range of the narrowest index once (dates in the key condition).
  const statuses = filter.statuses;
  const range = { from: filter.from, to: filter.to };
  const [index, partition, skip] = filter.customerId
    ? ([
        'GSI4',
        salesOrderPartitions.customer(orgId, filter.customerId),
        { customer: true, dates: true },
      ] as const)
    : statuses?.length === 1
      ? (['GSI3', salesOrderPartitions.status(orgId, statuses[0]!), { status: true, dates: true }] as const)
      : (['GSI1', salesOrderPartitions.all(orgId), { dates: true }] as const);
  const input = rangeQuery(
    index,
    partition,
    byOrderDate(by) ? ascending : false,
    range,
    rowFilter(filter, skip),
  );
  if (byOrderDate(by)) {
    const { items, total } = await queryWindow(input, window.offset, window.limit);
    return { items: items.map(salesOrders.fromItem), total };
  }
  const all = (await queryAll(input)).map(salesOrders.fromItem).sort(compareBy(by, ascending));
  return { items: all.slice(window.offset, window.offset + window.limit), total: all.length };
}

/** Several statuses: each status partition read up to the window's end, merged in orderDate order. */
async function mergedStatuses(
  orgId: string,
  statuses: SalesOrderStatus[],
  ascending: boolean,
  window: Window,
): Promise<{ items: SalesOrder[]; total: number }> {
  const reads = statuses.map((status) =>
    readPage(
      rangeQuery('GSI3', salesOrderPartitions.status(orgId, status), ascending, {}, rowFilter({}, {})),
      {
        offset: 0,
        limit: window.offset + window.limit,
        cursorId: `${orgId}|sales-orders|merge|${status}|${ascending}`,
        keyOf: keyOf('GSI3'),
      },
    ),
  );
  const [pages, counts] = await Promise.all([
    Promise.all(reads),
    db().send(new GetCommand({ TableName: tableName(), Key: salesOrderCountsKey(orgId) })),
  ]);
  const merged = pages.flat().sort((a, b) => {
    const order = String(a.GSI3SK) < String(b.GSI3SK) ? -1 : String(a.GSI3SK) > String(b.GSI3SK) ? 1 : 0;
    return ascending ? order : -order;
  });
  const total = statuses.reduce(
    (sum, s) => sum + ((counts.Item?.[statusCounter(s)] as number | undefined) ?? 0),
    0,
  );
  return {
    items: merged.slice(window.offset, window.offset + window.limit).map(salesOrders.fromItem),
    total,
  };
}
