import * as validators from '../generated/validators-pricing.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PRICING_ENDPOINTS } from '../areas/pricing/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('pricing', { pricing: PRICING_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  pricing: () => import('../areas/pricing/operations.js').then((m) => m.pricingOperations),
};

/** Lambda entry for the pricing group: price tiers (the resolver lives with products). */
export const handler = createGroupHandler({
  group: 'pricing',
  endpoints,
  areas,
  validators,
});
