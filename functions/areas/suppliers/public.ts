/**
 * What other areas may use of suppliers: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export { priceRowPreference, supplierKey, supplierLocationKey, suppliers } from './store/suppliers.js';
export { preferenceItems } from './product-preference.js';
