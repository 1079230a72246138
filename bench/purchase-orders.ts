/** Purchase orders in the bench: the create endpoint over a 10-line order. */
import { send } from './api.js';
import type { BenchTenant } from './seed.js';

/** A supplier through the API (so its item is exactly what the API writes). */
export async function benchSupplier(tenant: BenchTenant, code: string): Promise<string> {
  const res = await send<{ id: string }>(
    { method: 'POST', path: '/suppliers', key: tenant.key, body: { code, name: `Supplier ${code}` } },
    201,
  );
  return res.id;
}

/** The body of a 10-line purchase order over the tenant's first products. */
export const tenLinePurchaseOrder = (tenant: BenchTenant, supplierId: string) => ({
  supplierId,
  lines: tenant.productIds
    .slice(0, 10)
    .map((productId) => ({ productId, quantity: 12, unitPrice: 3.75, taxRate: 0.15 })),
});
