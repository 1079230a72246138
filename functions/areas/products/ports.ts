/**
 * What products asks of the areas that build on it. Products is the core the order, pricing and supplier
 * areas import, so it cannot import them back: each answer is a port here, and the composition root
 * (functions/ports.ts, imported by every entry point that runs a products operation) provides it once.
 */
import type { PriceInputs } from '../../../domain/pricing/resolve-price.js';
import type { Key } from '../../platform/dynamo/keys.js';
import type { GuardedItem, TransactItem, WriteItem } from '../../platform/dynamo/transact.js';
import type { ProductRecord, ProductSupplierLink } from './store/products.js';

export interface ProductPorts {
  /** Whether an open sales order holds the product, and the check that keeps the answer true (sales-orders). */
  openSalesOrdersHolding(
    orgId: string,
    productId: string,
  ): Promise<{ holding: boolean; unchanged: WriteItem }>;
  /** How many open purchase orders hold the product, and the check that keeps it true (purchase-orders). */
  openPurchaseOrdersHolding(
    orgId: string,
    productId: string,
  ): Promise<{ count: number; unchanged: GuardedItem }>;
  /** What the price resolver needs to know of a customer for one product (customers). */
  customerPriceInputs(
    orgId: string,
    customerId: string,
    productId: string,
  ): Promise<NonNullable<PriceInputs['customer']>>;
  /** The supplier item's key, for the preferred-supplier reference and the product's supplier list (suppliers). */
  supplierKey(orgId: string, supplierId: string): Key;
  /** The price-list rows whose isPreferred flag moves with preferredSupplierId (suppliers). */
  preferenceItems(
    orgId: string,
    previous: ProductRecord,
    next: ProductRecord,
    links: ProductSupplierLink[],
  ): TransactItem[];
}

let provided: ProductPorts | undefined;

export function provideProductPorts(ports: ProductPorts): void {
  provided = ports;
}

export function productPorts(): ProductPorts {
  if (!provided) throw new Error('The products ports are not provided; import functions/ports.ts first');
  return provided;
}
