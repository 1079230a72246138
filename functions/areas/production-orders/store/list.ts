/**
 * GET /production-orders, newest first (createdAt desc). Each common list reads its own index range,
 * about a page of items, with the total from a maintained counter: no filter (GSI1), one status (GSI3),
 * several statuses (each status partition read to the page's end and merged), one product (GSI4).
 * modifiedSince alone reads only the orders changed since (GSI2, the instant in the key condition) and
 * orders them in memory. Any other combination (dates on plannedStartDate, search, filters together) and
 * deep pages no remembered cursor reaches are paged on the slim projection (listProjectedDocuments); only
 * a collection too large for it reads the narrowest of those ranges once with the rest as a
 * FilterExpression (documentQuery), counting the matches for the total.
 */
import type {
  ProductionOrder,
  ProductionOrderStatus,
} from '../../../../domain/production-orders/production-order.js';
import { db } from '../../../platform/dynamo/client.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { documentQuery, type DocumentFilter } from '../../../platform/dynamo/document-query.js';
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
  productionOrderCountsKey,
  productionOrderPartitions,
  productionOrderProjection,
  productionOrders,
  productOrderCountKey,
  statusCounter,
} from './production-orders.js';

export interface ProductionOrderFilter extends Omit<DocumentFilter, 'customerId' | 'statuses'> {
  statuses?: ProductionOrderStatus[];
  productId?: string;
}

interface Window {
  offset: number;
  limit: number;
}

type Page = { items: ProductionOrder[]; total: number };

const DATE_ATTRIBUTE = 'plannedStartDate';

const partitionQuery = (
  index: IndexName,
  partition: string,
  keyCondition?: { from: string },
): QueryInput => ({
  TableName: tableName(),
  IndexName: index,
  KeyConditionExpression: keyCondition ? '#pk = :pk AND #sk >= :from' : '#pk = :pk',
  ExpressionAttributeNames: { '#pk': `${index}PK`, ...(keyCondition ? { '#sk': `${index}SK` } : {}) },
  ExpressionAttributeValues: { ':pk': partition, ...(keyCondition ? { ':from': keyCondition.from } : {}) },
  // Newest first.
  ScanIndexForward: false,
});

const keyOf = (index: IndexName) => (item: Record<string, unknown>) => ({
  PK: item.PK,
  SK: item.SK,
  [`${index}PK`]: item[`${index}PK`],
  [`${index}SK`]: item[`${index}SK`],
});

async function counted(key: { PK: string; SK: string }): Promise<Record<string, unknown>> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item ?? {};
}

/** One index partition read a page at a time from a remembered cursor, with the counter that totals it. */
interface CounterRead {
  index: IndexName;
  partition: string;
  total: () => Promise<number>;
}

const cursorIdOf = (orgId: string, read: CounterRead) =>
  `${orgId}|production-orders|${read.index}|${read.partition}`;

async function counterPage(orgId: string, read: CounterRead, window: Window): Promise<Page> {
  const [items, count] = await Promise.all([
    readPage(partitionQuery(read.index, read.partition), {
      ...window,
      cursorId: cursorIdOf(orgId, read),
      keyOf: keyOf(read.index),
    }),
    read.total(),
  ]);
  return { items: items.map(productionOrders.fromItem), total: count };
}

const newestFirst = (a: ProductionOrder, b: ProductionOrder) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** The list's counted shapes without row filters: no filter, one status, several statuses, one product. */
function countedRead(orgId: string, filter: ProductionOrderFilter): CounterRead | 'merge' | null {
  const { statuses, productId } = filter;
  if (filter.from || filter.to || filter.search || filter.modifiedSince) return null;
  if (!statuses && !productId) {
    return {
      index: 'GSI1',
      partition: productionOrderPartitions.all(orgId),
      total: async () => Number((await counted(productionOrderCountsKey(orgId))).all ?? 0),
    };
  }
  if (statuses?.length === 1 && !productId) {
    return {
      index: 'GSI3',
      partition: productionOrderPartitions.status(orgId, statuses[0]!),
      total: async () =>
        Number((await counted(productionOrderCountsKey(orgId)))[statusCounter(statuses[0]!)] ?? 0),
    };
  }
  if (statuses && !productId) return 'merge';
  if (productId && !statuses) {
    return {
      index: 'GSI4',
      partition: productionOrderPartitions.product(orgId, productId),
      total: async () => Number((await counted(productOrderCountKey(orgId, productId))).count ?? 0),
    };
  }
  return null;
}

