/**
 * The composition root's wiring of ports: an area low in the dependency order (products) declares what it
 * needs of the areas built on it, and this module provides it from their public modules, so the imports
 * between areas run one way. Every entry point that runs a products operation imports it for this effect.
 */
import { customerPriceInputs } from './areas/customers/public.js';
import { provideProductPorts } from './areas/products/public.js';
import { openPurchaseOrdersHolding } from './areas/purchase-orders/public.js';
import { openOrdersHolding } from './areas/sales-orders/public.js';
import { preferenceItems, supplierKey } from './areas/suppliers/public.js';

provideProductPorts({
  openSalesOrdersHolding: openOrdersHolding,
  openPurchaseOrdersHolding,
  customerPriceInputs,
  supplierKey,
  preferenceItems,
});
