import type { StockAdjustment } from '../../../domain/inventory/adjustment.js';
import type { Batch } from '../../../domain/inventory/batch.js';
import { batchItems, lotHasHeldStock } from '../../../domain/inventory/batch-stock.js';
import type { SerialNumber } from '../../../domain/inventory/serial.js';
import type { StockRow } from '../../../domain/inventory/stock.js';
import type { StockTransfer } from '../../../domain/inventory/transfer.js';
import { MAX_BINS_PER_ZONE, MAX_ZONES_PER_WAREHOUSE } from '../../../domain/inventory/warehouse.js';
import type { ProductStock } from './store/stock.js';
import type { BinRecord, WarehouseRecord, ZoneRecord } from './store/warehouses.js';

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A warehouse with its zones (each with its bins), capped as the spec's Limits say. */
export function warehouseView(warehouse: WarehouseRecord, zones: ZoneRecord[], bins: BinRecord[]) {
  const own = zones.filter((z) => z.warehouseId === warehouse.id).sort(byId);
  return {
    id: warehouse.id,
    code: warehouse.code,
    name: warehouse.name,
    address: warehouse.address ?? null,
    isActive: warehouse.isActive,
    zones: own.slice(0, MAX_ZONES_PER_WAREHOUSE).map((zone) => {
      const zoneBins = bins.filter((b) => b.zoneId === zone.id).sort((a, b) => byCode(a, b) || byId(a, b));
      return {
        id: zone.id,
        name: zone.name,
        zoneType: zone.zoneType,
        zoneCategory: zone.zoneCategory,
        bins: zoneBins.slice(0, MAX_BINS_PER_ZONE).map((b) => ({
          id: b.id,
          code: b.code,
          capacity: b.capacity,
          isActive: b.isActive,
        })),
        binsTruncated: zoneBins.length > MAX_BINS_PER_ZONE,
        binsTotal: zoneBins.length,
      };
    }),
    zonesTruncated: own.length > MAX_ZONES_PER_WAREHOUSE,
    zonesTotal: own.length,
    createdAt: warehouse.createdAt,
    updatedAt: warehouse.updatedAt,
  };
}

