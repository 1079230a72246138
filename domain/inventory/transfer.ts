/**
 * A stock transfer (back office `stock transfer`): a quantity of one product (and its lot) moved between
 * warehouses or bins in one write. It is two stock changes, taken out at the source and put in at the
 * destination, planned like any movement; only available stock moves (what orders hold stays put).
 */
import { ApiError, unprocessable, validationError } from '../errors.js';
import { documentNumber } from '../document-number.js';
import type { StockChange, StockFacts } from './movement.js';
import { locationKey, roundQuantity, type StockLevels } from './stock.js';

export interface Transfer {
  productId: string;
  fromWarehouseId: string;
  toWarehouseId: string;
  fromBinId: string | null;
  toBinId: string | null;
  batchId: string | null;
  quantity: number;
}

export const formatTransferNumber = (sequence: number): string => documentNumber('TR', sequence);

/** The ledger's source type of a transfer's movements. */
export const TRANSFER_SOURCE_TYPE = 'transfer';

export const sameLocation = (t: Transfer): boolean =>
  t.fromWarehouseId === t.toWarehouseId && t.fromBinId === t.toBinId;

export const transferChanges = (t: Transfer): StockChange[] => [
  {
    productId: t.productId,
    warehouseId: t.fromWarehouseId,
    binId: t.fromBinId,
    batchId: t.batchId,
    onHandDelta: -t.quantity,
    reservedDelta: 0,
  },
  {
    productId: t.productId,
    warehouseId: t.toWarehouseId,
    binId: t.toBinId,
    batchId: t.batchId,
    onHandDelta: t.quantity,
    reservedDelta: 0,
  },
];

const refused = (message: string) => new ApiError('invalid_reference', message);

/**
 * The rules a transfer checks before the movement planner: references (422 invalid_reference), the
 * product's tracking and type, and the stock free to move at the source (on hand minus reserved; a
 * reservation pins its stock to its location). Any status of lot may move (quarantined stock is moved to
 * quarantine, recalled stock to where it is disposed of).
 */
export function checkTransfer(t: Transfer, facts: StockFacts, levels: StockLevels): void {
  if (!(t.quantity > 0)) throw unprocessable('The quantity to transfer must be above zero');
  const product = facts.products.get(t.productId);
  if (!product) throw refused(`--product ${t.productId} does not reference an existing product`);
  if (product.uomType === 'UNIT' && !Number.isInteger(t.quantity)) {
    throw validationError([
      { path: 'quantity', message: 'must be a whole number for a product measured in units' },
    ]);
  }
  if (product.productType === 'NON_STOCKED') {
    throw unprocessable(`Product ${t.productId} is NON_STOCKED and holds no stock`);
  }
  for (const [flag, warehouseId] of [
    ['--from-warehouse', t.fromWarehouseId],
    ['--to-warehouse', t.toWarehouseId],
  ] as const) {
    const warehouse = facts.warehouses.get(warehouseId);
    if (!warehouse) throw refused(`${flag} ${warehouseId} does not reference an existing warehouse`);
    if (!warehouse.isActive) throw refused(`${flag} ${warehouseId} references an inactive warehouse`);
  }
  for (const [flag, binId, warehouseId] of [
    ['--from-bin', t.fromBinId, t.fromWarehouseId],
    ['--to-bin', t.toBinId, t.toWarehouseId],
  ] as const) {
    if (binId === null) continue;
    if (facts.bins.get(binId)?.warehouseId !== warehouseId) {
      throw refused(`${flag} ${binId} does not reference a bin of warehouse ${warehouseId}`);
    }
  }
  if (product.isBatchTracked && t.batchId === null) {
    throw refused('--batch is required: the product is batch-tracked');
  }
  if (t.batchId !== null) {
    if (facts.batches.get(t.batchId)?.productId !== t.productId) {
      throw refused(`--batch ${t.batchId} does not reference a batch of product ${t.productId}`);
    }
    if (!product.isBatchTracked) throw unprocessable('--batch is set but the product is not batch-tracked');
  }
  const source = levels[locationKey(t.fromWarehouseId, t.fromBinId, t.batchId)];
  const available = source ? roundQuantity(source.onHand - source.reserved) : 0;
  if (available < t.quantity) {
    throw unprocessable(
      `Insufficient available stock to transfer from warehouse ${t.fromWarehouseId}${t.fromBinId ? ` bin ${t.fromBinId}` : ''}${t.batchId ? ` batch ${t.batchId}` : ''}: available ${available} (on hand ${source?.onHand ?? 0}, reserved ${source?.reserved ?? 0}), requested ${t.quantity}`,
    );
  }
}
