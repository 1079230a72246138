/**
 * Steps over the API next to their CLI twins (issue 26): for each API step that has a CLI command, the
 * DynamoDB calls and consumed capacity of the whole API request, of the API door (the endpoint's
 * operation, as the pipeline calls it: bench/operation-door.ts) and of the CLI door (the admin command,
 * run in-process by `runAdmin` as `npm run admin` runs it), each on its own equal fixture. `equal`
 * compares the two doors: same calls, same capacity. The request adds what the pipeline reads and writes
 * (the key, the rate limits) to the API door. Where the doors differ by design, the row's `note` says why.
 *
 * Table-driven: a step is one row of TWINS (a fixture maker, the request, the command's flags).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../infra/admin/cli.js';
import { matchRoute } from '../infra/local/http-adapter.js';
import { send, type BenchRequest } from './api.js';
import { signature, type DbCall, type Recorder } from './measure.js';
import { runOperation } from './operation-door.js';
import type { BenchTenant } from './seed.js';
import * as make from './twin-fixtures.js';

type Step = Omit<BenchRequest, 'key'>;

interface Twin<F> {
  /** Its CLI command: the words before the flags, e.g. `purchase-order complete`. */
  cli: string;
  /** Makes `count` equal fixtures (one per door measured). */
  fixtures: (tenant: BenchTenant, count: number) => Promise<F[]>;
  /** The API request of the step on one fixture; the row is named by the endpoint it routes to. */
  request: (fixture: F) => Step;
  /** The command's flags after `--org` for the same step on another fixture. */
  flags: (fixture: F) => string[];
  /** Why the doors' calls differ, where they do by design. */
  note?: string;
}

const twin = <F>(row: Twin<F>): Twin<unknown> => row as unknown as Twin<unknown>;
const post = (path: string, body?: unknown): Step => ({ method: 'POST', path, body });
const byId = (id: string) => ['--id', id];

/** A transition `POST /<collection>/{id}/<action>` and its `<noun> <action> --id` twin. */
const transition = (
  collection: string,
  noun: string,
  action: string,
  fixtures: (tenant: BenchTenant, count: number) => Promise<string[]>,
  note?: string,
) =>
  twin<string>({
    cli: `${noun} ${action}`,
    fixtures,
    request: (id) => post(`/${collection}/${id}/${action}`),
    flags: byId,
    note,
  });

const ORG_CHECK =
  'the CLI reads the organisation first (GetItem: --org is unchecked input; a request is authenticated into its organisation)';

const REFRESHED_WAREHOUSE =
  'the API answers the refreshed warehouse as GET /warehouses/{id} shows it (GetItem + Query of zones + Query of bins, ' +
  'after the write); the CLI prints the new zone or bin it wrote';

const REFRESHED_SUPPLIER =
  'the API answers the refreshed supplier as GET /suppliers/{id} shows it (after the write: Query of its ' +
  'partition, and BatchGetItem of the products on its price list for their sku and name); the CLI prints the ' +
  'location or price-list row it wrote';

const REFRESHED_TIER =
  'the API answers the refreshed tier as GET /price-tiers/{id} shows it (after the write: GetItem of the tier, ' +
  'Query of its prices and breaks, BatchGetItem of the priced products for their sku and name); the CLI prints ' +
  'the price or break it wrote';

