import { byText } from '../../../domain/listing/in-memory.js';
import { readBatch } from '../../platform/dynamo/read-batch.js';
import { productKey, products } from '../products/public.js';
import { getPriceTier, getTierContents } from './store/price-tiers.js';

/** The spec caps a tier's embedded product prices at 1000. */
const PRODUCT_PRICES_CAP = 1000;

/**
 * A tier as GET /price-tiers/{id} shows it, null when it is not there: product prices (stored order, by
 * product id; capped at 1000) with live sku and name, and breaks. The tier's writes over the API answer it,
 * read consistently.
 */
export async function priceTierDetail(orgId: string, id: string, consistent = false) {
  const [tier, contents] = await Promise.all([
    getPriceTier(orgId, id),
    getTierContents(orgId, id, consistent),
  ]);
  if (!tier) return null;
  const shown = contents.prices.slice(0, PRODUCT_PRICES_CAP);
  const b = readBatch();
  const productReads = new Map(
    shown.map((p) => [p.productId, b.get(products, productKey(orgId, p.productId))]),
  );
  await b.run();
  return {
    ...tier,
    productPrices: shown.map((p) => {
      const product = productReads.get(p.productId)?.value;
      return {
        productId: p.productId,
        sku: product?.sku ?? null,
        productName: product?.name ?? null,
        price: p.price,
      };
    }),
    productPricesTruncated: contents.prices.length > PRODUCT_PRICES_CAP,
    productPricesTotal: contents.prices.length,
    quantityBreaks: [...contents.breaks].sort(
      (a, b) => byText(a.productId, b.productId) || a.minQuantity - b.minQuantity,
    ),
  };
}
