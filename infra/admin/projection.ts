/**
 * Every entity that keeps a slim row (GSI5) and how its row is rebuilt from a stored item: the input of
 * `projection backfill`, for items written before their entity joined the projection. A new projected
 * entity belongs here (test/api/slim-backfill.test.ts fails for an entity it finds with a row and no
 * rebuilder).
 */
import { entitySlimRebuilder } from '../../functions/platform/dynamo/entity.js';
import type { SlimRebuilder } from '../../functions/platform/dynamo/slim-backfill.js';
import { creditNotes } from '../../functions/areas/credit-notes/store/credit-notes.js';
import { customerSlimRebuilder } from '../../functions/areas/customers/store/customers.js';
import { batchSlimRebuilder } from '../../functions/areas/inventory/store/batches.js';
import { stockSlimRebuilder } from '../../functions/areas/inventory/store/stock.js';
import { invoices } from '../../functions/areas/invoices/store/invoices.js';
import { productionOrders } from '../../functions/areas/production-orders/store/production-orders.js';
import { productSlimRebuilder } from '../../functions/areas/products/store/products.js';
import { purchaseOrders } from '../../functions/areas/purchase-orders/store/purchase-orders.js';
import { salesOrders } from '../../functions/areas/sales-orders/store/sales-orders.js';
import { shipments } from '../../functions/areas/shipments/store/shipments.js';
import { supplierSlimRebuilder } from '../../functions/areas/suppliers/store/suppliers.js';

export const SLIM_REBUILDERS: Readonly<Record<string, SlimRebuilder>> = {
  Product: productSlimRebuilder,
  ProductStock: stockSlimRebuilder,
  Customer: customerSlimRebuilder,
  Supplier: supplierSlimRebuilder,
  Batch: batchSlimRebuilder,
  [salesOrders.name]: entitySlimRebuilder(salesOrders),
  [purchaseOrders.name]: entitySlimRebuilder(purchaseOrders),
  [invoices.name]: entitySlimRebuilder(invoices),
  [creditNotes.name]: entitySlimRebuilder(creditNotes),
  [shipments.name]: entitySlimRebuilder(shipments),
  [productionOrders.name]: entitySlimRebuilder(productionOrders),
};
