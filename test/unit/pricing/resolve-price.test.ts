import { describe, expect, it } from 'vitest';
import { resolvePrice, type PriceInputs, type QuantityBreak } from '../../../domain/pricing/resolve-price.js';

type Customer = NonNullable<PriceInputs['customer']>;

const customer = (overrides: Partial<Customer> = {}): Customer => ({
  id: 'cust_1',
  discountPct: null,
  lineDiscountPct: null,
  tier: null,
  ...overrides,
});

const tier = (price: number | null, breaks: QuantityBreak[] = []) => ({ id: 'tier_1', price, breaks });

const resolve = (quantity: number, customerInput: Customer | null) =>
  resolvePrice({ productId: 'prod_1', defaultPrice: 10, quantity, customer: customerInput });

const BREAKS: QuantityBreak[] = [
  { minQuantity: 10, unitPrice: 7 },
  { minQuantity: 100, unitPrice: 5 },
  { minQuantity: 50, unitPrice: 6 },
];

describe('resolvePrice', () => {
  it('uses the default price without a customer', () => {
    expect(resolve(3, null)).toEqual({
      productId: 'prod_1',
      customerId: null,
      quantity: 3,
      basePrice: 10,
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
      appliedDiscountPct: 0,
      appliedLineDiscountPct: null,
    });
  });

  it('uses the default price for a customer without a tier', () => {
    expect(resolve(1, customer())).toMatchObject({
      customerId: 'cust_1',
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
    });
  });

  it('reports the standing discount without folding it into the price', () => {
    const result = resolve(1, customer({ discountPct: 0.15, tier: tier(8) }));
    expect(result.appliedDiscountPct).toBe(0.15);
    expect(result.resolvedPrice).toBe(8);
    expect(result.basePrice).toBe(10);
    expect(result.source).toBe('tier');
  });

  it('reports a missing standing discount as 0', () => {
    expect(resolve(1, customer({ discountPct: null })).appliedDiscountPct).toBe(0);
  });

  it('reports the per-product line discount as given, or null', () => {
    expect(resolve(1, customer({ lineDiscountPct: 0.05 })).appliedLineDiscountPct).toBe(0.05);
    expect(resolve(1, customer({ lineDiscountPct: null })).appliedLineDiscountPct).toBeNull();
    expect(resolve(1, customer({ lineDiscountPct: 0.05 })).resolvedPrice).toBe(10);
  });

  it("applies the customer's tier price and names the tier", () => {
    expect(resolve(1, customer({ tier: tier(8) }))).toMatchObject({
      basePrice: 10,
      resolvedPrice: 8,
      source: 'tier',
      appliedTierId: 'tier_1',
    });
  });

  it('applies a tier price of 0', () => {
    expect(resolve(1, customer({ tier: tier(0) }))).toMatchObject({ resolvedPrice: 0, source: 'tier' });
  });

  it('applies a tier price above the default price', () => {
    expect(resolve(1, customer({ tier: tier(12) }))).toMatchObject({ resolvedPrice: 12, source: 'tier' });
  });

  it('keeps the default price when the tier has no price for the product', () => {
    expect(resolve(1, customer({ tier: tier(null) }))).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
    });
  });

  it('keeps the tier price below the smallest break', () => {
    expect(resolve(9, customer({ tier: tier(8, BREAKS) }))).toMatchObject({
      resolvedPrice: 8,
      source: 'tier',
    });
  });

  it('applies a break once the quantity reaches its minimum exactly', () => {
    expect(resolve(10, customer({ tier: tier(8, BREAKS) }))).toMatchObject({
      resolvedPrice: 7,
      source: 'quantity_break',
      appliedTierId: 'tier_1',
    });
  });

  it('applies the largest break reached, whatever the order of the breaks', () => {
    expect(resolve(49.5, customer({ tier: tier(8, BREAKS) })).resolvedPrice).toBe(7);
    expect(resolve(50, customer({ tier: tier(8, BREAKS) })).resolvedPrice).toBe(6);
    expect(resolve(99, customer({ tier: tier(8, BREAKS) })).resolvedPrice).toBe(6);
    expect(resolve(100, customer({ tier: tier(8, BREAKS) })).resolvedPrice).toBe(5);
    expect(resolve(1e6, customer({ tier: tier(8, BREAKS) })).resolvedPrice).toBe(5);
  });

  it('lets a break override the tier price even when it is higher (no stacking)', () => {
    const result = resolve(20, customer({ tier: tier(4, [{ minQuantity: 10, unitPrice: 9 }]) }));
    expect(result).toMatchObject({ resolvedPrice: 9, source: 'quantity_break' });
  });

  it('applies a break of a tier that has no price for the product, naming the tier', () => {
    expect(resolve(60, customer({ tier: tier(null, BREAKS) }))).toMatchObject({
      resolvedPrice: 6,
      source: 'quantity_break',
      appliedTierId: 'tier_1',
    });
    expect(resolve(5, customer({ tier: tier(null, BREAKS) }))).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
    });
  });

  it('applies a break with a unit price of 0', () => {
    const result = resolve(10, customer({ tier: tier(8, [{ minQuantity: 10, unitPrice: 0 }]) }));
    expect(result).toMatchObject({ resolvedPrice: 0, source: 'quantity_break' });
  });

  it('never reports customer_discount as the source', () => {
    for (const quantity of [1, 10, 50, 100]) {
      for (const tierInput of [null, tier(null), tier(8), tier(8, BREAKS), tier(null, BREAKS)]) {
        const result = resolve(
          quantity,
          customer({ discountPct: 0.5, lineDiscountPct: 0.1, tier: tierInput }),
        );
        expect(result.source).not.toBe('customer_discount');
      }
    }
  });

  it('echoes the product, customer and quantity', () => {
    const result = resolvePrice({
      productId: 'prod_9',
      defaultPrice: 2.5,
      quantity: 0.75,
      customer: customer({ id: 'cust_9' }),
    });
    expect(result).toMatchObject({
      productId: 'prod_9',
      customerId: 'cust_9',
      quantity: 0.75,
      basePrice: 2.5,
    });
  });

  it('does not reorder the breaks it is given', () => {
    const breaks = BREAKS.map((b) => ({ ...b }));
    resolve(100, customer({ tier: tier(8, breaks) }));
    expect(breaks).toEqual(BREAKS);
  });
});

