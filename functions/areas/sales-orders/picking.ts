/**
 * The stock facts a pick decides with, shared by the order's own pick (back office) and a shipment's pick
 * and pack (API and back office): which locations a pick may touch, read in one go, read again when a named
 * lot lies in bins the order did not know of.
 */
import type { StockChange } from '../../../domain/inventory/movement.js';
import type { PickFacts, PickRequestLine, StockDelta } from '../../../domain/sales-orders/fulfilment.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import { WriteRace } from '../../platform/dynamo/transact.js';
import { loadStockFacts, type LoadedStockFacts } from '../inventory/public.js';

const probe = (l: Pick<StockChange, 'productId' | 'warehouseId' | 'binId' | 'batchId'>): StockChange => ({
  productId: l.productId,
  warehouseId: l.warehouseId,
  binId: l.binId,
  batchId: l.batchId,
  onHandDelta: 0,
  reservedDelta: 0,
});

/** The locations picking may touch as far as the order tells: its products, reservations and named lots. */
function pickProbes(order: SalesOrder, request: PickRequestLine[] | undefined): StockChange[] {
  const warehouseId = order.warehouseId!;
  const stocked = order.lines.filter((l) => !l.isServiceLine);
  return [
    ...stocked.map((l) => probe({ productId: l.productId, warehouseId, binId: null, batchId: null })),
    ...order.reservations.map(probe),
    ...(request ?? []).flatMap((ask) => {
      const line = stocked.find((l) => l.id === ask.soLineId);
      return ask.batchId && line
        ? [probe({ productId: line.productId, warehouseId, binId: null, batchId: ask.batchId })]
        : [];
    }),
  ];
}

function pickFactsOf(
  orgId: string,
  order: SalesOrder,
  loaded: LoadedStockFacts,
  request: PickRequestLine[] | undefined,
) {
  const batches: PickFacts['batches'] = new Map();
  const lotIds = [
    ...(request ?? []).flatMap((ask) => (ask.batchId ? [ask.batchId] : [])),
    ...order.reservations.flatMap((r) => (r.batchId ? [r.batchId] : [])),
  ];
  for (const batchId of new Set(lotIds)) {
    const batch = loaded.lots.get(batchId);
    if (!batch) continue;
    batches.set(batch.id, {
      batchNumber: batch.batchNumber,
      productId: batch.productId,
      status: batch.status,
    });
  }
  const manualAllocation = new Set(
    [...loaded.records.values()].filter((p) => p.allocationPolicy === 'MANUAL').map((p) => p.id),
  );
  return { stock: loaded.levels, batches, manualAllocation };
}

/** Whether the stock read covers every bin and lot the deltas touch (the plan needs their records). */
const covers = (loaded: LoadedStockFacts, deltas: StockDelta[]) =>
  deltas.every(
    (d) =>
      (d.binId === null || loaded.facts.bins.has(d.binId)) &&
      (d.batchId === null || loaded.facts.batches.has(d.batchId)),
  );

/**
 * Reads the stock a pick of `request` from `order` may touch and decides with it (`decide` runs decidePick,
 * directly or through a shipment's pick), reading again when a named lot lies in bins the order did not
 * know of.
 */
export async function decideWithPickFacts<D extends { deltas: StockDelta[] }>(
  orgId: string,
  order: SalesOrder,
  request: PickRequestLine[] | undefined,
  decide: (facts: PickFacts) => D,
): Promise<{ decision: D; loaded: LoadedStockFacts }> {
  const probes = pickProbes(order, request);
  let loaded = await loadStockFacts(orgId, probes);
  let decision = decide(pickFactsOf(orgId, order, loaded, request));
  if (!covers(loaded, decision.deltas)) {
    loaded = await loadStockFacts(orgId, [...probes, ...decision.deltas.map(probe)]);
    decision = decide(pickFactsOf(orgId, order, loaded, request));
    if (!covers(loaded, decision.deltas)) throw new WriteRace('The stock moved while it was read');
  }
  return { decision, loaded };
}
