import type {
  ExplodedLine,
  RecipeBook,
  RecipeLine,
} from '../../../domain/production-orders/bom-explosion.js';
import {
  createProductionOrder,
  type ProductionOrder,
} from '../../../domain/production-orders/production-order.js';

export const ref = (id: string) => ({ id, sku: id.toUpperCase(), name: `Product ${id}` });

export const line = (
  componentProductId: string,
  quantity: number,
  extra: Partial<RecipeLine> = {},
): RecipeLine => ({
  componentProductId,
  quantity,
  wastagePercent: 0,
  isPhantom: false,
  sortOrder: 0,
  group: null,
  ...extra,
});

/** A recipe book over in-memory recipes; every id named anywhere is a product unless listed as missing. */
export function book(recipes: Record<string, RecipeLine[]>, missing: string[] = []): RecipeBook {
  return {
    product: (id) => (missing.includes(id) ? undefined : ref(id)),
    recipe: (id) => recipes[id],
  };
}

export const NOW = '2030-01-15T10:00:00.000Z';

export function order(
  inputs: ExplodedLine[],
  quantity = 10,
  extra: { sequence?: number } = {},
): ProductionOrder {
  return createProductionOrder(
    {
      product: ref('cake'),
      plannedQuantity: quantity,
      warehouse: { id: 'w1', code: 'MAIN' },
      plannedStartDate: null,
      priority: null,
      salesOrder: null,
      inputs,
    },
    {
      id: 'mo1',
      sequence: extra.sequence ?? 1,
      now: NOW,
      lineIds: ['out', ...inputs.map((_, i) => `in${i + 1}`)],
    },
  );
}

export const exploded = (id: string, quantityPerUnit: number, wastagePercent = 0): ExplodedLine => ({
  product: ref(id),
  quantityPerUnit,
  wastagePercent,
  group: null,
  phantomProductId: null,
});