/** One row per API step with a CLI twin. */
export const TWINS: Twin<unknown>[] = [
  transition('purchase-orders', 'purchase-order', 'complete', make.receivedOrders),
  twin<string>({
    cli: 'warehouse create',
    fixtures: make.names,
    request: (u) => post('/warehouses', { code: `W-${u}`, name: `Warehouse ${u}` }),
    flags: (u) => ['--code', `W-${u}`, '--name', `Warehouse ${u}`],
  }),
  twin<string>({
    cli: 'warehouse add-zone',
    fixtures: make.warehouses,
    request: (id) => post(`/warehouses/${id}/zones`, { name: 'Pick face', zoneType: 'PICKING' }),
    flags: (id) => ['--warehouse', id, '--name', 'Pick face', '--zone-type', 'PICKING'],
    note: REFRESHED_WAREHOUSE,
  }),
  twin<{ warehouseId: string; zoneId: string; code: string }>({
    cli: 'warehouse add-bin',
    fixtures: make.zones,
    request: (z) => post(`/warehouses/${z.warehouseId}/zones/${z.zoneId}/bins`, { code: `B-${z.code}` }),
    flags: (z) => ['--zone', z.zoneId, '--code', `B-${z.code}`],
    note: REFRESHED_WAREHOUSE,
  }),
  twin<{ productId: string; number: string }>({
    cli: 'batch create',
    fixtures: make.lotNumbers,
    request: (l) =>
      post('/batches', { productId: l.productId, batchNumber: `L-${l.number}`, expiryDate: '2031-01-01' }),
    flags: (l) => ['--product', l.productId, '--number', `L-${l.number}`, '--expiry', '2031-01-01'],
  }),
  transition('batches', 'batch', 'quarantine', make.lots()),
  transition('batches', 'batch', 'release', make.lots('quarantine')),
  transition('batches', 'batch', 'recall', make.lots()),
  transition('batches', 'batch', 'expire', make.lots()),
  twin<string>({
    cli: 'serial set-status',
    fixtures: make.serials,
    request: (id) => post(`/serial-numbers/${id}/status`, { status: 'DAMAGED' }),
    flags: (id) => ['--id', id, '--status', 'DAMAGED'],
  }),
  transition('stock-adjustments', 'stock-adjustment', 'complete', make.adjustments('DRAFT')),
  transition('stock-adjustments', 'stock-adjustment', 'void', make.adjustments('COMPLETED')),
  twin<{ productId: string; warehouseId: string; otherWarehouseId: string }>({
    cli: 'stock transfer',
    fixtures: make.transfers,
    request: (w) =>
      post('/stock-transfers', {
        fromWarehouseId: w.warehouseId,
        toWarehouseId: w.otherWarehouseId,
        lines: [{ productId: w.productId, quantity: 1 }],
      }),
    flags: (w) => [
      '--product',
      w.productId,
      '--from-warehouse',
      w.warehouseId,
      '--to-warehouse',
      w.otherWarehouseId,
      '--quantity',
      '1',
    ],
  }),
  transition('sales-orders', 'sales-order', 'pick', make.salesOrders()),
  transition('sales-orders', 'sales-order', 'pack', make.salesOrders('pick')),
  twin<string>({
    cli: 'shipment create',
    fixtures: make.salesOrders(),
    request: (salesOrderId) => post('/shipments', { salesOrderId }),
    flags: (salesOrderId) => ['--sales-order', salesOrderId],
  }),
  transition('shipments', 'shipment', 'pick', make.shipments),
  twin<make.Billed>({
    cli: 'invoice send',
    fixtures: make.invoices('DRAFT'),
    request: (b) => post(`/invoices/${b.invoiceId}/send`),
    flags: (b) => byId(b.invoiceId),
  }),
  twin<make.Billed>({
    cli: 'invoice void',
    fixtures: make.invoices('SENT'),
    request: (b) => post(`/invoices/${b.invoiceId}/void`),
    flags: (b) => byId(b.invoiceId),
  }),
  twin<make.Billed>({
    cli: 'credit-note create',
    fixtures: make.invoices('SENT'),
    request: (b) => post('/credit-notes', make.creditNoteBody(b)),
    flags: (b) => {
      const body = make.creditNoteBody(b);
      return [
        '--customer',
        body.customerId,
        '--invoice',
        body.invoiceId,
        '--sales-order',
        body.salesOrderId,
        '--lines',
        JSON.stringify(body.lines),
      ];
    },
  }),
  transition('credit-notes', 'credit-note', 'approve', make.creditNotes()),
  transition('credit-notes', 'credit-note', 'void', make.creditNotes('approve')),
  twin<make.Recipe>({
    cli: 'production-order create',
    fixtures: make.recipes3,
    request: (r) => post('/production-orders', { ...r, quantity: 1 }),
    flags: (r) => ['--product', r.productId, '--quantity', '1', '--warehouse', r.warehouseId],
  }),
  transition('production-orders', 'production-order', 'start', make.productionOrders()),
  twin<string>({
    cli: 'production-order complete',
    fixtures: make.productionOrders('start', { ownRecipe: true }),
    request: (id) => post(`/production-orders/${id}/complete`, { quantity: 1 }),
    flags: (id) => ['--id', id, '--quantity', '1'],
  }),
  transition('production-orders', 'production-order', 'cancel', make.productionOrders()),
  twin<string>({
    cli: 'category create',
    fixtures: make.names,
    request: (u) => post('/categories', { name: `Category ${u}` }),
    flags: (u) => ['--name', `Category ${u}`],
    note: ORG_CHECK,
  }),
  twin<string>({
    cli: 'uom create',
    fixtures: make.names,
    request: (u) =>
      post('/units-of-measure', { name: `Unit ${u}`, abbreviation: u.slice(0, 8), type: 'UNIT' }),
    flags: (u) => ['--name', `Unit ${u}`, '--abbreviation', u.slice(0, 8), '--type', 'UNIT'],
    note: ORG_CHECK,
  }),
  twin<{ productId: string; componentId: string }>({
    cli: 'bom set',
    fixtures: make.bomProducts,
    request: (b) => ({
      method: 'PUT',
      path: `/products/${b.productId}/bom`,
      body: { lines: [{ componentProduct: { id: b.componentId }, quantity: 2 }] },
    }),
    flags: (b) => {
      // The CLI takes the lines from a file, as the API's body would carry them.
      const file = join(tmpdir(), `stockflow-bench-bom-${b.productId}.json`);
      writeFileSync(file, JSON.stringify([{ componentProductId: b.componentId, quantity: 2 }]));
      return ['--product', b.productId, '--file', file];
    },
  }),
  twin<string>({
    cli: 'org set-exchange-rate',
    fixtures: make.currencies,
    request: (currency) => ({ method: 'PUT', path: `/exchange-rates/${currency}`, body: { rate: 1.6 } }),
    flags: (currency) => ['--currency', currency, '--rate', '1.6'],
  }),
  twin<string>({
    cli: 'org set-credit-mode',
    fixtures: async (_tenant, count) => Array.from({ length: count }, () => 'WARN'),
    request: (mode) => ({ method: 'PUT', path: '/organisation', body: { creditLimitMode: mode } }),
    flags: (mode) => ['--mode', mode],
    note:
      'both doors run the step, which reads the organisation and the version its update is conditioned on (GetItem) ' +
      'and returns the organisation as it wrote it: the CLI prints that; the API answers as GET /organisation does, ' +
      'adding its exchange rates (Query) and rate limits (GetItem)',
  }),
  twin<string>({
    cli: 'key create',
    fixtures: make.names,
    request: (u) => post('/api-keys', { name: `Key ${u}`, scopes: ['read'], permissions: 'all' }),
    flags: (u) => ['--name', `Key ${u}`, '--scopes', 'read', '--permissions', 'all'],
    note: 'the CLI reads the organisation first (GetItem); over the API the acting key bounds the new one instead, read by the request',
  }),
  transition('api-keys', 'key', 'rotate', make.keys),
  twin<string>({
    cli: 'key revoke',
    fixtures: make.keys,
    request: (id) => ({ method: 'DELETE', path: `/api-keys/${id}` }),
    flags: byId,
  }),
  transition('shipments', 'shipment', 'cancel', make.shipments),
  twin<string>({
    cli: 'customer-group create',
    fixtures: make.names,
    request: (u) => post('/customer-groups', { name: `Group ${u}` }),
    flags: (u) => ['--name', `Group ${u}`],
    note: ORG_CHECK,
  }),
  twin<string>({
    cli: 'sales-rep create',
    fixtures: make.names,
    request: (u) => post('/sales-reps', { name: `Rep ${u}`, email: `rep-${u}@example.com` }),
    flags: (u) => ['--name', `Rep ${u}`, '--email', `rep-${u}@example.com`],
    note: ORG_CHECK,
  }),
  twin<string>({
    cli: 'sales-rep deactivate',
    fixtures: make.salesReps,
    request: (id) => ({ method: 'PUT', path: `/sales-reps/${id}`, body: { isActive: false } }),
    flags: byId,
    note: ORG_CHECK,
  }),
  twin<{ customerId: string; productId: string }>({
    cli: 'customer set-product-discount',
    fixtures: make.discountTargets,
    request: (d) => ({
      method: 'PUT',
      path: `/customers/${d.customerId}/product-discounts/${d.productId}`,
      body: { discountPct: 0.15 },
    }),
    flags: (d) => ['--customer', d.customerId, '--product', d.productId, '--pct', '0.15'],
    note: ORG_CHECK,
  }),
  twin<string>({
    cli: 'supplier add-location',
    fixtures: make.suppliers,
    request: (id) => post(`/suppliers/${id}/locations`, { name: 'Depot', city: 'Auckland' }),
    flags: (id) => ['--supplier', id, '--name', 'Depot', '--city', 'Auckland'],
    note: REFRESHED_SUPPLIER,
  }),
  twin<{ supplierId: string; productId: string }>({
    cli: 'supplier set-price',
    fixtures: make.supplierPrices,
    request: (p) => ({
      method: 'PUT',
      path: `/suppliers/${p.supplierId}/prices/${p.productId}`,
      body: { supplierPrice: 7.5 },
    }),
    flags: (p) => ['--supplier', p.supplierId, '--product', p.productId, '--price', '7.5'],
    note: REFRESHED_SUPPLIER,
  }),
  twin<string>({
    cli: 'price-tier create',
    fixtures: make.names,
    request: (u) => post('/price-tiers', { name: `Tier ${u}` }),
    flags: (u) => ['--name', `Tier ${u}`],
  }),
  twin<{ tierId: string; productId: string }>({
    cli: 'price-tier set-price',
    fixtures: make.priceTiers,
    request: (t) => ({
      method: 'PUT',
      path: `/price-tiers/${t.tierId}/prices/${t.productId}`,
      body: { price: 9 },
    }),
    flags: (t) => ['--tier', t.tierId, '--product', t.productId, '--price', '9'],
    note: REFRESHED_TIER,
  }),
  twin<{ tierId: string; productId: string }>({
    cli: 'price-tier add-break',
    fixtures: make.priceTiers,
    request: (t) =>
      post(`/price-tiers/${t.tierId}/breaks`, { productId: t.productId, minQuantity: 10, unitPrice: 8 }),
    flags: (t) => ['--tier', t.tierId, '--product', t.productId, '--min-quantity', '10', '--unit-price', '8'],
    note: REFRESHED_TIER,
  }),
];

