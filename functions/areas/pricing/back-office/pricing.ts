import { createId } from '@paralleldrive/cuid2';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import {
  getPriceTier,
  listPriceTiers,
  priceTierBreakKey,
  priceTierKey,
  priceTierPriceKey,
  priceTiers,
  type PriceTier,
} from '../store/price-tiers.js';
import { getProduct } from '../../products/public.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../../organisations/public.js';

/** A new active tier; without --index it goes after the highest existing tierIndex. */
export async function createPriceTier(input: {
  orgId: string;
  name: string;
  tierIndex?: number;
}): Promise<PriceTier> {
  await requireOrganisation(input.orgId);
  const existing = await listPriceTiers(input.orgId);
  const now = new Date().toISOString();
  const tier: PriceTier = {
    id: createId(),
    tierIndex: input.tierIndex ?? Math.max(0, ...existing.map((t) => t.tierIndex)) + 1,
    name: input.name,
    isActive: true,
    productPriceCount: 0,
    customerCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  await priceTiers.create(input.orgId, tier);
  return tier;
}

async function requireTierAndProduct(orgId: string, tierId: string, productId: string) {
  await requireOrganisation(orgId);
  const [tier, product] = await Promise.all([getPriceTier(orgId, tierId), getProduct(orgId, productId)]);
  if (!tier) throw new BackOfficeError(`price tier ${tierId} not found`);
  if (!product) throw new BackOfficeError(`product ${productId} not found`);
  return tier;
}

/** Touches the tier (updatedAt, for modifiedSince) and counts a newly priced product, with the write. */
const tierTouch = (orgId: string, tierId: string, now: string, newPrice: boolean) => ({
  Update: {
    TableName: tableName(),
    Key: priceTierKey(orgId, tierId),
    UpdateExpression: newPrice ? 'SET updatedAt = :now ADD productPriceCount :one' : 'SET updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':now': now, ...(newPrice ? { ':one': 1 } : {}) },
  },
});

/** Sets (or replaces) a tier's price for a product. */
export async function setTierPrice(input: {
  orgId: string;
  tierId: string;
  productId: string;
  price: number;
}) {
  await requireTierAndProduct(input.orgId, input.tierId, input.productId);
  const key = priceTierPriceKey(input.orgId, input.tierId, input.productId);
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  const now = new Date().toISOString();
  await transactOrRefuse(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...key, entity: 'TierPrice', productId: input.productId, price: input.price },
          // A racing first price for the same product must not be counted twice.
          ConditionExpression: Item ? 'attribute_exists(PK)' : 'attribute_not_exists(PK)',
        },
      },
      tierTouch(input.orgId, input.tierId, now, !Item),
    ],
    'the tier price changed while saving; try again',
  );
  return {
    id: `${input.tierId}:${input.productId}`,
    tierId: input.tierId,
    productId: input.productId,
    price: input.price,
  };
}

/** Adds (or replaces, for the same minimum quantity) a quantity break of a tier for a product. */
export async function addTierBreak(input: {
  orgId: string;
  tierId: string;
  productId: string;
  minQuantity: number;
  unitPrice: number;
}) {
  if (!(input.minQuantity > 0)) throw new BackOfficeError('--min-quantity must be greater than 0');
  await requireTierAndProduct(input.orgId, input.tierId, input.productId);
  await transactOrRefuse(
    [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...priceTierBreakKey(input.orgId, input.tierId, input.productId, input.minQuantity),
            entity: 'TierBreak',
            productId: input.productId,
            minQuantity: input.minQuantity,
            unitPrice: input.unitPrice,
          },
        },
      },
      tierTouch(input.orgId, input.tierId, new Date().toISOString(), false),
    ],
    `price tier ${input.tierId} not found`,
  );
  return {
    id: `${input.tierId}:${input.productId}:${input.minQuantity}`,
    tierId: input.tierId,
    productId: input.productId,
    minQuantity: input.minQuantity,
    unitPrice: input.unitPrice,
  };
}
