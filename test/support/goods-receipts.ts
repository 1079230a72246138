import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/platform/dynamo/client.js';
import { serialProductCollection } from '../../functions/areas/inventory/public.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { call, type Tenant } from './api.js';
import { advance, createPurchaseOrder, supplier } from './purchase-orders.js';

export interface ApprovedOrder {
  id: string;
  orderNumber: string;
  orderDate: string;
  lines: { id: string; productId: string; quantity: number }[];
  supplier: { id: string; code: string };
}

/** An APPROVED order of `lines` from a new supplier (of `currency`), or of the supplier given. */
export async function approvedOrder(
  t: Tenant,
  lines: { productId: string; quantity: number; unitPrice: number }[],
  options: { currency?: string; supplier?: { id: string; code: string } } = {},
): Promise<ApprovedOrder> {
  const s = options.supplier ?? (await supplier(t, options.currency ? { currency: options.currency } : {}));
  const res = await createPurchaseOrder(t, { supplierId: s.id, lines });
  if (res.status !== 201) throw new Error(`purchase order create failed: ${res.raw}`);
  await advance(t, res.body.id, 'submit', 'approve');
  return { ...res.body, supplier: s };
}

export const receive = (
  t: Tenant,
  orderId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => call('POST', `/purchase-orders/${orderId}/receipts`, { key: t.key, body, headers });

export const purchaseOrderDetail = async (t: Tenant, id: string) =>
  (await call('GET', `/purchase-orders/${id}`, { key: t.key })).body;

export async function productDetail(t: Tenant, id: string) {
  const res = await call('GET', `/products/${id}`, { key: t.key });
  return res.body as { costPrice: number; totalStockOnHand: number };
}

/** Every serial record of a product as stored (list index GSI3), and those still pending a receipt. */
export async function serialItemsOf(t: Tenant, productId: string): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let start: Record<string, any> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': serialProductCollection(t.orgId, productId) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
