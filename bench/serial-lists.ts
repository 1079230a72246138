/**
 * One product's serial numbers (issue 29 item 6, session 41): what `GET /serial-numbers?productId=` (alone
 * and with a status), `?status=` alone (AVAILABLE, and SOLD: more units than the list budget) and a pick's
 * candidates read when the product has many units, most of them sold (BENCH_SERIAL_SIZES, default 3000:
 * units, 10 of them AVAILABLE). Each case runs in an organisation marked as every new one is (GSI6 and the
 * product's counts: the page alone, the AVAILABLE partition) and, with the same units, in one left
 * unmarked, which reads as before session 41 (the product's partition whole, and a pick's candidates from
 * its oldest unit). Units are seeded as a receipt and their moves write them (the record with its history,
 * GSI6 keys, and the counts).
 */
import { createId } from '@paralleldrive/cuid2';
import { receivedSerial, transitionSerial, type SerialNumber } from '../domain/inventory/serial.js';
import { productSerialCountsKey } from '../functions/areas/inventory/public.js';
import { availableSerials, serialNumbers } from '../functions/areas/inventory/store/serial-numbers.js';
import { collectionCountsKey, SERIAL_COUNTS } from '../functions/platform/dynamo/bounded-range.js';
import { db } from '../functions/platform/dynamo/client.js';
import { UpdateCommand } from '../functions/platform/dynamo/commands.js';
import { clearListCursors } from '../functions/platform/dynamo/query-window.js';
import { tableName } from '../functions/platform/dynamo/table-definition.js';
import { send } from './api.js';
import type { Recorder } from './measure.js';
import { measuredReadCost } from './read-cost.js';
import { batchWrite, newBenchTenant, type BenchTenant } from './seed.js';
import { SMOKE } from './smoke.js';

export const SERIAL_SIZES = (process.env.BENCH_SERIAL_SIZES ?? (SMOKE ? '100' : '3000'))
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const PAGE_SIZE = 50;
const AVAILABLE = 10;

export interface SerialListCase {
  size: number;
  name: string;
  /** after: GSI6 and the product's counts (a marked organisation); before: an unmarked one. */
  path: 'after' | 'before';
  /** Items DynamoDB read: Query ScannedCount plus GetItem keys. */
  rows: number;
  rcu: number;
  mb: number;
  ms: number;
  calls: number;
}

/** `size` units of a new serial-tracked product: all but the newest AVAILABLE ones sold. */
async function seed(
  tenant: BenchTenant,
  size: number,
  path: SerialListCase['path'],
): Promise<{ productId: string; warehouseId: string }> {
  const u = createId().slice(0, 8);
  const product = await send<{ id: string }>(
    {
      method: 'POST',
      path: '/products',
      key: tenant.key,
      body: { sku: `SN-${u}`, name: `Serial product ${u}`, requiresSerialTracking: true },
    },
    201,
  );
  const warehouseId = createId();
  const start = Date.now() - (size + 60) * 1000;
  const items: Record<string, unknown>[] = [];
  let sold = 0;
  for (let i = 0; i < size; i += 1) {
    const at = new Date(start + i * 1000).toISOString();
    let serial: SerialNumber = receivedSerial(
      {
        serialNumber: `SN-${u}-${String(i + 1).padStart(6, '0')}`,
        productId: product.id,
        batchId: null,
        warehouseId,
        binId: null,
        purchaseOrderId: createId(),
        poLineId: createId(),
        receiptId: createId(),
        receivedAt: at,
      },
      { id: createId(), now: at },
    );
    if (i < size - AVAILABLE) {
      const source = { type: 'sales_order', id: createId() };
      serial = transitionSerial(transitionSerial(serial, 'ALLOCATED', at, source), 'SOLD', at, source);
      sold += 1;
    }
    const item = serialNumbers.toItem(tenant.orgId, serial);
    // Units written before GSI6 have no keys on it.
    if (path === 'before') {
      delete item.GSI6PK;
      delete item.GSI6SK;
    }
    items.push(item);
  }
  items.push({
    ...productSerialCountsKey(tenant.orgId, product.id),
    entity: 'Counts',
    all: size,
    AVAILABLE: size - sold,
    SOLD: sold,
    moves: size,
  });
  await batchWrite(items);
  return { productId: product.id, warehouseId };
}

export async function measureSerialLists(
  sizes: readonly number[],
  recorder: Recorder,
  log: (line: string) => void,
): Promise<SerialListCase[]> {
  const cases: SerialListCase[] = [];
  for (const size of sizes) {
    for (const path of ['after', 'before'] as const) {
      const tenant = await newBenchTenant(`Bench serials ${size} ${path}`);
      if (path === 'before') {
        // An organisation from before GSI6 and the counts: no mark, so nothing of them is trusted.
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: collectionCountsKey(tenant.orgId, SERIAL_COUNTS),
            UpdateExpression: 'REMOVE statusIndexed',
          }),
        );
      }
      const started = Date.now();
      const { productId, warehouseId } = await seed(tenant, size, path);
      log(`  seeded ${size} serials (${path}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const probe = async (name: string, request: () => Promise<unknown>) => {
        const cost = await measuredReadCost(recorder, request, clearListCursors);
        const measured: SerialListCase = { size, name, path, ...cost };
        cases.push(measured);
        log(`  ${size} ${path} ${name}: ${measured.rows} rows, ${measured.rcu} RCU, ${measured.ms} ms`);
      };
      const list =
        (query: Record<string, string | number>, status = 200) =>
        () =>
          send({ method: 'GET', path: '/serial-numbers', key: tenant.key, query }, status);
      await probe('GET ?productId= page 1', list({ productId, pageSize: PAGE_SIZE }));
      await probe(
        'GET ?productId=&status=SOLD page 1',
        list({ productId, status: 'SOLD', pageSize: PAGE_SIZE }),
      );
      await probe(
        'GET ?productId=&status=AVAILABLE',
        list({ productId, status: 'AVAILABLE', pageSize: PAGE_SIZE }),
      );
      // The organisation's AVAILABLE units: their GSI5 entries after; before, the organisation's serials
      // filtered within the list budget, refused past it (400) in an organisation this size.
      await probe(
        `GET ?status=AVAILABLE (${path === 'after' ? '200' : '400'})`,
        list({ status: 'AVAILABLE', pageSize: PAGE_SIZE }, path === 'after' || SMOKE ? 200 : 400),
      );
      // All the SOLD units of the organisation, more than the list budget: after, the products' counts
      // give the total and the page is read alone (session 42); before, refused at the budget (400).
      await probe(
        `GET ?status=SOLD page 1 (${path === 'after' ? '200' : '400'})`,
        list({ status: 'SOLD', pageSize: PAGE_SIZE }, path === 'after' || SMOKE ? 200 : 400),
      );
      await probe("a pick's candidates (2 units)", () =>
        availableSerials(tenant.orgId, productId, warehouseId, (found) => found.length >= 2),
      );
    }
  }
  return cases;
}

/** The most a request read after session 41 and before it, over every size. */
export function worstSerialList(cases: readonly SerialListCase[]) {
  const max = (path: SerialListCase['path'], f: (c: SerialListCase) => number) =>
    cases.filter((c) => c.path === path).reduce((m, c) => Math.max(m, f(c)), 0);
  return {
    afterMaxRows: max('after', (c) => c.rows),
    afterMaxMb: max('after', (c) => c.mb),
    beforeMaxRows: max('before', (c) => c.rows),
    beforeMaxMb: max('before', (c) => c.mb),
  };
}
