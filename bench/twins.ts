/**
 * Steps over the API next to their CLI twins (issue 26): for each API step that has a CLI command, the
 * DynamoDB calls and consumed capacity of the whole API request, of the step run through the API door
 * (`requestContext`, as its operation calls it) and through the CLI door (`backOfficeContext`, as the
 * command calls it), each on its own equal fixture. `equal` compares the two doors: same calls, same
 * capacity. The request adds what the pipeline reads and writes (key, rate limits) to the API door.
 *
 * Table-driven: a step is one row of TWINS (a fixture maker, the request, the step function).
 */
import { completePurchaseOrder } from '../functions/areas/purchase-orders/steps/complete.js';
import { createJournal } from '../functions/platform/journal/journal.js';
import {
  backOfficeContext,
  requestContext,
  type WriteContext,
} from '../functions/platform/journal/write-context.js';
import { send, type BenchRequest } from './api.js';
import { approvedOrdersToReceive, tenLineReceipt } from './goods-receipts.js';
import { signature, type DbCall, type Recorder } from './measure.js';
import { benchSupplier } from './purchase-orders.js';
import type { BenchTenant } from './seed.js';

interface Twin<F> {
  /** The API step, e.g. `POST /purchase-orders/{id}/complete`. */
  step: string;
  /** Its CLI command. */
  cli: string;
  /** Makes `count` equal fixtures (one per door measured). */
  fixtures: (tenant: BenchTenant, count: number) => Promise<F[]>;
  request: (fixture: F) => BenchRequest;
  /** The step function both doors call. */
  run: (tenant: BenchTenant, fixture: F, context: WriteContext) => Promise<unknown>;
}

/** Fully received purchase orders: what `complete` needs. */
async function receivedOrders(tenant: BenchTenant, count: number): Promise<string[]> {
  const supplierId = await benchSupplier(tenant, `TWIN-${Date.now() % 1_000_000}`);
  const { warehouseId, orders } = await approvedOrdersToReceive(tenant, supplierId, count);
  for (const order of orders) {
    await send(
      {
        method: 'POST',
        path: `/purchase-orders/${order.id}/receipts`,
        key: tenant.key,
        body: tenLineReceipt(warehouseId, order),
      },
      201,
    );
  }
  return orders.map((o) => o.id);
}

const twin = <F>(row: Twin<F>): Twin<unknown> => row as unknown as Twin<unknown>;

/** One row per API step with a CLI twin; the other helpers' steps are one row each to add. */
export const TWINS: Twin<unknown>[] = [
  twin<string>({
    step: 'POST /purchase-orders/{id}/complete',
    cli: 'purchase-order complete',
    fixtures: receivedOrders,
    request: (id) => ({ method: 'POST', path: `/purchase-orders/${id}/complete` }),
    run: (tenant, id, context) => completePurchaseOrder({ orgId: tenant.orgId, id }, context),
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
  request: DoorCost;
  api: DoorCost;
  cliDoor: DoorCost;
  /** The API door and the CLI door made the same calls with the same consumed capacity. */
  equal: boolean;
}

const costOf = (calls: readonly DbCall[]): DoorCost => ({
  calls: calls.length,
  signature: signature(calls),
  capacity: Number(calls.reduce((s, c) => s + c.capacity, 0).toFixed(2)),
});

export async function measureTwins(tenant: BenchTenant, recorder: Recorder): Promise<TwinResult[]> {
  const auth = {
    orgId: tenant.orgId,
    keyId: 'bench',
    keyName: 'bench',
    scopes: ['write' as const],
    permissions: 'all' as const,
  };
  const results: TwinResult[] = [];
  for (const row of TWINS) {
    const [viaRequest, viaApi, viaCli] = await row.fixtures(tenant, 3);
    const request = await recorder.record(() => send({ ...row.request(viaRequest), key: tenant.key }));
    const now = new Date();
    const api = await recorder.record(() =>
      row.run(
        tenant,
        viaApi,
        requestContext({ now, journal: createJournal({ auth, requestId: 'bench', now }) }),
      ),
    );
    const cli = await recorder.record(() => row.run(tenant, viaCli, backOfficeContext(tenant.orgId)));
    const [apiCost, cliCost] = [costOf(api.calls), costOf(cli.calls)];
    results.push({
      step: row.step,
      cli: row.cli,
      request: costOf(request.calls),
      api: apiCost,
      cliDoor: cliCost,
      equal: apiCost.signature === cliCost.signature && apiCost.capacity === cliCost.capacity,
    });
  }
  return results;
}
