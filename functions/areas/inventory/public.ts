/**
 * What other areas may use of inventory: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export {
  pickSerials,
  releaseSerials,
  returnSerials,
  sellAllocated,
  sellSerials,
  withSerials,
} from './serial-moves.js';
export { forgetLot, loadStockFacts, rememberLot, type LoadedStockFacts } from './stock-facts.js';
export { stockMovementWrites, type StockSource } from './stock-writes.js';
export {
  batchCountAdd,
  batchCreateItems,
  batchDeleteItems,
  batchFromItem,
  batchCollection,
  batchKey,
  batchNumberGuardKey,
  batchNumberGuardPut,
  batchRecordPut,
  batchRevealItem,
  batches,
  isPendingBatchItem,
} from './store/batches.js';
export {
  claimSerialNumber,
  markSerialsStatusIndexed,
  putSerialIfAbsent,
  serialProductCollection,
  serialProductStatusCollection,
  serialStatusCollection,
  serialStatusIndexKeys,
  releaseSerialNumber,
  serialCollection,
  serialCountAdd,
  serialCreateItems,
  serialsOfReceipt,
  serialsStatusIndexed,
} from './store/serial-numbers.js';
export { PRODUCT_SERIAL_COUNTS, productSerialCountsKey, serialCountMoves } from './store/serial-counts.js';
export {
  copyOf,
  emptyStock,
  ledgerCollection,
  ledgerEntries,
  listStockItems,
  productStockKey,
  productStocks,
  stockFromItem,
  stockPut,
  type LedgerEntry,
  type ProductStock,
} from './store/stock.js';
export {
  binFromItem,
  binKey,
  bins,
  listWarehouseRecords,
  warehouseFromItem,
  warehouseKey,
  warehouses,
} from './store/warehouses.js';
