/**
 * The stock reports in the bench: an organisation with 1,000 products (1 in 10 batch-tracked, one lot
 * each with an expiry and a unit cost; every product stocked in one or two warehouses, a minimum stock
 * level on all of them) and `size` ledger entries of one movement each, 100 a day back from now, with
 * their movement rows. Everything is seeded with BatchWrite of the items the application writes. Each
 * report is measured once per size; the one-day movement windows should cost the same at every size.
 */
import { createId } from '@paralleldrive/cuid2';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newBatch } from '../domain/inventory/batch.js';
import { locationKey, type StockLevels } from '../domain/inventory/stock.js';
import { createProduct } from '../domain/products/product.js';
import { createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { batchCountAdd, batchCreateItems } from '../functions/areas/inventory/store/batches.js';
import { copyOf, emptyStock, ledgerPut, stockPut } from '../functions/areas/inventory/store/stock.js';
import {
  productCountsKey,
  productItem,
  type ProductRecord,
} from '../functions/areas/products/store/products.js';
import { movementItems } from '../functions/areas/reports/store/movements.js';
import { db } from '../functions/platform/dynamo/client.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { send } from './api.js';
import { mode, signature, summarise, type DbCall, type Recorder, type Summary } from './measure.js';
import { batchWrite, newBenchTenant, type BenchTenant } from './seed.js';
import { reps as smokeReps, SMOKE } from './smoke.js';

/** Products of each report organisation (a hundred in a smoke run). */
export const REPORT_PRODUCTS = SMOKE ? 100 : 1_000;
const PRODUCTS = REPORT_PRODUCTS;
const MOVEMENTS_PER_DAY = 100;
const DAY_MS = 86_400_000;

export interface ReportCase {
  size: number;
  name: string;
  query: Record<string, string | number>;
  latency: Summary;
  callsPerRequest: number;
  calls: string;
  /** Items DynamoDB read: Query ScannedCount plus keys of GetItem/BatchGetItem. */
  rowsRead: number;
  capacityPerRequest: number;
  rowsReturned: number;
}

const READS: Record<string, (c: DbCall) => number> = {
  Query: (c) => c.scanned,
  GetItem: (c) => c.size,
  BatchGetItem: (c) => c.size,
};
// The rate-limit counters (two UpdateItems) are the pipeline's, not the report's.
const reportCalls = (calls: readonly DbCall[]) => calls.filter((c) => c.command !== 'UpdateItem');

interface Seeded {
  tenant: BenchTenant;
  productIds: string[];
  warehouseIds: [string, string];
}

/** 1,000 products with stock and lots, two warehouses, and `size` ledger entries with movement rows. */
async function seedReportTenant(size: number): Promise<Seeded> {
  const tenant = await newBenchTenant(`Bench reports ${size}`);
  const warehouses = await Promise.all(
    ['A', 'B'].map((c) => createWarehouse({ orgId: tenant.orgId, code: `BR-${c}`, name: `Reports ${c}` })),
  );
  const warehouseIds: [string, string] = [warehouses[0]!.id, warehouses[1]!.id];
  const now = Date.now();
  const created = new Date(now - 2 * DAY_MS).toISOString();
  const items: Record<string, unknown>[] = [];
  const productIds: string[] = [];
  let lots = 0;
  for (let i = 0; i < PRODUCTS; i += 1) {
    const n = String(i).padStart(6, '0');
    const tracked = i % 10 === 0;
    const state = createProduct(
      {
        sku: `BR-${n}`,
        name: `Report product ${n}`,
        costPrice: 1 + (i % 7),
        isBatchTracked: tracked,
        minStockLevel: 40,
        maxStockLevel: 120,
      },
      { id: createId(), now: created },
    );
    const record: ProductRecord = {
      ...state,
      category: null,
      unitOfMeasure: null,
      purchaseUom: null,
      saleUom: null,
    };
    productIds.push(record.id);
    items.push(productItem(tenant.orgId, record));
    let batchId: string | null = null;
    if (tracked) {
      const expiry = new Date(now + ((i % 360) - 60) * DAY_MS).toISOString().slice(0, 10);
      const batch = newBatch(
        { batchNumber: `BR-LOT-${n}`, productId: record.id, expiryDate: expiry, unitCost: 1.25 },
        { id: createId(), now: created },
      );
      batchId = batch.id;
      lots += 1;
      // The lot's puts are batch-written; the count it moves is an update, applied once below.
      for (const t of batchCreateItems(tenant.orgId, batch)) if (t.Put) items.push(t.Put.Item!);
    }
    const levels: StockLevels = {};
    for (const [w, warehouseId] of warehouseIds.entries()) {
      if (w === 1 && i % 2 === 0) continue;
      levels[locationKey(warehouseId, null, batchId)] = {
        warehouseId,
        binId: null,
        batchId,
        onHand: 10 + (i % 90),
        reserved: i % 5,
        updatedAt: created,
      };
    }
    items.push(stockPut(tenant.orgId, { ...emptyStock(record.id, copyOf(record)), levels }).Put!.Item!);
  }
  // One movement per ledger entry, MOVEMENTS_PER_DAY a day back from now: the newest day always holds
  // the same number of rows, whatever the size.
  const step = DAY_MS / MOVEMENTS_PER_DAY;
  for (let i = 0; i < size; i += 1) {
    const productIndex = (i * 7) % PRODUCTS;
    const entry = {
      orgId: tenant.orgId,
      at: new Date(now - (i + 1) * step).toISOString(),
      sourceType: i % 3 === 0 ? 'sales_order' : 'stock_adjustment',
      sourceId: createId(),
      sourceNumber: `BR-${String(i).padStart(7, '0')}`,
      movements: [
        {
          productId: productIds[productIndex]!,
          warehouseId: warehouseIds[i % 2]!,
          binId: null,
          batchId: null,
          quantity: i % 3 === 0 ? -1 : 2,
        },
      ],
    };
    items.push(ledgerPut(tenant.orgId, entry).Put!.Item!, ...movementItems(entry));
  }
  await batchWrite(items);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...productCountsKey(tenant.orgId), all: PRODUCTS, active: PRODUCTS },
    }),
  );
  await db().send(new UpdateCommand(batchCountAdd(tenant.orgId, lots).Update!));
  return { tenant, productIds, warehouseIds };
}

