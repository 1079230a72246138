/**
 * Lists off the projection (issue 29 item 6, session 36): what GET /stock-adjustments and GET
 * /stock-transfers read at each size (BENCH_CEILING_SIZES, default 10000) now that every request stays
 * within LIST_SCAN_MAX_ROWS: the counted first page, a page from a remembered cursor, the refusals (a
 * search or a status over the whole range, a jump), a filter whose date range fits, and the same search
 * without the budget (what every filtered request read before). Records are seeded as their create writes
 * them (item and count), one-line documents.
 */
import { createId } from '@paralleldrive/cuid2';
import type { StockAdjustment } from '../domain/inventory/adjustment.js';
import type { StockTransfer } from '../domain/inventory/transfer.js';
import { ADJUSTMENT_COUNT, stockAdjustments } from '../functions/areas/inventory/store/stock-adjustments.js';
import { TRANSFER_COUNT, stockTransfers } from '../functions/areas/inventory/store/stock-transfers.js';
import { collectionCountsKey } from '../functions/platform/dynamo/bounded-range.js';
import { configureListBudget, listScanBudget } from '../functions/platform/dynamo/list-budget.js';
import { clearListCursors } from '../functions/platform/dynamo/query-window.js';
import { send } from './api.js';
import type { Recorder } from './measure.js';
import { measuredReadCost } from './read-cost.js';
import { batchWrite, newBenchTenant, type BenchTenant } from './seed.js';
import { SMOKE } from './smoke.js';

const PAGE_SIZE = 50;
/** A smoke run's 100 rows fit the default budget: one above the page keeps its refusals refusals. */
const SMOKE_BUDGET = 60;

export interface ListBoundCase {
  size: number;
  list: 'stock-adjustments' | 'stock-transfers';
  name: string;
  /** counted page, cursor page, bounded (within the budget), unbounded (before). */
  path: string;
  status: number;
  query: Record<string, string | number>;
  /** Items DynamoDB read: Query ScannedCount plus GetItem keys. */
  rows: number;
  rcu: number;
  /** Estimated bytes read (eventually consistent Query RCU x 8 KB, GetItem RCU x 4 KB), in MB. */
  mb: number;
  ms: number;
  calls: number;
}

/** `size` one-line records a second apart, newest `size` seconds ago; returns their createdAt, oldest first. */
async function seed(tenant: BenchTenant, list: ListBoundCase['list'], size: number): Promise<string[]> {
  const productId = createId();
  const [from, to] = [createId(), createId()];
  const start = Date.now() - (size + 60) * 1000;
  const stamps: string[] = [];
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < size; i += 1) {
    const at = new Date(start + i * 1000).toISOString();
    stamps.push(at);
    const number = String(i + 1).padStart(6, '0');
    if (list === 'stock-adjustments') {
      const adjustment: StockAdjustment = {
        id: createId(),
        adjustmentNumber: `ADJ-${number}`,
        reason: 'CORRECTION',
        status: i % 10 === 0 ? 'DRAFT' : 'COMPLETED',
        notes: null,
        completedAt: i % 10 === 0 ? null : at,
        createdAt: at,
        updatedAt: at,
        lines: [
          { productId, warehouseId: from, binId: null, batchId: null, quantityChange: 1, costPerUnit: null },
        ],
      };
      items.push(stockAdjustments.toItem(tenant.orgId, adjustment));
    } else {
      const transfer: StockTransfer = {
        id: createId(),
        transferNumber: `TR-${number}`,
        fromWarehouse: { id: from, code: 'WH-A', name: 'Warehouse A' },
        toWarehouse: { id: to, code: 'WH-B', name: 'Warehouse B' },
        notes: null,
        lines: [{ productId, quantity: 1, batchId: null, fromBinId: null, toBinId: null }],
        createdAt: at,
      };
      items.push(stockTransfers.toItem(tenant.orgId, transfer));
    }
  }
  const kind = list === 'stock-adjustments' ? ADJUSTMENT_COUNT : TRANSFER_COUNT;
  items.push({ ...collectionCountsKey(tenant.orgId, kind), entity: 'Counts', all: size, complete: true });
  await batchWrite(items);
  return stamps;
}

