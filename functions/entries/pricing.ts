import * as validators from '../generated/validators-pricing.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { pricingOperations } from '../areas/pricing/operations.js';

/** Lambda entry for the pricing group: price tiers (the resolver lives with products). */
export const handler = createGroupHandler({
  group: 'pricing',
  endpoints: endpointsOf('pricing'),
  operations: pricingOperations,
  validators,
});
