/**
 * Stock transfer documents (design.md section 7). Written once, never changed: the stock they moved is in
 * the ledger under the transfer's id and number. Listed newest first on GSI1 (createdAt, id), as stock
 * adjustments are; the product and warehouse filters read the referenced ids kept on the item.
 */
import type { StockTransfer } from '../../../../domain/inventory/transfer.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { sortKey, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import {
  boundedRangePage,
  COUNTED_COLLECTIONS,
  collectionCount,
  collectionCountAdd,
} from '../../../platform/dynamo/bounded-range.js';
import { tooBroad } from '../../../platform/dynamo/list-budget.js';
import { indexKeyOf } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

export const stockTransferKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#TRANSFER#${id}`,
  SK: 'TRANSFER',
});
const stockTransferCollection = (orgId: string) => `${tenantPrefix(orgId)}#TRANSFER`;

export const stockTransfers = entity<StockTransfer>({
  name: 'StockTransfer',
  fields: allFields<StockTransfer>()([
    'id',
    'transferNumber',
    'fromWarehouse',
    'toWarehouse',
    'notes',
    'lines',
    'createdAt',
  ]),
  key: (orgId, transfer) => stockTransferKey(orgId, transfer.id),
  indexes: (orgId, transfer) => ({
    // Newest first by createdAt, with the id tiebreaker.
    GSI1PK: stockTransferCollection(orgId),
    GSI1SK: sortKey(transfer.createdAt, transfer.id),
    productIds: [...new Set(transfer.lines.map((l) => l.productId))],
    warehouseIds: [...new Set([transfer.fromWarehouse.id, transfer.toWarehouse.id])],
  }),
});

export const TRANSFER_COUNT = COUNTED_COLLECTIONS.transfers;

/** The transfer's item and the organisation's transfer count, in its create transaction. */
export const stockTransferPutItems = (orgId: string, transfer: StockTransfer): TransactItem[] => [
  stockTransfers.createItem(orgId, transfer),
  collectionCountAdd(orgId, TRANSFER_COUNT),
];

export const getStockTransfer = (orgId: string, id: string): Promise<StockTransfer | null> =>
  stockTransfers.getByKey(stockTransferKey(orgId, id));

export interface TransferFilter {
  productId?: string;
  /** Either side: transfers out of it and into it. */
  warehouseId?: string;
  /** ISO instants bounding createdAt (a date-only upper bound already extended to its day's end). */
  from?: string;
  to?: string;
}

/**
 * Newest first; dateFrom/dateTo narrow the createdAt key range, product and warehouse filter. Within the
 * list budget (bounded-range.ts), as the adjustment list: the unfiltered list reads its page and takes
 * the maintained count; a filter reads its range, and one longer than the budget is the 400 naming it.
 */
export async function listStockTransfers(
  orgId: string,
  filter: TransferFilter,
  window: { offset: number; limit: number },
): Promise<{ items: StockTransfer[]; total: number }> {
  const values: Record<string, unknown> = {
    ':pk': stockTransferCollection(orgId),
    ':from': filter.from ?? '0',
    ':to': `${filter.to ?? '9999'}\uffff`,
  };
  const conditions: string[] = [];
  if (filter.productId) {
    values[':product'] = filter.productId;
    conditions.push('contains(productIds, :product)');
  }
  if (filter.warehouseId) {
    values[':wh'] = filter.warehouseId;
    conditions.push('contains(warehouseIds, :wh)');
  }
  const outsideKey = filter.productId ? 'productId' : filter.warehouseId ? 'warehouseId' : undefined;
  const dates = filter.from ? 'dateFrom' : filter.to ? 'dateTo' : undefined;
  const { items, total } = await boundedRangePage({
    input: {
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      FilterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    window,
    count: outsideKey || dates ? undefined : () => collectionCount(orgId, TRANSFER_COUNT),
    cursorId: `${orgId}|transfers|GSI1`,
    keyOf: indexKeyOf('GSI1'),
    refuse: (budget) =>
      tooBroad(
        outsideKey ?? (window.offset > 0 ? 'page' : dates),
        budget,
        'dateFrom and dateTo',
        'stock transfers are read from their index',
      ),
  });
  return { items: items.map(stockTransfers.fromItem), total };
}
