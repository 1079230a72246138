import { numberFlag, type Commands } from '../../platform/back-office/command.js';
import { addSupplierLocation } from './steps/locations.js';
import { setSupplierPrice } from './steps/price-list.js';

/** The suppliers area's back-office commands, merged into the admin CLI (infra/admin). */
export const SUPPLIER_COMMANDS: Commands = {
  'supplier add-location': {
    usage:
      'supplier add-location --org <orgId> --supplier <id> --name <n> [--type SHIPPING|BILLING|BOTH] [--city <c>] [--default-shipping] [--default-billing]',
    flags: ['org', 'supplier', 'name', 'type', 'city', 'default-shipping', 'default-billing'],
    switches: ['default-shipping', 'default-billing'],
    required: ['org', 'supplier', 'name'],
    run: (v) =>
      addSupplierLocation({
        orgId: v.org!,
        supplierId: v.supplier!,
        name: v.name!,
        type: v.type,
        city: v.city,
        isDefaultShipping: v['default-shipping'] === 'true',
        isDefaultBilling: v['default-billing'] === 'true',
      }),
  },
  'supplier set-price': {
    usage:
      'supplier set-price --org <orgId> --supplier <id> --product <id> --price <n> [--sku <s>] [--lead-time-days <n>] [--min-order-qty <n>] [--preferred]',
    flags: ['org', 'supplier', 'product', 'price', 'sku', 'lead-time-days', 'min-order-qty', 'preferred'],
    switches: ['preferred'],
    required: ['org', 'supplier', 'product', 'price'],
    run: (v) =>
      setSupplierPrice({
        orgId: v.org!,
        supplierId: v.supplier!,
        productId: v.product!,
        supplierPrice: numberFlag('price', v.price)!,
        supplierSku: v.sku,
        leadTimeDays: numberFlag('lead-time-days', v['lead-time-days'], true),
        minOrderQty: numberFlag('min-order-qty', v['min-order-qty']),
        // Without --preferred the product's preferred supplier stays as it is (the API's omitted key).
        isPreferred: v.preferred === 'true' ? true : undefined,
      }),
  },
};
