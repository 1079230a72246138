/**
 * Price tiers (design.md section 7): `price-tier create|set-price|add-break` on the CLI and `POST
 * /price-tiers`, `PUT /price-tiers/{id}/prices/{productId}`, `POST /price-tiers/{id}/breaks` over the API.
 * A tier's prices and breaks live in the tier's own partition; each write touches the tier (updatedAt,
 * for modifiedSince) in its transaction, and counts a product priced for the first time.
 */
import { newId } from '../../../platform/ids.js';
import { invalidReference, notFound, unprocessable, validationError } from '../../../../domain/errors.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact, type TransactItem } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { requireOrganisation } from '../../organisations/public.js';
import { getProduct } from '../../products/public.js';
import {
  getPriceTier,
  listPriceTiers,
  priceTierBreakKey,
  priceTierKey,
  priceTierPriceKey,
  priceTiers,
  type PriceTier,
} from '../store/price-tiers.js';

const TIER = 'Price tier';

const audit = (context: WriteContext, tierId: string, action: string, changedFields: string[]) =>
  context.journal.items({
    audit: [{ resourceType: 'price-tier', resourceId: tierId, action, changedFields }],
  });

/** A tier just created, as GET /price-tiers/{id} shows it: nothing priced yet. */
export const newTierDetail = (tier: PriceTier) => ({
  ...tier,
  productPrices: [],
  productPricesTruncated: false,
  productPricesTotal: 0,
  quantityBreaks: [],
});

/** A new active tier; without tierIndex it goes after the highest existing one (equal indexes are allowed). */
export async function createPriceTier(
  input: { orgId: string; name: string; tierIndex?: number | null },
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<PriceTier> {
  await requireOrganisation(input.orgId);
  const name = input.name.trim();
  if (name.length === 0) throw validationError([{ path: 'name', message: 'must not be blank' }]);
  const existing = await listPriceTiers(input.orgId);
  const now = context.now.toISOString();
  const tier: PriceTier = {
    id: newId(),
    tierIndex: input.tierIndex ?? Math.max(0, ...existing.map((t) => t.tierIndex)) + 1,
    name,
    isActive: true,
    productPriceCount: 0,
    customerCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  const detail = newTierDetail(tier);
  await transact([
    priceTiers.createItem(input.orgId, tier),
    ...context.journal.items({
      audit: [
        {
          resourceType: 'price-tier',
          resourceId: tier.id,
          action: 'create',
          changedFields: ['name', 'tierIndex'],
        },
      ],
      response: { status: 201, body: detail },
    }),
  ]);
  return tier;
}

/** Touches the tier (updatedAt, for modifiedSince) and counts a newly priced product, with the write. */
const tierTouch = (orgId: string, tierId: string, now: string, newPrice: boolean): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: priceTierKey(orgId, tierId),
    UpdateExpression: newPrice ? 'SET updatedAt = :now ADD productPriceCount :one' : 'SET updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':now': now, ...(newPrice ? { ':one': 1 } : {}) },
  },
});

/** The tier, or 404; the product of the path, or 404 (a product of another organisation is not there). */
async function requireTierAndProduct(orgId: string, tierId: string, productId: string) {
  const [tier, product] = await Promise.all([getPriceTier(orgId, tierId), getProduct(orgId, productId)]);
  if (!tier) throw notFound(TIER);
  if (!product) throw notFound('Product');
}

/**
 * Sets a tier's price for a product: a merge-patch of the price row, whose one field is `price`. An
 * omitted price keeps the row as it is; a product not yet priced in the tier needs one (422). The write
 * is conditioned on the row as read, so a racing first price is counted once and a racing change decides
 * again.
 */
export async function setTierPrice(
  input: { orgId: string; tierId: string; productId: string; price?: number },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  if (input.price !== undefined && !(input.price >= 0)) {
    throw validationError([{ path: 'price', message: 'must be >= 0' }]);
  }
  await requireOrganisation(input.orgId);
  const price = await writeOptimistically({
    run: async () => {
      await requireTierAndProduct(input.orgId, input.tierId, input.productId);
      const key = priceTierPriceKey(input.orgId, input.tierId, input.productId);
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
      );
      const current = Item?.price as number | undefined;
      if (input.price === undefined) {
        if (current === undefined) throw unprocessable('A product not yet priced in this tier needs a price');
        return current;
      }
      if (input.price === current) return current;
      await transact([
        {
          Put: {
            TableName: tableName(),
            Item: { ...key, entity: 'TierPrice', productId: input.productId, price: input.price },
            ConditionExpression: current === undefined ? 'attribute_not_exists(PK)' : 'price = :was',
            ...(current === undefined ? {} : { ExpressionAttributeValues: { ':was': current } }),
          },
        },
        tierTouch(input.orgId, input.tierId, context.now.toISOString(), current === undefined),
        ...audit(context, input.tierId, 'set-price', ['productPrices']),
      ]);
      return input.price;
    },
    onExhausted: () => context.exhausted('The tier price kept changing while it was saved'),
  });
  return {
    id: `${input.tierId}:${input.productId}`,
    tierId: input.tierId,
    productId: input.productId,
    price,
  };
}

/**
 * Adds a quantity break of a tier for a product; a break at the same minimum quantity is replaced (its
 * unit price changes), as the CLI always did. The product is a reference of the body: outside the
 * organisation it is 422 invalid_reference over the API.
 */
export async function addTierBreak(
  input: { orgId: string; tierId: string; productId: string; minQuantity: number; unitPrice: number },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  if (!(input.minQuantity > 0)) throw validationError([{ path: 'minQuantity', message: 'must be > 0' }]);
  if (!(input.unitPrice >= 0)) throw validationError([{ path: 'unitPrice', message: 'must be >= 0' }]);
  await requireOrganisation(input.orgId);
  // The tier's touch collides with its other writes; a collision that outlives transact's retries re-runs.
  await writeOptimistically({
    run: async () => {
      const [tier, product] = await Promise.all([
        getPriceTier(input.orgId, input.tierId),
        getProduct(input.orgId, input.productId),
      ]);
      if (!tier) throw notFound(TIER);
      if (!product) throw invalidReference('productId', 'Product');
      await transact([
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
        tierTouch(input.orgId, input.tierId, context.now.toISOString(), false),
        ...audit(context, input.tierId, 'add-break', ['quantityBreaks']),
      ]);
    },
    onExhausted: () => context.exhausted('The price tier kept changing while the break was added'),
  });
  return {
    id: `${input.tierId}:${input.productId}:${input.minQuantity}`,
    tierId: input.tierId,
    productId: input.productId,
    minQuantity: input.minQuantity,
    unitPrice: input.unitPrice,
  };
}
