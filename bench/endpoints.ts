/** Warm per-endpoint latency through the full middy chain, with the DynamoDB calls each request makes. */
import { createId } from '@paralleldrive/cuid2';
import { sendInvoice } from '../functions/areas/invoices/steps/send.js';
import { createCategory } from '../functions/areas/products/steps/categories.js';
import { send, type BenchRequest } from './api.js';
import { benchCustomer, draftOrdersToConfirm, tenLineOrder } from './sales-orders.js';
import { benchSupplier, tenLinePurchaseOrder } from './purchase-orders.js';
import { approvedOrdersToReceive, tenLineReceipt } from './goods-receipts.js';
import { baselineSum, type BaselineEntry } from './baseline.js';
import { dbWallTime, median, mode, signature, summarise, type Recorder, type Summary } from './measure.js';
import type { BenchTenant } from './seed.js';
import { reps } from './smoke.js';

/** Unmeasured requests per scenario before the measured ones. */
const WARMUPS = reps(20);

export interface EndpointResult {
  name: string;
  latency: Summary;
  callsPerRequest: number;
  /** The most common set of DynamoDB calls of one request. */
  calls: string;
  capacityPerRequest: number;
  /** Median time with at least one DynamoDB call in flight (parallel calls counted once). */
  dbWallP50: number;
  /** Median over requests of (request time - DynamoDB wall time): what the middy chain and code add. */
  overheadP50: number;
  /** Median over requests of the summed baseline p50 of that request's calls. */
  baselineSumP50: number;
  /** latency p50 / baselineSumP50; the design target is <= 1.25. */
  ratio: number | null;
}

interface Scenario {
  name: string;
  status?: number;
  request: (i: number) => BenchRequest;
}

export async function measureEndpoints(
  tenant: BenchTenant,
  recorder: Recorder,
  baseline: readonly BaselineEntry[],
  iterations: number,
): Promise<EndpointResult[]> {
  for (let i = 0; i < 10; i += 1)
    await createCategory({ orgId: tenant.orgId, name: `Category ${i}`, sortOrder: i });
  const key = tenant.key;
  const customerId = await benchCustomer(tenant, 'BENCH-EP');
  const supplierId = await benchSupplier(tenant, 'BENCH-SUP');
  // Confirm needs a DRAFT order per request (a confirmed one cannot be confirmed again) over stocked lines.
  // Invoicing needs a CONFIRMED order per request, a payment a SENT invoice per request (each settles it).
  const perScenario = iterations + WARMUPS;
  const drafts = await draftOrdersToConfirm(tenant, customerId, perScenario * 3);
  const toConfirm = drafts.slice(0, perScenario);
  const toInvoice = drafts.slice(perScenario, perScenario * 2);
  const toPay = drafts.slice(perScenario * 2);
  for (const orderId of [...toInvoice, ...toPay])
    await send({ method: 'POST', path: `/sales-orders/${orderId}/confirm`, key });
  const sentInvoices: { id: string; balanceDue: number }[] = [];
  for (const orderId of toPay) {
    const invoice = await send<{ id: string; balanceDue: number }>(
      { method: 'POST', path: `/sales-orders/${orderId}/invoice`, key },
      201,
    );
    await sendInvoice({ orgId: tenant.orgId, id: invoice.id });
    sentInvoices.push(invoice);
  }
  const receiving = await approvedOrdersToReceive(tenant, supplierId, perScenario);
  const slot = (i: number) => (i < 0 ? -1 - i : WARMUPS + i);
  const draftFor = (i: number) => toConfirm[slot(i)]!;
  const id = (i: number) => tenant.productIds[Math.abs(i) % tenant.productIds.length]!;
  const scenarios: Scenario[] = [
    { name: 'GET /products/{id}', request: (i) => ({ method: 'GET', path: `/products/${id(i * 7)}`, key }) },
    {
      name: 'GET /products (page 1 of 50)',
      request: () => ({ method: 'GET', path: '/products', key, query: { pageSize: 50 } }),
    },
    {
      name: 'POST /products',
      status: 201,
      request: () => {
        const unique = createId();
        return {
          method: 'POST',
          path: '/products',
          key,
          body: { sku: `P-${unique}`, name: `Posted ${unique}` },
        };
      },
    },
    {
      name: 'PUT /products/{id}',
      // A different product each time, so no request races the version of another.
      request: (i) => ({
        method: 'PUT',
        path: `/products/${id(i + 100)}`,
        key,
        body: { description: `rev ${createId()}` },
      }),
    },
    {
      name: 'POST /sales-orders (10 lines)',
      status: 201,
      request: () => ({ method: 'POST', path: '/sales-orders', key, body: tenLineOrder(tenant, customerId) }),
    },
    {
      name: 'POST /sales-orders/{id}/confirm (10 lines)',
      request: (i) => ({ method: 'POST', path: `/sales-orders/${draftFor(i)}/confirm`, key }),
    },
    {
      name: 'POST /sales-orders/{id}/invoice (10 lines)',
      status: 201,
      request: (i) => ({ method: 'POST', path: `/sales-orders/${toInvoice[slot(i)]!}/invoice`, key }),
    },
    {
      name: 'POST /invoices/{id}/payments',
      status: 201,
      request: (i) => {
        const invoice = sentInvoices[slot(i)]!;
        return {
          method: 'POST',
          path: `/invoices/${invoice.id}/payments`,
          key,
          body: { amount: invoice.balanceDue, method: 'BANK_TRANSFER' },
        };
      },
    },
    {
      name: 'POST /purchase-orders (10 lines)',
      status: 201,
      request: () => ({
        method: 'POST',
        path: '/purchase-orders',
        key,
        body: tenLinePurchaseOrder(tenant, supplierId),
      }),
    },
    {
      name: 'POST /purchase-orders/{id}/receipts (10 lines, new lots)',
      status: 201,
      request: (i) => {
        const order = receiving.orders[slot(i)]!;
        return {
          method: 'POST',
          path: `/purchase-orders/${order.id}/receipts`,
          key,
          body: tenLineReceipt(receiving.warehouseId, order),
        };
      },
    },
    { name: 'GET /categories', request: () => ({ method: 'GET', path: '/categories', key }) },
    { name: 'GET /openapi.json', request: () => ({ method: 'GET', path: '/openapi.json' }) },
  ];
  const results: EndpointResult[] = [];
  for (const scenario of scenarios) {
    for (let i = 0; i < WARMUPS; i += 1) await send(scenario.request(-1 - i), scenario.status);
    const runs = [];
    for (let i = 0; i < iterations; i += 1)
      runs.push(await recorder.record(() => send(scenario.request(i), scenario.status)));
    const latency = summarise(runs.map((r) => r.ms));
    const sums = runs.map((r) => baselineSum(baseline, r.calls));
    const baselineSumP50 = median(sums);
    results.push({
      name: scenario.name,
      latency,
      callsPerRequest: runs.reduce((s, r) => s + r.calls.length, 0) / runs.length,
      calls: mode(runs.map((r) => signature(r.calls))) ?? '',
      capacityPerRequest:
        runs.reduce((s, r) => s + r.calls.reduce((t, c) => t + c.capacity, 0), 0) / runs.length,
      dbWallP50: median(runs.map((r) => dbWallTime(r.calls))),
      overheadP50: median(runs.map((r) => r.ms - dbWallTime(r.calls))),
      baselineSumP50,
      ratio: baselineSumP50 > 0 ? latency.p50 / baselineSumP50 : null,
    });
  }
  return results;
}