async function measureReport(
  recorder: Recorder,
  c: { size: number; name: string; path: string; key: string; query: ReportCase['query']; reps: number },
): Promise<ReportCase> {
  const runs = [];
  for (let i = 0; i < c.reps + 1; i += 1) {
    const run = await recorder.record(() =>
      send<Record<string, unknown>>({ method: 'GET', path: c.path, key: c.key, query: c.query }),
    );
    if (i > 0) runs.push({ ...run, calls: reportCalls(run.calls) }); // the first run warms the code path
  }
  const last = runs[runs.length - 1]!;
  const body = last.value;
  const rows = ['movements', 'rows', 'items', 'batches', 'products']
    .map((k) => body[k])
    .find(Array.isArray) as unknown[];
  return {
    size: c.size,
    name: c.name,
    query: c.query,
    latency: summarise(runs.map((r) => r.ms)),
    callsPerRequest: runs.reduce((s, r) => s + r.calls.length, 0) / runs.length,
    calls: mode(runs.map((r) => signature(r.calls))) ?? '',
    rowsRead:
      runs.reduce((s, r) => s + r.calls.reduce((t, x) => t + (READS[x.command]?.(x) ?? 0), 0), 0) /
      runs.length,
    capacityPerRequest:
      runs.reduce((s, r) => s + r.calls.reduce((t, x) => t + x.capacity, 0), 0) / runs.length,
    rowsReturned: rows.length,
  };
}

/**
 * Per size: the movement report over the newest day (unfiltered, by product, by warehouse), over 30 days
 * (past the 1000-row cap), and at every size the other reports over the same 1,000 products.
 */
export async function measureReports(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
): Promise<ReportCase[]> {
  const cases: ReportCase[] = [];
  for (const size of sizes) {
    const started = Date.now();
    const { tenant, productIds, warehouseIds } = await seedReportTenant(size);
    log(
      `  seeded ${size} ledger entries and movement rows, ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const reps = smokeReps(size >= 100_000 ? 3 : 5);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const lastDay = { dateFrom: iso(now - DAY_MS), dateTo: iso(now) };
    const run = async (name: string, path: string, query: ReportCase['query']) => {
      cases.push(
        await measureReport(recorder, { size, name, path: `/reports/${path}`, key: tenant.key, query, reps }),
      );
      const c = cases[cases.length - 1]!;
      log(
        `  ${size} ${name}: p50 ${c.latency.p50.toFixed(1)} ms, ${c.rowsRead} rows read, ${c.rowsReturned} shown`,
      );
    };
    await run('stock-movement, last day', 'stock-movement', lastDay);
    await run('stock-movement, last day, productId', 'stock-movement', {
      ...lastDay,
      productId: productIds[7]!,
    });
    await run('stock-movement, last day, warehouseId', 'stock-movement', {
      ...lastDay,
      warehouseId: warehouseIds[0],
    });
    await run('stock-movement, 30 days (capped at 1000)', 'stock-movement', {
      dateFrom: iso(now - 30 * DAY_MS),
      dateTo: iso(now),
    });
    await run('stock-on-hand-at-date, a day ago', 'stock-on-hand-at-date', { asAtDate: iso(now - DAY_MS) });
    await run('valuation', 'valuation', {});
    await run('expiry (defaults)', 'expiry', {});
    await run('low-stock', 'low-stock', {});
  }
  return cases;
}
