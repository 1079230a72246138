import type { PriceInputs } from '../../../domain/pricing/resolve-price.js';
import { notFound } from '../../../domain/errors.js';
import { customerFromItem } from '../customers/store/customers.js';
import { keys } from '../../platform/dynamo/keys.js';
import { getTierBreaks } from '../pricing/store/price-tiers.js';
import { batchGet, keyId } from '../../platform/dynamo/batch-get.js';

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
  const customerKey = keys.customer(orgId, customerId);
  const discountKey = keys.customerProductDiscount(orgId, customerId, productId);
  const found = await batchGet([customerKey, discountKey]);
  const customerItem = found.get(keyId(customerKey));
  if (!customerItem) throw notFound('Customer');
  const customer = customerFromItem(customerItem).state;
  const lineDiscountPct = (found.get(keyId(discountKey))?.discountPct as number | undefined) ?? null;
  let tier: NonNullable<PriceInputs['customer']>['tier'] = null;
  if (customer.priceTierId) {
    const tierKey = keys.priceTier(orgId, customer.priceTierId);
    const priceKey = keys.priceTierPrice(orgId, customer.priceTierId, productId);
    const [tierItems, breaks] = await Promise.all([
      batchGet([tierKey, priceKey]),
      getTierBreaks(orgId, customer.priceTierId, productId),
    ]);
    // An inactive tier no longer applies; its customers resolve as if they had none.
    if (tierItems.get(keyId(tierKey))?.isActive === true) {
      tier = {
        id: customer.priceTierId,
        price: (tierItems.get(keyId(priceKey))?.price as number | undefined) ?? null,
        breaks: breaks.map(({ minQuantity, unitPrice }) => ({ minQuantity, unitPrice })),
      };
    }
  }
  return { id: customer.id, discountPct: customer.discountPct, lineDiscountPct, tier };
}
