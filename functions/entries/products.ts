import * as validators from '../generated/validators-products.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PRODUCT_ENDPOINTS } from '../areas/products/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('products', { products: PRODUCT_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  // The ports' wiring (functions/ports.ts) loads with the operations that use it.
  products: () =>
    import('../ports.js')
      .then(() => import('../areas/products/operations.js'))
      .then((m) => m.productOperations),
};

/** Lambda entry for the products group: products, categories, units of measure. */
export const handler = createGroupHandler({
  group: 'products',
  endpoints,
  areas,
  validators,
});
