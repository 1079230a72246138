import { createId } from '@paralleldrive/cuid2';
import { ADDRESS_TYPES, type AddressType } from '../../../../domain/customers/addresses.js';
import { productUpdated } from '../../../../domain/products/events.js';
import { defaultsLostTo, type SupplierLocation } from '../../../../domain/suppliers/locations.js';
import type { SupplierPrice } from '../../../../domain/suppliers/price-list.js';
import { preferenceItems } from '../product-preference.js';
import { getProductWithBom, productItem, productKey } from '../../products/public.js';
import {
  getSupplier,
  getSupplierLocations,
  locationFlagsUpdate,
  locationPut,
  supplierLinkPuts,
} from '../store/suppliers.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';
import { backOfficeJournal, BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../../organisations/public.js';

/** Adds a location; a default flag it claims is taken from the supplier's other locations. */
export async function addSupplierLocation(input: {
  orgId: string;
  supplierId: string;
  name: string;
  type?: string;
  city?: string;
  defaultShipping?: boolean;
  defaultBilling?: boolean;
}): Promise<SupplierLocation> {
  await requireOrganisation(input.orgId);
  const type = input.type ?? 'BOTH';
  if (!(ADDRESS_TYPES as readonly string[]).includes(type)) {
    throw new BackOfficeError(`type must be one of ${ADDRESS_TYPES.join(', ')}`);
  }
  const existing = await getSupplierLocations(input.orgId, input.supplierId);
  if (!existing) throw new BackOfficeError(`supplier ${input.supplierId} not found`);
  const location: SupplierLocation = {
    id: createId(),
    name: input.name,
    type: type as AddressType,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
    address: null,
    city: input.city ?? null,
    region: null,
    postcode: null,
    country: null,
    isDefaultShipping: input.defaultShipping ?? false,
    isDefaultBilling: input.defaultBilling ?? false,
    createdAt: new Date().toISOString(),
  };
  await transactOrRefuse(
    [
      locationPut(input.orgId, input.supplierId, location),
      ...defaultsLostTo(existing, location).map((c) => locationFlagsUpdate(input.orgId, input.supplierId, c)),
    ],
    'the locations changed while saving; try again',
  );
  return location;
}

/**
 * Sets a supplier's price for a product (creating or replacing the price-list row). --preferred makes the
 * supplier the product's preferredSupplierId, a product change (new version, product.updated event) that
 * moves isPreferred off the previous preferred supplier's row, all in one transaction.
 */
export async function setSupplierPrice(input: {
  orgId: string;
  supplierId: string;
  productId: string;
  price: number;
  supplierSku?: string;
  leadTimeDays?: number;
  minOrderQty?: number;
  preferred: boolean;
}) {
  await requireOrganisation(input.orgId);
  const [supplier, loaded] = await Promise.all([
    getSupplier(input.orgId, input.supplierId),
    getProductWithBom(input.orgId, input.productId),
  ]);
  if (!supplier) throw new BackOfficeError(`supplier ${input.supplierId} not found`);
  if (!loaded) throw new BackOfficeError(`product ${input.productId} not found`);
  const product = loaded.product;
  const becomesPreferred = input.preferred && product.preferredSupplierId !== supplier.id;
  const row: SupplierPrice = {
    productId: product.id,
    supplierSku: input.supplierSku ?? null,
    supplierPrice: input.price,
    leadTimeDays: input.leadTimeDays ?? null,
    minOrderQty: input.minOrderQty ?? null,
    isPreferred: input.preferred || product.preferredSupplierId === supplier.id,
  };
  const now = new Date().toISOString();
  const items: TransactItem[] = [...supplierLinkPuts(input.orgId, supplier.id, row)];
  if (becomesPreferred) {
    const next = {
      ...product,
      preferredSupplierId: supplier.id,
      version: product.version + 1,
      updatedAt: now,
    };
    items.push(
      {
        Put: {
          TableName: tableName(),
          Item: productItem(input.orgId, next),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': product.version },
        },
      },
      // The new row is written above with isPreferred true; only the previous preferred row moves.
      ...preferenceItems(
        input.orgId,
        product,
        next,
        loaded.suppliers.filter((l) => l.supplierId !== supplier.id),
      ),
      ...backOfficeJournal(input.orgId, new Date(now)).items({
        events: [productUpdated(product.id)],
        audit: [
          {
            resourceType: 'product',
            resourceId: product.id,
            action: 'set-preferred-supplier',
            changedFields: ['preferredSupplierId'],
          },
        ],
      }),
    );
  } else {
    // isPreferred was derived from the product as read; a concurrent product change must not slip past it.
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: productKey(input.orgId, product.id),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': product.version },
      },
    });
  }
  await transactOrRefuse(items, 'the product changed while saving the price; try again');
  return { id: `${supplier.id}:${product.id}`, supplierId: supplier.id, ...row };
}
