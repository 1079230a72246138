import * as validators from '../generated/validators-pricing.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { pricingOperations } from '../areas/pricing/operations.js';

/** Lambda entry for the pricing group: price tiers (the resolver lives with products). */
export const handler = createGroupHandler('pricing', pricingOperations, validators);
