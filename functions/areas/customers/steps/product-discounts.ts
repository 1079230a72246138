/**
 * `customer set-product-discount` and `PUT /customers/{id}/product-discounts/{productId}` (design.md
 * sections 5 and 7): a customer's discount on one product, reported by the price resolver as
 * appliedLineDiscountPct and never folded into resolvedPrice. A merge-patch of the row: an omitted
 * discountPct keeps the current one, null removes it. Setting one is not a customer change, so there is
 * no event (the catalogue has none for it); the write is audited.
 */
import { notFound } from '../../../../domain/errors.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { productKey, products } from '../../products/public.js';
import { customerKey, customerProductDiscountKey, customers } from '../store/customers.js';
import {
  productDiscountDecoder,
  productDiscountId,
  productDiscountPut,
  type CustomerProductDiscount,
} from '../store/product-discounts.js';

export async function setCustomerProductDiscount(
  input: { orgId: string; customerId: string; productId: string; discountPct?: number | null },
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<CustomerProductDiscount> {
  const { orgId, customerId, productId } = input;
  const batch = readBatch();
  const customer = batch.get(customers, customerKey(orgId, customerId));
  const product = batch.get(products, productKey(orgId, productId));
  const stored = batch.get(
    productDiscountDecoder(customerId),
    customerProductDiscountKey(orgId, customerId, productId),
  );
  await batch.run();
  if (!customer.value) throw notFound('Customer');
  if (!product.value) throw notFound('Product');
  const current: CustomerProductDiscount = stored.value ?? {
    id: productDiscountId(customerId, productId),
    customerId,
    productId,
    discountPct: null,
  };
  if (input.discountPct === undefined || input.discountPct === current.discountPct) return current;
  const next = { ...current, discountPct: input.discountPct };
  await transact([
    productDiscountPut(orgId, next),
    ...context.journal.items({
      audit: [
        {
          resourceType: 'customer_product_discount',
          resourceId: next.id,
          action: stored.value === null ? 'create' : next.discountPct === null ? 'remove' : 'update',
          changedFields: ['discountPct'],
        },
      ],
      response: { status: 200, body: next },
    }),
  ]);
  return next;
}
