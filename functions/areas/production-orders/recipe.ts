/**
 * Reads what explodeBom needs: the order's product and its recipe, every ingredient's product, and the
 * recipes of phantom ingredients, level by level (one round of batch reads per phantom level; plain
 * ingredients are read beside the next level). A phantom already read is not read again, so circular
 * recipe data ends the loop; explodeBom reports it.
 */
import {
  MAX_PHANTOM_DEPTH,
  phantomsOf,
  type RecipeBook,
  type RecipeLine,
} from '../../../domain/production-orders/bom-explosion.js';
import { readBatch } from '../../platform/dynamo/read-batch.js';
import {
  getProductsWithBoms,
  productKey,
  products as productRecords,
  type ProductRecord,
} from '../products/public.js';

export interface LoadedRecipes extends RecipeBook {
  record(id: string): ProductRecord | undefined;
}

export async function loadRecipes(orgId: string, rootId: string): Promise<LoadedRecipes> {
  const products = new Map<string, ProductRecord>();
  const recipes = new Map<string, RecipeLine[]>();
  let withRecipes = [rootId];
  let plain: string[] = [];
  for (
    let level = 0;
    (withRecipes.length > 0 || plain.length > 0) && level <= MAX_PHANTOM_DEPTH + 1;
    level += 1
  ) {
    const b = readBatch();
    const plainReads = plain.map((id) => [id, b.get(productRecords, productKey(orgId, id))] as const);
    const [loaded] = await Promise.all([getProductsWithBoms(orgId, withRecipes), b.run()]);
    for (const id of withRecipes) {
      const entry = loaded.get(id);
      recipes.set(id, entry?.bom ?? []);
      if (entry) products.set(id, entry.product);
    }
    for (const [id, read] of plainReads) if (read.value) products.set(id, read.value);
    const lines = withRecipes.flatMap((id) => recipes.get(id) ?? []);
    withRecipes = phantomsOf(lines).filter((id) => !recipes.has(id));
    const next = new Set(withRecipes);
    plain = [...new Set(lines.filter((l) => !l.isPhantom).map((l) => l.componentProductId))].filter(
      (id) => !products.has(id) && !next.has(id),
    );
  }
  return {
    record: (id) => products.get(id),
    product: (id) => {
      const p = products.get(id);
      return p ? { id: p.id, sku: p.sku, name: p.name } : undefined;
    },
    recipe: (id) => recipes.get(id),
  };
}
