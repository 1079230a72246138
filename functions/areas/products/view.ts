import {
  effectiveAllergens,
  type AllergenSource,
  type EffectiveAllergens,
} from '../../../domain/products/allergens.js';
import { Product, ProductDetail } from '../../../schemas/products.js';
import { stockByWarehouse, stockTotals } from '../../../domain/inventory/stock.js';
import type { ProductStock } from '../inventory/public.js';
import {
  getProductsWithBoms,
  type BomLine,
  type ProductRecord,
  type ProductSupplierLink,
} from './store/products.js';
import { productSuppliersView } from './supplier-links.js';

/** A loop rather than Object.fromEntries of pairs: it runs for every row of a list page. */
const pick = (record: Record<string, unknown>, fields: readonly string[]) => {
  const picked: Record<string, unknown> = {};
  for (const f of fields) picked[f] = record[f] ?? null;
  return picked;
};

const LIST_FIELDS = Object.keys(Product.properties);
const DETAIL_FIELDS = Object.keys(ProductDetail.properties);

/** Stock-derived fields come from the product's stock item (read with the product or per list page). */
const stockView = (stock: ProductStock | null | undefined) => ({
  totalStockOnHand: stockTotals(stock?.levels ?? {}).onHand,
});

export const productSummary = (record: ProductRecord, stock: ProductStock | null | undefined) => ({
  ...pick(record as unknown as Record<string, unknown>, LIST_FIELDS),
  ...stockView(stock),
});

/** Loads the recipe tree level by level (one batch read per level) and rolls the allergens up. */
export async function allergensOf(
  orgId: string,
  record: ProductRecord,
  bom: BomLine[],
): Promise<EffectiveAllergens> {
  const sources = new Map<string, AllergenSource>([[record.id, record]]);
  const recipes = new Map<string, string[]>([[record.id, bom.map((l) => l.componentProductId)]]);
  let frontier = [...new Set(recipes.get(record.id))].filter((id) => !sources.has(id));
  while (frontier.length > 0) {
    const loaded = await getProductsWithBoms(orgId, frontier);
    for (const id of frontier) {
      const entry = loaded.get(id);
      // A component deleted from under a recipe cannot be reviewed; it counts as an unknown, empty source.
      sources.set(
        id,
        entry?.product ?? { id, containsAllergens: [], mayContainAllergens: [], allergenReviewed: false },
      );
      recipes.set(id, entry?.bom.map((l) => l.componentProductId) ?? []);
    }
    frontier = [...new Set(frontier.flatMap((id) => recipes.get(id) ?? []))].filter((id) => !sources.has(id));
  }
  return effectiveAllergens(record, (id) =>
    (recipes.get(id) ?? []).map((componentId) => sources.get(componentId)!),
  );
}

export async function productDetail(
  orgId: string,
  record: ProductRecord,
  bom: BomLine[],
  stock: ProductStock | null,
  suppliers: ProductSupplierLink[] = [],
) {
  const [effective, supplierView] = await Promise.all([
    allergensOf(orgId, record, bom),
    productSuppliersView(orgId, record, suppliers),
  ]);
  return {
    ...pick(record as unknown as Record<string, unknown>, DETAIL_FIELDS),
    ...stockView(stock),
    // Variants are not modelled.
    variants: [],
    suppliers: supplierView,
    stockLevels: stockByWarehouse(stock?.levels ?? {}),
    effectiveAllergens: effective,
  };
}
