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

/** Confirms an order through POST /sales-orders/{id}/confirm; fails the test when it is refused. */
export async function confirmOrder(t: Tenant, orderId: string) {
  const res = await call('POST', `/sales-orders/${orderId}/confirm`, { key: t.key });
  if (res.status !== 200) throw new Error(`confirm failed: ${res.raw}`);
  return res.body as { id: string; status: string };
}
