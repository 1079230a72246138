import * as validators from '../generated/validators-manufacturing.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PRODUCTION_ORDER_ENDPOINTS } from '../areas/production-orders/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('manufacturing', { 'production-orders': PRODUCTION_ORDER_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  'production-orders': () =>
    import('../areas/production-orders/operations.js').then((m) => m.productionOrderOperations),
};

/** Lambda entry for manufacturing: production orders (read-only; the back office runs them). */
export const handler = createGroupHandler({
  group: 'manufacturing',
  endpoints,
  areas,
  validators,
});
