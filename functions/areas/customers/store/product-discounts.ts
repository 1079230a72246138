import type { ItemDecoder } from '../../../platform/dynamo/read-batch.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';
import { customerProductDiscountKey } from './customers.js';

/** A customer's discount on one product, as the price resolver reads it (appliedLineDiscountPct). */
export interface CustomerProductDiscount {
  id: string;
  customerId: string;
  productId: string;
  discountPct: number | null;
}

/** The row's id: one row per customer and product, so the pair names it. */
export const productDiscountId = (customerId: string, productId: string) => `${customerId}:${productId}`;

/** Decodes the stored row (its customer is the partition's, so the caller names it). */
export const productDiscountDecoder = (customerId: string): ItemDecoder<CustomerProductDiscount> => ({
  fromItem: (item) => ({
    id: productDiscountId(customerId, item.productId as string),
    customerId,
    productId: item.productId as string,
    discountPct: (item.discountPct as number | null | undefined) ?? null,
  }),
});

/** The row as written: a plain replace (the PUT is the whole row, so the last writer's value stands). */
export const productDiscountPut = (orgId: string, row: CustomerProductDiscount): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...customerProductDiscountKey(orgId, row.customerId, row.productId),
      entity: 'CustomerProductDiscount',
      productId: row.productId,
      discountPct: row.discountPct,
    },
  },
});
