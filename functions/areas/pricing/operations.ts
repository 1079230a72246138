import { notFound } from '../../../domain/errors.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { pageOf } from '../../../domain/listing/pagination.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { PRICING_ENDPOINTS } from './endpoints.js';
import { listPriceTiers } from './store/price-tiers.js';
import { requestContext } from '../../platform/journal/write-context.js';
import { priceTierDetail } from './detail.js';
import { addTierBreak, createPriceTier, newTierDetail, setTierPrice } from './steps/price-tiers.js';

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

const getPriceTierOp: OperationOf<typeof PRICING_ENDPOINTS, 'getPriceTier'> = async ({ auth, params }) => {
  const tier = await priceTierDetail(auth.orgId, params.id);
  if (!tier) throw notFound('Price tier');
  return { body: tier };
};

/** The tier as it stands after a write of the request (a sub-resource write answers its parent). */
const refreshed = async (orgId: string, id: string) => {
  const tier = await priceTierDetail(orgId, id, true);
  if (!tier) throw notFound('Price tier');
  return tier;
};

const createPriceTierOp: OperationOf<typeof PRICING_ENDPOINTS, 'createPriceTier'> = async (input) => {
  const { auth, body, now, journal } = input;
  const tier = await createPriceTier({ orgId: auth.orgId, ...body }, requestContext({ now, journal }));
  // The answer the write committed as its idempotency record, so a replay is the same bytes.
  return { status: 201, body: newTierDetail(tier) };
};

const setPriceTierPriceOp: OperationOf<typeof PRICING_ENDPOINTS, 'setPriceTierPrice'> = async (input) => {
  const { auth, params, body, now, journal } = input;
  await setTierPrice(
    { orgId: auth.orgId, tierId: params.id, productId: params.productId, price: body.price },
    requestContext({ now, journal }),
  );
  return { body: await refreshed(auth.orgId, params.id) };
};

const addPriceTierBreakOp: OperationOf<typeof PRICING_ENDPOINTS, 'addPriceTierBreak'> = async (input) => {
  const { auth, params, body, now, journal } = input;
  await addTierBreak({ orgId: auth.orgId, tierId: params.id, ...body }, requestContext({ now, journal }));
  return { status: 201, body: await refreshed(auth.orgId, params.id) };
};

export const pricingOperations = operationsFor<typeof PRICING_ENDPOINTS>({
  listPriceTiers: listPriceTiersOp,
  getPriceTier: getPriceTierOp,
  createPriceTier: createPriceTierOp,
  setPriceTierPrice: setPriceTierPriceOp,
  addPriceTierBreak: addPriceTierBreakOp,
});
