import { PutCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { customerProductDiscountKey, getCustomer } from '../store/customers.js';
import { getProduct } from '../../products/public.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { BackOfficeError } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../../organisations/public.js';

/** Sets a customer's discount for one product (reported by the resolver as appliedLineDiscountPct). */
export async function setCustomerProductDiscount(input: {
  orgId: string;
  customerId: string;
  productId: string;
  discountPct: number;
}) {
  await requireOrganisation(input.orgId);
  if (!(input.discountPct >= 0 && input.discountPct <= 1)) {
    throw new BackOfficeError('--pct must be a fraction from 0 to 1 (0.15 means 15%)');
  }
  const [customer, product] = await Promise.all([
    getCustomer(input.orgId, input.customerId),
    getProduct(input.orgId, input.productId),
  ]);
  if (!customer) throw new BackOfficeError(`customer ${input.customerId} not found`);
  if (!product) throw new BackOfficeError(`product ${input.productId} not found`);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...customerProductDiscountKey(input.orgId, input.customerId, input.productId),
        entity: 'CustomerProductDiscount',
        productId: input.productId,
        discountPct: input.discountPct,
      },
    }),
  );
  return {
    id: `${input.customerId}:${input.productId}`,
    customerId: input.customerId,
    productId: input.productId,
    discountPct: input.discountPct,
  };
}
