/**
 * A stock transfer (`POST /stock-transfers`, and the back office's `stock transfer` as a one-line one):
 * a document moving quantities of products (and their lots) from one warehouse to another, or between
 * bins, in one write. Each line is two stock changes, taken out at the source and put in at the
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

/** One line of a transfer document: what moves, and from which bin to which (null: unbinned stock). */
export interface TransferLine {
  productId: string;
  quantity: number;
  batchId: string | null;
  fromBinId: string | null;
  toBinId: string | null;
}

export interface TransferRequest {
  fromWarehouseId: string;
  toWarehouseId: string;
  notes: string | null;
  lines: TransferLine[];
}

/** The transfer document; its warehouses are kept as they were named when it was made. */
export interface StockTransfer {
  id: string;
  transferNumber: string;
  fromWarehouse: { id: string; code: string; name: string };
  toWarehouse: { id: string; code: string; name: string };
  notes: string | null;
  lines: TransferLine[];
  createdAt: string;
}

export const TRANSFER_RESOURCE = 'Stock transfer';

/** The single-product transfer of one line (what checkTransfer and transferChanges take). */
export const lineTransfer = (request: TransferRequest, line: TransferLine): Transfer => ({
  productId: line.productId,
  fromWarehouseId: request.fromWarehouseId,
  toWarehouseId: request.toWarehouseId,
  fromBinId: line.fromBinId,
  toBinId: line.toBinId,
  batchId: line.batchId,
  quantity: line.quantity,
});

/** What each rule names a value by: the CLI's flags, or the API body's fields of line `i`. */
export interface TransferNames {
  product: string;
  fromWarehouse: string;
  toWarehouse: string;
  fromBin: string;
  toBin: string;
  batch: string;
  quantity: string;
  /** Before a refusal's message: which line it is about. */
  line: string;
}

export const CLI_TRANSFER_NAMES: TransferNames = {
  product: '--product',
  fromWarehouse: '--from-warehouse',
  toWarehouse: '--to-warehouse',
  fromBin: '--from-bin',
  toBin: '--to-bin',
  batch: '--batch',
  quantity: 'quantity',
  line: '',
};

export const apiTransferNames = (i: number): TransferNames => ({
  product: `lines[${i}].productId`,
  fromWarehouse: 'fromWarehouseId',
  toWarehouse: 'toWarehouseId',
  fromBin: `lines[${i}].fromBinId`,
  toBin: `lines[${i}].toBinId`,
  batch: `lines[${i}].batchId`,
  quantity: `lines[${i}].quantity`,
  line: `Line ${i + 1}: `,
});

/** A line moving nothing (the same warehouse and bin on both sides) is a malformed request (400). */
export function checkTransferShape(request: TransferRequest): void {
  const details = request.lines.flatMap((line, i) =>
    sameLocation(lineTransfer(request, line))
      ? [{ path: `lines[${i}]`, message: 'moves to its own source location (same warehouse and bin)' }]
      : [],
  );
  if (details.length > 0) throw validationError(details);
}

/**
 * Every line checked as checkTransfer does, in order, the first refusal naming its line. Lines drawing on
 * the same source location are checked together: the second sees what the first takes.
 */
export function checkTransferLines(
  request: TransferRequest,
  facts: StockFacts,
  levels: ReadonlyMap<string, StockLevels>,
  names: (i: number) => TransferNames = apiTransferNames,
): void {
  const taken = new Map<string, number>();
  request.lines.forEach((line, i) => {
    const t = lineTransfer(request, line);
    const source = `${t.productId}|${locationKey(t.fromWarehouseId, t.fromBinId, t.batchId)}`;
    const before = taken.get(source) ?? 0;
    checkTransfer(t, facts, levels.get(t.productId) ?? {}, names(i), before);
    taken.set(source, roundQuantity(before + t.quantity));
  });
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

/**
 * The rules a transfer checks before the movement planner: references (422 invalid_reference), the
 * product's tracking and type, and the stock free to move at the source (on hand minus reserved; a
 * reservation pins its stock to its location). Any status of lot may move (quarantined stock is moved to
 * quarantine, recalled stock to where it is disposed of).
 */
export function checkTransfer(
  t: Transfer,
  facts: StockFacts,
  levels: StockLevels,
  names: TransferNames = CLI_TRANSFER_NAMES,
  alreadyTaken = 0,
): void {
  const at = names.line;
  const refused = (message: string) => new ApiError('invalid_reference', `${at}${message}`);
  if (!(t.quantity > 0)) throw unprocessable(`${at}The quantity to transfer must be above zero`);
  const product = facts.products.get(t.productId);
  if (!product) throw refused(`${names.product} ${t.productId} does not reference an existing product`);
  if (product.uomType === 'UNIT' && !Number.isInteger(t.quantity)) {
    throw validationError([
      { path: names.quantity, message: 'must be a whole number for a product measured in units' },
    ]);
  }
  if (product.productType === 'NON_STOCKED') {
    throw unprocessable(`${at}Product ${t.productId} is NON_STOCKED and holds no stock`);
  }
  for (const [flag, warehouseId] of [
    [names.fromWarehouse, t.fromWarehouseId],
    [names.toWarehouse, t.toWarehouseId],
  ] as const) {
    const warehouse = facts.warehouses.get(warehouseId);
    if (!warehouse) throw refused(`${flag} ${warehouseId} does not reference an existing warehouse`);
    if (!warehouse.isActive) throw refused(`${flag} ${warehouseId} references an inactive warehouse`);
  }
  for (const [flag, binId, warehouseId] of [
    [names.fromBin, t.fromBinId, t.fromWarehouseId],
    [names.toBin, t.toBinId, t.toWarehouseId],
  ] as const) {
    if (binId === null) continue;
    if (facts.bins.get(binId)?.warehouseId !== warehouseId) {
      throw refused(`${flag} ${binId} does not reference a bin of warehouse ${warehouseId}`);
    }
  }
  if (product.isBatchTracked && t.batchId === null) {
    throw refused(`${names.batch} is required: the product is batch-tracked`);
  }
  if (t.batchId !== null) {
    if (facts.batches.get(t.batchId)?.productId !== t.productId) {
      throw refused(`${names.batch} ${t.batchId} does not reference a batch of product ${t.productId}`);
    }
    if (!product.isBatchTracked) {
      throw unprocessable(`${at}${names.batch} is set but the product is not batch-tracked`);
    }
  }
  const source = levels[locationKey(t.fromWarehouseId, t.fromBinId, t.batchId)];
  const available = source ? roundQuantity(source.onHand - source.reserved - alreadyTaken) : 0;
  if (available < t.quantity) {
    const earlier = alreadyTaken > 0 ? `, ${alreadyTaken} of it taken by earlier lines` : '';
    throw unprocessable(
      `${at}Insufficient available stock to transfer from warehouse ${t.fromWarehouseId}${t.fromBinId ? ` bin ${t.fromBinId}` : ''}${t.batchId ? ` batch ${t.batchId}` : ''}: available ${available} (on hand ${source?.onHand ?? 0}, reserved ${source?.reserved ?? 0}${earlier}), requested ${t.quantity}`,
    );
  }
}
