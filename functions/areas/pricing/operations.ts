import { notFound } from '../../../domain/errors.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { pageOf } from '../../../domain/listing/pagination.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import { PRICING_ENDPOINTS } from './endpoints.js';
import { getPriceTier, getTierContents, listPriceTiers } from './store/price-tiers.js';
import { readBatch } from '../../platform/dynamo/read-batch.js';
import { productKey, products } from '../products/public.js';

/** The spec caps a tier's embedded product prices at 1000. */
const PRODUCT_PRICES_CAP = 1000;

const listPriceTiersOp: OperationOf<typeof PRICING_ENDPOINTS, 'listPriceTiers'> = async (input) => {
  const q = input.query;
  const since = q.modifiedSince?.toISOString();
  const tiers = (await listPriceTiers(input.auth.orgId)).filter(
    (tier) =>
      (q.includeInactive === true || tier.isActive) && (since === undefined || tier.updatedAt >= since),
  );
  return {
    body: listInMemory(tiers, {
      search: q.search,
      searchable: (tier) => [tier.name],
      compare: (a, b) =>
        a.tierIndex - b.tierIndex || byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
      window: pageOf(input.query),
    }),
  };
};

/** Detail: product prices (stored order, by product id; capped at 1000) with live sku and name, and breaks. */
const getPriceTierOp: OperationOf<typeof PRICING_ENDPOINTS, 'getPriceTier'> = async ({ auth, params }) => {
  const [tier, contents] = await Promise.all([
    getPriceTier(auth.orgId, params.id),
    getTierContents(auth.orgId, params.id),
  ]);
  if (!tier) throw notFound('Price tier');
  const shown = contents.prices.slice(0, PRODUCT_PRICES_CAP);
  const b = readBatch();
  const productReads = new Map(
    shown.map((p) => [p.productId, b.get(products, productKey(auth.orgId, p.productId))]),
  );
  await b.run();
  return {
    body: {
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
    },
  };
};

export const pricingOperations = operationsFor(PRICING_ENDPOINTS, {
  listPriceTiers: listPriceTiersOp,
  getPriceTier: getPriceTierOp,
});
