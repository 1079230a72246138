import { QueryCommand } from '../../../platform/dynamo/commands.js';
import type { QuantityBreak } from '../../../../domain/pricing/resolve-price.js';
import { db } from '../../../platform/dynamo/client.js';
import { smallCollection } from '../../../platform/dynamo/entity.js';
import { tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

export interface PriceTier {
  id: string;
  tierIndex: number;
  name: string;
  isActive: boolean;
  /** Kept by the back office's set-price. */
  productPriceCount: number;
  /** Kept by the customer writes that link and unlink the tier. */
  customerCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface TierPrice {
  productId: string;
  price: number;
}

export interface TierBreak extends QuantityBreak {
  productId: string;
}

/** Price tiers are few per organisation and live in one partition; a list reads the partition. */
export const priceTiers = smallCollection<PriceTier>({
  name: 'PriceTier',
  fields: [
    'id',
    'tierIndex',
    'name',
    'isActive',
    'productPriceCount',
    'customerCount',
    'createdAt',
    'updatedAt',
  ],
  defaults: { productPriceCount: 0, customerCount: 0 },
  collection: (orgId) => `${tenantPrefix(orgId)}#PRICE_TIER`,
});

export const priceTierKey = priceTiers.key;

/** A tier's product prices and quantity breaks live in one partition per tier. */
const priceTierContents = (orgId: string, tierId: string) => `${tenantPrefix(orgId)}#PRICE_TIER#${tierId}`;
export const priceTierPriceKey = (orgId: string, tierId: string, productId: string): Key => ({
  PK: priceTierContents(orgId, tierId),
  SK: `PRICE#${productId}`,
});
export const priceTierBreakKey = (
  orgId: string,
  tierId: string,
  productId: string,
  minQuantity: number,
): Key => ({
  PK: priceTierContents(orgId, tierId),
  SK: `BREAK#${productId}#${minQuantity}`,
});
export const priceTierFromItem = priceTiers.fromItem;
export const listPriceTiers = priceTiers.list;
export const getPriceTier = (orgId: string, id: string): Promise<PriceTier | null> =>
  priceTiers.getByKey(priceTierKey(orgId, id));

const priceOf = (item: Record<string, unknown>): TierPrice => ({
  productId: item.productId as string,
  price: item.price as number,
});
const breakOf = (item: Record<string, unknown>): TierBreak => ({
  productId: item.productId as string,
  minQuantity: item.minQuantity as number,
  unitPrice: item.unitPrice as number,
});

/**
 * Every product price and quantity break of a tier: one read of the tier's partition (consistent when a
 * write answers what it wrote).
 */
export async function getTierContents(
  orgId: string,
  tierId: string,
  consistent = false,
): Promise<{ prices: TierPrice[]; breaks: TierBreak[] }> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': priceTierContents(orgId, tierId) },
    ...(consistent ? { ConsistentRead: true } : {}),
  });
  return {
    prices: items.filter((i) => (i.SK as string).startsWith('PRICE#')).map(priceOf),
    breaks: items.filter((i) => (i.SK as string).startsWith('BREAK#')).map(breakOf),
  };
}

/** One product's breaks in a tier. */
export async function getTierBreaks(orgId: string, tierId: string, productId: string): Promise<TierBreak[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': priceTierContents(orgId, tierId),
        ':prefix': `BREAK#${productId}#`,
      },
    }),
  );
  return Items.map(breakOf);
}