/** Whether the counted read would re-read every skipped row: a deep page no remembered cursor reaches. */
const skipsRows = (orgId: string, read: CounterRead | 'merge', window: Window): boolean =>
  read === 'merge' ? window.offset > 0 : !hasListCursor(cursorIdOf(orgId, read), window.offset);

const readCounted = (
  orgId: string,
  read: CounterRead | 'merge',
  filter: ProductionOrderFilter,
  window: Window,
) => (read === 'merge' ? mergedStatuses(orgId, filter.statuses!, window) : counterPage(orgId, read, window));

export async function listProductionOrders(
  orgId: string,
  filter: ProductionOrderFilter,
  window: Window,
): Promise<Page> {
  const { statuses, productId } = filter;
  const cheap = countedRead(orgId, filter);
  if (cheap && !skipsRows(orgId, cheap, window)) return readCounted(orgId, cheap, filter, window);
  const rowFilters = Boolean(filter.from || filter.to || filter.search);
  if (filter.modifiedSince && !rowFilters && !statuses && !productId) {
    const changed = (
      await queryAll(
        partitionQuery('GSI2', productionOrderPartitions.all(orgId), {
          from: filter.modifiedSince.toISOString(),
        }),
      )
    )
      .map(productionOrders.fromItem)
      .sort(newestFirst);
    return { items: changed.slice(window.offset, window.offset + window.limit), total: changed.length };
  }
  const projected = await listProjectedDocuments({
    orgId,
    projection: productionOrderProjection,
    filter: { ...filter, partyId: productId },
    sort: { by: 'createdAt', ascending: false },
    window,
    fromItem: productionOrders.fromItem,
  });
  if (projected) return projected;
  if (cheap) return readCounted(orgId, cheap, filter, window);
  const documentFilter: DocumentFilter = { ...filter, customerId: undefined };
  const input = productId
    ? documentQuery('GSI4', productionOrderPartitions.product(orgId, productId), false, documentFilter, {
        dateAttribute: DATE_ATTRIBUTE,
        skip: {},
      })
    : statuses?.length === 1
      ? documentQuery('GSI3', productionOrderPartitions.status(orgId, statuses[0]!), false, documentFilter, {
          dateAttribute: DATE_ATTRIBUTE,
          skip: { status: true },
        })
      : documentQuery('GSI1', productionOrderPartitions.all(orgId), false, documentFilter, {
          dateAttribute: DATE_ATTRIBUTE,
          skip: {},
        });
  const { items, total } = await queryWindow(input, window.offset, window.limit);
  return { items: items.map(productionOrders.fromItem), total };
}

/** Several statuses: each status partition read up to the window's end, merged newest first. */
async function mergedStatuses(
  orgId: string,
  statuses: ProductionOrderStatus[],
  window: Window,
): Promise<Page> {
  const distinct = [...new Set(statuses)];
  const [pages, counts] = await Promise.all([
    Promise.all(
      distinct.map((status) =>
        readPage(partitionQuery('GSI3', productionOrderPartitions.status(orgId, status)), {
          offset: 0,
          limit: window.offset + window.limit,
          cursorId: `${orgId}|production-orders|merge|${status}`,
          keyOf: keyOf('GSI3'),
        }),
      ),
    ),
    counted(productionOrderCountsKey(orgId)),
  ]);
  const merged = pages.flat().map(productionOrders.fromItem).sort(newestFirst);
  const total = distinct.reduce((sum, s) => sum + Number(counts[statusCounter(s)] ?? 0), 0);
  return { items: merged.slice(window.offset, window.offset + window.limit), total };
}
