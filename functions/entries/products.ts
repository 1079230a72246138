import * as validators from '../generated/validators-products.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { PRODUCT_ENDPOINTS } from '../areas/products/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { productOperations } from '../areas/products/operations.js';
import '../ports.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('products', { products: PRODUCT_ENDPOINTS });

export const handler = createGroupHandler({
  group: 'products',
  endpoints,
  operations: productOperations,
  validators,
});

/** Lambda entry for the products group: products, categories, units of measure. */
/** The operations with their ports provided, for tests that build their own products handler. */
export { productOperations };
