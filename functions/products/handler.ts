import * as validators from '../generated/validators-products.js';
import { createGroupHandler } from '../http/pipeline.js';
import { productOperations } from './operations.js';

/** Lambda entry for the products group: products, categories, units of measure. */
export const handler = createGroupHandler('products', productOperations, validators);
