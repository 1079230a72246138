/**
 * What other areas may use of pricing: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export { getTierBreaks, priceTierKey, priceTierPriceKey, priceTiers } from './store/price-tiers.js';
