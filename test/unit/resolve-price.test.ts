import { describe, expect, it } from 'vitest';
import { resolvePrice, type PriceInputs } from '../../domain/pricing/resolve-price.js';

const customer = (tier: NonNullable<PriceInputs['customer']>['tier']): PriceInputs['customer'] => ({
  id: 'c',
  discountPct: 0.1,
  lineDiscountPct: 0.2,
  tier,
});
const resolve = (quantity: number, c: PriceInputs['customer']) =>
  resolvePrice({ productId: 'p', defaultPrice: 10, quantity, customer: c });
const breaks = [
  { minQuantity: 10, unitPrice: 9 },
  { minQuantity: 5, unitPrice: 12 },
];

describe('resolvePrice', () => {
  it('default without a tier; the discounts are reported, never folded in', () => {
    expect(resolve(1, customer(null))).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
      appliedDiscountPct: 0.1,
      appliedLineDiscountPct: 0.2,
    });
  });
  it('tier price, then the largest break reached, which overrides the tier even when dearer', () => {
    const tier = { id: 't', price: 8, breaks };
    expect(resolve(4, customer(tier))).toMatchObject({
      resolvedPrice: 8,
      source: 'tier',
      appliedTierId: 't',
    });
    expect(resolve(5, customer(tier))).toMatchObject({ resolvedPrice: 12, source: 'quantity_break' });
    expect(resolve(10, customer(tier))).toMatchObject({ resolvedPrice: 9, source: 'quantity_break' });
  });
  it('a tier with breaks but no price keeps the default until a break is reached', () => {
    const tier = { id: 't', price: null, breaks };
    expect(resolve(1, customer(tier))).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
    });
    expect(resolve(7, customer(tier))).toMatchObject({ resolvedPrice: 12, appliedTierId: 't' });
  });
});