// Merged from the former test/unit/resolve-price.test.ts: whole scenarios with both discounts set.
describe('resolvePrice scenarios with standing and line discounts', () => {
  const discounted = (tierInput: Customer['tier']): Customer =>
    customer({ id: 'c', discountPct: 0.1, lineDiscountPct: 0.2, tier: tierInput });
  const breaks = [
    { minQuantity: 10, unitPrice: 9 },
    { minQuantity: 5, unitPrice: 12 },
  ];

  it('default without a tier; the discounts are reported, never folded in', () => {
    expect(resolve(1, discounted(null))).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
      appliedDiscountPct: 0.1,
      appliedLineDiscountPct: 0.2,
    });
  });
  it('tier price, then the largest break reached, which overrides the tier even when dearer', () => {
    const tier = { id: 't', price: 8, breaks };
    expect(resolve(4, discounted(tier))).toMatchObject({
      resolvedPrice: 8,
      source: 'tier',
      appliedTierId: 't',
    });
    expect(resolve(5, discounted(tier))).toMatchObject({ resolvedPrice: 12, source: 'quantity_break' });
    expect(resolve(10, discounted(tier))).toMatchObject({ resolvedPrice: 9, source: 'quantity_break' });
  });
  it('a tier with breaks but no price keeps the default until a break is reached', () => {
    const tier = { id: 't', price: null, breaks };
    expect(resolve(1, discounted(tier))).toMatchObject({
      resolvedPrice: 10,
      source: 'default',
      appliedTierId: null,
    });
    expect(resolve(7, discounted(tier))).toMatchObject({ resolvedPrice: 12, appliedTierId: 't' });
  });
});