interface DoorCost {
  calls: number;
  signature: string;
  capacity: number;
}

export interface TwinResult {
  step: string;
  cli: string;
  /** The whole request through the pipeline; null when left out. */
  request: DoorCost | null;
  api: DoorCost;
  cliDoor: DoorCost;
  /** The API door and the CLI door made the same calls with the same consumed capacity. */
  equal: boolean;
  note?: string;
}

const costOf = (calls: readonly DbCall[]): DoorCost => ({
  calls: calls.length,
  signature: signature(calls),
  capacity: Number(calls.reduce((s, c) => s + c.capacity, 0).toFixed(2)),
});

/** `METHOD /path/{template}` of the endpoint a request routes to. */
function routeOf(step: Step) {
  const route = matchRoute(step.method, `/api/v1${step.path}`);
  if (!route) throw new Error(`no route for ${step.method} ${step.path}`);
  return route.endpoint;
}

const FIXTURE_CONCURRENCY = 4;

/** `work` over `items`, `concurrency` at a time, results in order. */
async function inBatches<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  });
  await Promise.all(workers);
  return results;
}

/**
 * Measures each row of TWINS on fixtures of its own. `request: false` (the test) leaves out the whole
 * request, and the fixture it needs: the doors are what must be equal.
 */
export async function measureTwins(
  tenant: BenchTenant,
  recorder: Recorder,
  options: { request?: boolean } = {},
): Promise<TwinResult[]> {
  const withRequest = options.request ?? true;
  const auth = {
    orgId: tenant.orgId,
    keyId: tenant.keyId,
    keyName: 'bench',
    scopes: ['write' as const],
    permissions: 'all' as const,
  };
  // Fixtures first, a few rows at a time (they dominate the run); then each row measured alone, since the
  // recorder sees every call in flight.
  const fixtures = await inBatches(TWINS, FIXTURE_CONCURRENCY, (row) =>
    row.fixtures(tenant, withRequest ? 3 : 2),
  );
  const results: TwinResult[] = [];
  for (const [i, row] of TWINS.entries()) {
    const [viaApi, viaCli, viaRequest] = fixtures[i]!;
    const endpoint = routeOf(row.request(viaApi));
    const request = withRequest
      ? costOf(
          (
            await recorder.record(() =>
              send({ ...row.request(viaRequest), key: tenant.key }, endpoint.status),
            )
          ).calls,
        )
      : null;
    const api = await recorder.record(() => runOperation(auth, row.request(viaApi)));
    const argv = [...row.cli.split(' '), '--org', tenant.orgId, ...row.flags(viaCli)];
    const cli = await recorder.record(() => runAdmin(argv));
    if (cli.value.code !== 0) throw new Error(`${row.cli} failed: ${cli.value.stderr}`);
    const [apiCost, cliCost] = [costOf(api.calls), costOf(cli.calls)];
    results.push({
      step: `${endpoint.method} ${endpoint.path}`,
      cli: row.cli,
      request,
      api: apiCost,
      cliDoor: cliCost,
      equal: apiCost.signature === cliCost.signature && apiCost.capacity === cliCost.capacity,
      ...(row.note ? { note: row.note } : {}),
    });
  }
  return results;
}
