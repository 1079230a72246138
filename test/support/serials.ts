import { call, type Tenant } from './api.js';
import { approvedOrder, receive } from './goods-receipts.js';

/**
 * Receives `serialNumbers` of a serial-tracked product into a warehouse through a purchase order's receipt
 * (POST /purchase-orders/{id}/receipts), into the lot `batchNumber` when given; returns the receipt and
 * the serials as GET /serial-numbers lists them (newest first).
 */
export async function receiveSerials(
  t: Tenant,
  productId: string,
  warehouse: { id: string; binId?: string },
  serialNumbers: string[],
  options: { batchNumber?: string; binId?: string | null } = {},
) {
  const order = await approvedOrder(t, [{ productId, quantity: serialNumbers.length, unitPrice: 40 }]);
  const res = await receive(t, order.id, {
    warehouseId: warehouse.id,
    lines: [
      {
        poLineId: order.lines[0]!.id,
        productId,
        quantity: serialNumbers.length,
        serialNumbers,
        ...(options.binId !== undefined ? { binId: options.binId } : {}),
        ...(options.batchNumber ? { batchNumber: options.batchNumber, isBatchTracked: true } : {}),
      },
    ],
  });
  if (res.status !== 201) throw new Error(`receipt failed: ${res.raw}`);
  return {
    order,
    receipt: res.body as { id: string; receivedAt: string; lines: { batchId: string | null }[] },
  };
}

/** The serials of a product by serial number, as GET /serial-numbers lists them. */
export async function serialsOf(t: Tenant, productId: string): Promise<Map<string, Record<string, any>>> {
  const res = await call('GET', '/serial-numbers', { key: t.key, query: { productId, pageSize: 100 } });
  if (res.status !== 200) throw new Error(`serial list failed: ${res.raw}`);
  return new Map(res.body.data.map((s: { serialNumber: string }) => [s.serialNumber, s]));
}

export const serialDetailOf = async (t: Tenant, id: string) =>
  (await call('GET', `/serial-numbers/${id}`, { key: t.key })).body;