export async function measureListBounds(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
): Promise<ListBoundCase[]> {
  const cases: ListBoundCase[] = [];
  if (SMOKE) configureListBudget(SMOKE_BUDGET);
  const budget = listScanBudget();
  for (const size of sizes) {
    for (const list of ['stock-adjustments', 'stock-transfers'] as const) {
      const started = Date.now();
      const tenant = await newBenchTenant(`Bench ${list} ${size}`);
      const stamps = await seed(tenant, list, size);
      log(`  seeded ${size} ${list} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const probe = async (p: {
        name: string;
        path: string;
        query: Record<string, string | number>;
        status?: number;
        before?: () => unknown;
      }) => {
        const cost = await measuredReadCost(
          recorder,
          () => send({ method: 'GET', path: `/${list}`, key: tenant.key, query: p.query }, p.status ?? 200),
          p.before,
        );
        const measured: ListBoundCase = {
          size,
          list,
          name: p.name,
          path: p.path,
          status: p.status ?? 200,
          query: p.query,
          ...cost,
        };
        cases.push(measured);
        log(`  ${size} ${list} ${p.name}: ${measured.status}, ${measured.rows} rows, ${measured.rcu} RCU`);
      };
      const bounded = `bounded index read (${budget} rows)`;
      const search: Record<string, string> =
        list === 'stock-adjustments' ? { search: 'adj-' } : { productId: createId() };
      const jump = Math.ceil((budget * 2) / PAGE_SIZE);
      await probe({ name: 'page 1', path: 'index page + counts item', query: { pageSize: PAGE_SIZE } });
      await probe({
        name: 'page 2 after page 1 (cursor)',
        path: 'cursor page + counts item',
        query: { pageSize: PAGE_SIZE, page: 2 },
        before: () =>
          send({ method: 'GET', path: `/${list}`, key: tenant.key, query: { pageSize: PAGE_SIZE } }),
      });
      await probe({
        name: `filter over the whole range (${Object.keys(search)[0]})`,
        path: bounded,
        query: { pageSize: PAGE_SIZE, ...search },
        status: 400,
      });
      await probe({
        name: `page ${jump} (jump, no cursor)`,
        path: bounded,
        query: { pageSize: PAGE_SIZE, page: jump },
        status: 400,
        before: () => clearListCursors(),
      });
      const fits = stamps[Math.max(0, stamps.length - Math.floor(budget / 2))]!;
      await probe({
        name: `filter within dateFrom (the last ${Math.floor(budget / 2)} records)`,
        path: bounded,
        query: { pageSize: PAGE_SIZE, dateFrom: fits, ...search },
      });
      configureListBudget(Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY);
      await probe({
        name: `filter over the whole range, without the budget (before)`,
        path: 'unbounded index read (before)',
        query: { pageSize: PAGE_SIZE, ...search },
      });
      configureListBudget(SMOKE ? SMOKE_BUDGET : undefined);
    }
  }
  configureListBudget(undefined);
  return cases;
}

/** The most any bounded request read (rows, RCU, MB) and the unbounded read it replaced. */
export function worstListBound(cases: readonly ListBoundCase[]) {
  const bounded = cases.filter((c) => !c.path.startsWith('unbounded'));
  const before = cases.filter((c) => c.path.startsWith('unbounded'));
  const max = (list: readonly ListBoundCase[], f: (c: ListBoundCase) => number) =>
    list.reduce((m, c) => Math.max(m, f(c)), 0);
  return {
    boundedMaxRows: max(bounded, (c) => c.rows),
    boundedMaxMb: max(bounded, (c) => c.mb),
    beforeMaxRows: max(before, (c) => c.rows),
    beforeMaxMb: max(before, (c) => c.mb),
  };
}
