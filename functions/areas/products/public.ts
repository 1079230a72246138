/**
 * What other areas may use of products: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export {
  getProduct,
  getProductWithBom,
  getProductsWithBoms,
  getStocks,
  productCostUpdate,
  productDeactivationsUnchanged,
  productFromItem,
  productItem,
  productCollection,
  productKey,
  products,
  readDeactivations,
  type ProductRecord,
  type ProductSupplierLink,
} from './store/products.js';
export { categories } from './store/reference-data.js';
export { provideProductPorts, type ProductPorts } from './ports.js';
