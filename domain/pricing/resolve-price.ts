export type PriceSource = 'default' | 'tier' | 'quantity_break' | 'customer_discount';

export interface QuantityBreak {
  minQuantity: number;
  unitPrice: number;
}

export interface PriceInputs {
  productId: string;
  defaultPrice: number;
  quantity: number;
  customer: null | {
    id: string;
    /** The customer's standing discount: reported, never folded into the price. */
    discountPct: number | null;
    /** The customer's per-product discount, if any. */
    lineDiscountPct: number | null;
    tier: null | { id: string; price: number | null; breaks: QuantityBreak[] };
  };
}

export interface PriceResolution {
  productId: string;
  customerId: string | null;
  quantity: number;
  basePrice: number;
  resolvedPrice: number;
  source: PriceSource;
  appliedTierId: string | null;
  appliedDiscountPct: number;
  appliedLineDiscountPct: number | null;
}

/**
 * Resolution order: defaultPrice, then the customer's tier price, then the largest quantity break the
 * quantity reaches (a break overrides the tier; no stacking). source names the last step that moved it.
 */
export function resolvePrice(inputs: PriceInputs): PriceResolution {
  let resolvedPrice = inputs.defaultPrice;
  let source: PriceSource = 'default';
  let appliedTierId: string | null = null;
  const tier = inputs.customer?.tier ?? null;
  if (tier && tier.price !== null) {
    resolvedPrice = tier.price;
    source = 'tier';
    appliedTierId = tier.id;
  }
  const reached = (tier?.breaks ?? [])
    .filter((b) => inputs.quantity >= b.minQuantity)
    .sort((a, b) => b.minQuantity - a.minQuantity)[0];
  if (tier && reached) {
    resolvedPrice = reached.unitPrice;
    source = 'quantity_break';
    appliedTierId = tier.id;
  }
  return {
    productId: inputs.productId,
    customerId: inputs.customer?.id ?? null,
    quantity: inputs.quantity,
    basePrice: inputs.defaultPrice,
    resolvedPrice,
    source,
    appliedTierId,
    appliedDiscountPct: inputs.customer?.discountPct ?? 0,
    appliedLineDiscountPct: inputs.customer?.lineDiscountPct ?? null,
  };
}
