import { expect } from 'vitest';
import type { createShipment } from '../../functions/areas/shipments/steps/create.js';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, type Tenant } from './api.js';
import { adjust, batchOf, product, warehouse } from './inventory.js';
import { confirmOrder, customer, draftOrder } from './sales.js';

export type ShipmentDetail = Awaited<ReturnType<typeof createShipment>>;

/** Runs the admin CLI; `json` is its stdout parsed (null when empty). */
export const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
};

export const packShipment = (t: Tenant, id: string, body?: unknown) =>
  call('POST', `/shipments/${id}/pack`, { key: t.key, body });

export const dispatchShipment = (
  t: Tenant,
  id: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => call('POST', `/shipments/${id}/dispatch`, { key: t.key, body, headers });

export const getOrder = async (t: Tenant, id: string) =>
  (await call('GET', `/sales-orders/${id}`, { key: t.key })).body;

/** The product's warehouse-level stock row (batches folded in). */
export async function stockRow(t: Tenant, productId: string, warehouseId: string) {
  const res = await call('GET', '/stock-on-hand', {
    key: t.key,
    query: { productId, warehouseId, includeZero: 'true' },
  });
  expect(res.status).toBe(200);
  return res.body.data.find((r: { bin: unknown }) => r.bin === null) as {
    quantityOnHand: number;
    quantityReserved: number;
    quantityAvailable: number;
  };
}

/**
 * A customer, a warehouse, a batch-tracked product (weight 0.5) with lots `early` (5, 2026) and `late`
 * (5, 2027), an unbatched product (weight 2) with `plainStock` units, and a service product.
 */
export async function shippingSetup(t: Tenant, plainStock = 20) {
  const [c, w, lotted, plain, service] = await Promise.all([
    customer(t),
    warehouse(t),
    product(t, { isBatchTracked: true, weight: 0.5 }),
    product(t, { weight: 2 }),
    product(t, { productType: 'NON_STOCKED' }),
  ]);
  const late = await batchOf(t, lotted.id, '2027-06-01');
  const early = await batchOf(t, lotted.id, '2026-12-01');
  const res = await adjust(t, [
    { productId: lotted.id, warehouseId: w.id, batchId: late.id, quantityChange: 5 },
    { productId: lotted.id, warehouseId: w.id, batchId: early.id, quantityChange: 5 },
    { productId: plain.id, warehouseId: w.id, quantityChange: plainStock },
  ]);
  if (res.status !== 201) throw new Error(`stock failed: ${res.raw}`);
  return { customer: c, warehouse: w, lotted, plain, service, early, late };
}

export type ShippingSetup = Awaited<ReturnType<typeof shippingSetup>>;

/** A CONFIRMED order: `lotted` x lotted, `plain` x plain, and one service line when `service` is set. */
export async function confirmedShippingOrder(
  t: Tenant,
  s: ShippingSetup,
  quantities: { lotted?: number; plain?: number; service?: boolean },
) {
  const lines: { productId: string; quantity: number }[] = [];
  if (quantities.lotted) lines.push({ productId: s.lotted.id, quantity: quantities.lotted });
  if (quantities.plain) lines.push({ productId: s.plain.id, quantity: quantities.plain });
  if (quantities.service) lines.push({ productId: s.service.id, quantity: 1 });
  const order = await draftOrder(t, lines, { customerId: s.customer.id, warehouseId: s.warehouse.id });
  await confirmOrder(t, order.id);
  return order;
}