const byCode = (a: { code: string }, b: { code: string }) => {
  const [x, y] = [a.code.toLowerCase(), b.code.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

export const adjustmentView = (a: StockAdjustment) => ({
  id: a.id,
  adjustmentNumber: a.adjustmentNumber,
  reason: a.reason,
  status: a.status,
  notes: a.notes,
  completedAt: a.completedAt,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  lines: a.lines.map((l) => ({
    productId: l.productId,
    warehouseId: l.warehouseId,
    binId: l.binId,
    batchId: l.batchId,
    quantityChange: l.quantityChange,
    costPerUnit: l.costPerUnit,
  })),
});

export interface RowContext {
  product: { id: string; sku: string; name: string; isBatchTracked: boolean };
  warehouseCode: string;
  binCode: string | null;
  batches: Map<string, { batchNumber: string; expiryDate: string | null }>;
}

export const stockRowView = (row: StockRow, context: RowContext) => ({
  product: { id: context.product.id, sku: context.product.sku, name: context.product.name },
  warehouse: { id: row.warehouseId, code: context.warehouseCode },
  bin: row.binId === null ? null : { id: row.binId, code: context.binCode },
  quantityOnHand: row.onHand,
  quantityReserved: row.reserved,
  quantityAvailable: row.available,
  batches: context.product.isBatchTracked
    ? row.batches.map((b) => ({
        batchId: b.batchId,
        batchNumber: context.batches.get(b.batchId)?.batchNumber ?? null,
        expiryDate: context.batches.get(b.batchId)?.expiryDate ?? null,
        quantityOnHand: b.onHand,
        quantityReserved: b.reserved,
        quantityAvailable: b.available,
      }))
    : null,
  updatedAt: row.updatedAt,
});

/** Where the product of a batch row comes from: its stock item (copies of sku and name, the lot's levels). */
type LotStock = Pick<ProductStock, 'productId' | 'productSku' | 'productName' | 'levels'>;

/**
 * A batch as the list shows it. `product` is derived from the lot's stock (spec): null for a lot that
 * never held stock.
 */
export const batchView = (batch: Batch, stock: LotStock | null) => ({
  id: batch.id,
  batchNumber: batch.batchNumber,
  status: batch.status,
  manufactureDate: batch.manufactureDate,
  expiryDate: batch.expiryDate,
  storageCondition: batch.storageCondition,
  product:
    stock && lotHasHeldStock(stock.levels, batch.id)
      ? { id: stock.productId, sku: stock.productSku, name: stock.productName }
      : null,
  unitCost: batch.unitCost,
  notes: batch.notes,
  createdAt: batch.createdAt,
  updatedAt: batch.updatedAt,
});

/** Codes of the warehouses and bins the items name. */
export interface PlacementCodes {
  warehouses: Map<string, string>;
  bins: Map<string, string>;
}

/** The detail: where the lot is (per warehouse and bin), what of it is free, and the total. */
export function batchDetailView(batch: Batch, stock: LotStock | null, codes: PlacementCodes) {
  const placed = batchItems(stock?.levels ?? {}, batch.id);
  return {
    ...batchView(batch, stock),
    items: placed.items.map((i) => ({
      warehouse: { id: i.warehouseId, code: codes.warehouses.get(i.warehouseId) ?? null },
      bin: i.binId === null ? null : { id: i.binId, code: codes.bins.get(i.binId) ?? null },
      quantity: i.quantity,
      availableQuantity: i.availableQuantity,
    })),
    itemsTruncated: placed.itemsTruncated,
    itemsTotal: placed.itemsTotal,
    totalQuantity: placed.totalQuantity,
  };
}

/** Product sku and name by id, for serial representations. */
export type SerialProducts = Map<string, { sku: string; name: string }>;

export const serialView = (serial: SerialNumber, products: SerialProducts) => ({
  id: serial.id,
  serialNumber: serial.serialNumber,
  status: serial.status,
  product: {
    id: serial.productId,
    sku: products.get(serial.productId)?.sku ?? null,
    name: products.get(serial.productId)?.name ?? null,
  },
  receivedAt: serial.receivedAt,
  soldAt: serial.soldAt,
  returnedAt: serial.returnedAt,
  notes: serial.notes,
  createdAt: serial.createdAt,
  updatedAt: serial.updatedAt,
});

/** The detail: placement by number and code, and the kept history (oldest first) with its total. */
export function serialDetailView(
  serial: SerialNumber,
  products: SerialProducts,
  names: { batchNumber: string | null; warehouseCode: string | null; binCode: string | null },
) {
  return {
    ...serialView(serial, products),
    batch: serial.batchId ? { id: serial.batchId, batchNumber: names.batchNumber } : null,
    warehouse: serial.warehouseId ? { id: serial.warehouseId, code: names.warehouseCode } : null,
    bin: serial.binId ? { id: serial.binId, code: names.binCode } : null,
    history: serial.history.map((h) => ({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      at: h.at,
      sourceType: h.sourceType,
      sourceId: h.sourceId,
    })),
    historyTruncated: serial.historyTotal > serial.history.length,
    historyTotal: serial.historyTotal,
  };
}

/** A stock transfer document (design.md section 7): its lines in the request's own names. */
export const stockTransferView = (t: StockTransfer) => ({
  id: t.id,
  transferNumber: t.transferNumber,
  fromWarehouse: t.fromWarehouse,
  toWarehouse: t.toWarehouse,
  notes: t.notes,
  lines: t.lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    batchId: l.batchId,
    fromBinId: l.fromBinId,
    toBinId: l.toBinId,
  })),
  createdAt: t.createdAt,
});
