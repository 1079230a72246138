import * as validators from '../generated/validators-products.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { productOperations } from '../areas/products/operations.js';
import '../ports.js';

/** Lambda entry for the products group: products, categories, units of measure. */
export const handler = createGroupHandler({
  group: 'products',
  endpoints: endpointsOf('products'),
  operations: productOperations,
  validators,
});

/** The operations with their ports provided, for tests that build their own products handler. */
export { productOperations };
