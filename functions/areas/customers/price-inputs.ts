import type { PriceInputs } from '../../../domain/pricing/resolve-price.js';
import { notFound } from '../../../domain/errors.js';
import { customerKey, customerProductDiscountKey, customers } from './store/customers.js';
import { getTierBreaks, priceTierKey, priceTierPriceKey, priceTiers } from '../pricing/public.js';
import { rawItem, readBatch } from '../../platform/dynamo/read-batch.js';

/**
 * What the resolver needs to know about a customer for one product: the standing discount, the
 * per-product discount, and the tier's price and breaks for the product when the tier is active. Two
 * round trips: the customer with its product discount, then the tier with its price and breaks.
 */
export async function customerPriceInputs(
  orgId: string,
  customerId: string,
  productId: string,
): Promise<NonNullable<PriceInputs['customer']>> {
  const first = readBatch();
  const customerRead = first.get(customers, customerKey(orgId, customerId));
  const discount = first.get(rawItem, customerProductDiscountKey(orgId, customerId, productId));
  await first.run();
  if (!customerRead.value) throw notFound('Customer');
  const customer = customerRead.value.state;
  const lineDiscountPct = (discount.value?.discountPct as number | undefined) ?? null;
  let tier: NonNullable<PriceInputs['customer']>['tier'] = null;
  if (customer.priceTierId) {
    const second = readBatch();
    const tierRead = second.get(priceTiers, priceTierKey(orgId, customer.priceTierId));
    const price = second.get(rawItem, priceTierPriceKey(orgId, customer.priceTierId, productId));
    const [, breaks] = await Promise.all([
      second.run(),
      getTierBreaks(orgId, customer.priceTierId, productId),
    ]);
    // An inactive tier no longer applies; its customers resolve as if they had none.
    if (tierRead.value?.isActive === true) {
      tier = {
        id: customer.priceTierId,
        price: (price.value?.price as number | undefined) ?? null,
        breaks: breaks.map(({ minQuantity, unitPrice }) => ({ minQuantity, unitPrice })),
      };
    }
  }
  return { id: customer.id, discountPct: customer.discountPct, lineDiscountPct, tier };
}
