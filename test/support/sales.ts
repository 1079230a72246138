import { loadStockFacts } from '../../functions/areas/inventory/stock-facts.js';
import { getBatch } from '../../functions/areas/inventory/store/batches.js';
import { orderTransitionItems } from '../../functions/areas/sales-orders/store/order-writes.js';
import { getSalesOrder } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { backOfficeJournal } from '../../functions/platform/back-office/actor.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import { decideConfirm } from '../../domain/sales-orders/confirm.js';
import type { SalesOrder } from '../../domain/sales-orders/order.js';
import { call, type Tenant } from './api.js';
import { adjust, product, unique, warehouse } from './inventory.js';

export async function customer(t: Tenant, body: Record<string, unknown> = {}) {
  const u = unique();
  const res = await call('POST', '/customers', {
    key: t.key,
    body: { code: `C-${u}`, name: `Customer ${u}`, ...body },
  });
  if (res.status !== 201) throw new Error(`customer create failed: ${res.raw}`);
  return res.body as { id: string; code: string; name: string; addresses: { id: string }[] };
}

export const createOrder = (t: Tenant, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call('POST', '/sales-orders', { key: t.key, body, headers });

/** A customer, a warehouse and a stocked product holding `stock` units there: what most order tests need. */
export async function orderSetup(t: Tenant, stock = 100) {
  const [c, w, p] = await Promise.all([customer(t), warehouse(t), product(t, { defaultPrice: 10 })]);
  if (stock > 0) {
    const res = await adjust(t, [{ productId: p.id, warehouseId: w.id, quantityChange: stock }]);
    if (res.status !== 201) throw new Error(`stock failed: ${res.raw}`);
  }
  return { customer: c, warehouse: w, product: p };
}

export async function draftOrder(
  t: Tenant,
  lines: { productId: string; quantity: number }[],
  extra: Record<string, unknown>,
) {
  const res = await createOrder(t, { lines: lines.map((l) => ({ unitPrice: 10, ...l })), ...extra });
  if (res.status !== 201) throw new Error(`order create failed: ${res.raw}`);
  return res.body as { id: string; orderNumber: string; lines: { id: string }[] };
}

/**
 * Confirms an order without the confirm endpoint (built on another branch): the domain's decideConfirm on
 * the stock as read, persisted through the order transition writer, reservations included. Credit is not
 * checked (no hold, no limit). After the merge the tests can call POST /sales-orders/{id}/confirm instead.
 */
export async function confirmDirect(t: Tenant, orderId: string) {
  const order = await getSalesOrder(t.orgId, orderId);
  if (!order?.warehouseId) throw new Error(`order ${orderId} missing or without a warehouse`);
  const warehouseId = order.warehouseId;
  const at = new Date().toISOString();
  const probes = order.lines
    .filter((l) => !l.isServiceLine)
    .map((l) => ({
      productId: l.productId,
      warehouseId,
      binId: null,
      batchId: null,
      onHandDelta: 0,
      reservedDelta: 0,
    }));
  const read = await loadStockFacts(t.orgId, probes);
  const batchIds = [...read.levels.values()].flatMap((levels) =>
    Object.values(levels).flatMap((l) => (l.batchId ? [l.batchId] : [])),
  );
  const batches = new Map(
    (await Promise.all(batchIds.map((id) => getBatch(t.orgId, id)))).flatMap((b) =>
      b ? [[b.id, { batchNumber: b.batchNumber, status: b.status, expiryDate: b.expiryDate }] as const] : [],
    ),
  );
  const { reservations } = decideConfirm(order, {
    customer: { name: order.customer.name, creditHold: false, creditLimit: null },
    outstandingBalance: 0,
    creditLimitMode: 'WARN',
    stock: read.levels,
    batches,
  });
  const deltas = reservations.map((r) => ({
    productId: r.productId,
    warehouseId: r.warehouseId,
    binId: r.binId,
    batchId: r.batchId,
    onHandDelta: 0,
    reservedDelta: r.quantity,
  }));
  const next: SalesOrder = {
    ...order,
    status: 'CONFIRMED',
    reservations,
    confirmedAt: at,
    updatedAt: at,
    version: order.version + 1,
  };
  const stock = await loadStockFacts(t.orgId, [...probes, ...deltas]);
  await transact(
    orderTransitionItems({
      orgId: t.orgId,
      read: order,
      next,
      action: 'confirm',
      at,
      deltas,
      stock,
      journal: (events) =>
        backOfficeJournal(t.orgId).items({
          events: [...events, { event: 'sales_order.confirmed', data: { id: order.id } }],
        }),
    }),
  );
  return next;
}
