import { addSupplierLocation } from '../../functions/areas/suppliers/steps/locations.js';
import {
  getPurchaseOrder,
  purchaseOrderWriteItems,
} from '../../functions/areas/purchase-orders/store/purchase-orders.js';
import { transact } from '../../functions/platform/dynamo/transact.js';
import type { PurchaseOrder, PurchaseOrderStatus } from '../../domain/purchase-orders/purchase-order.js';
import { call, type Tenant } from './api.js';
import { product, unique, warehouse } from './inventory.js';

export async function supplier(t: Tenant, body: Record<string, unknown> = {}) {
  const u = unique();
  const res = await call('POST', '/suppliers', {
    key: t.key,
    body: { code: `S-${u}`, name: `Supplier ${u}`, ...body },
  });
  if (res.status !== 201) throw new Error(`supplier create failed: ${res.raw}`);
  return res.body as { id: string; code: string; name: string; currency: string };
}

export const supplierLocation = (t: Tenant, supplierId: string) =>
  addSupplierLocation({ orgId: t.orgId, supplierId, name: `Depot ${unique()}` });

export const createPurchaseOrder = (
  t: Tenant,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => call('POST', '/purchase-orders', { key: t.key, body, headers });

/** A supplier, a warehouse and a product: what most purchase-order tests need. */
export async function purchaseSetup(t: Tenant) {
  const [s, w, p] = await Promise.all([supplier(t), warehouse(t), product(t)]);
  return { supplier: s, warehouse: w, product: p };
}

/** A DRAFT order of one line; fails the test when it is refused. */
export async function draftPurchaseOrder(
  t: Tenant,
  setup: { supplier: { id: string }; product: { id: string } },
  extra: Record<string, unknown> = {},
) {
  const res = await createPurchaseOrder(t, {
    supplierId: setup.supplier.id,
    lines: [{ productId: setup.product.id, quantity: 10, unitPrice: 2.5 }],
    ...extra,
  });
  if (res.status !== 201) throw new Error(`purchase order create failed: ${res.raw}`);
  return res.body as { id: string; orderNumber: string; status: string; lines: { id: string }[] };
}

/** Runs POST /purchase-orders/{id}/<action>; fails the test when it is refused. */
export async function advance(t: Tenant, id: string, ...actions: ('submit' | 'approve' | 'cancel')[]) {
  let body: Record<string, unknown> = {};
  for (const action of actions) {
    const res = await call('POST', `/purchase-orders/${id}/${action}`, { key: t.key });
    if (res.status !== 200) throw new Error(`${action} failed: ${res.raw}`);
    body = res.body;
  }
  return body;
}

/**
 * TEST-ONLY: moves an order to a status the API cannot reach without goods receipts (PARTIALLY_RECEIVED,
 * RECEIVED), optionally with received quantities, through the store's own transition write (status and
 * version conditioned, counters and open-order counts moved). It stands in for the receipts use case until
 * that lands; nothing outside the tests writes an order this way.
 */
export async function forcePurchaseOrderState(
  orgId: string,
  id: string,
  change: { status?: PurchaseOrderStatus; receivedQty?: number; receiptCount?: number },
): Promise<PurchaseOrder> {
  const read = await getPurchaseOrder(orgId, id);
  if (!read) throw new Error(`purchase order ${id} not found`);
  const at = new Date().toISOString();
  const status = change.status ?? read.status;
  const next: PurchaseOrder = {
    ...read,
    status,
    lines: read.lines.map((l) => ({ ...l, receivedQty: change.receivedQty ?? l.receivedQty })),
    receivedDate: status === 'RECEIVED' ? at : read.receivedDate,
    receiptCount: change.receiptCount ?? read.receiptCount,
    updatedAt: at,
    version: read.version + 1,
  };
  await transact(purchaseOrderWriteItems(orgId, read, next, { action: 'test-fixture', from: [read.status] }));
  return next;
}
