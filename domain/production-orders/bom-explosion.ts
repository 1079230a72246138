/**
 * A production order's INPUT lines from its product's bill of materials (spec: Product bill of materials,
 * isPhantom "sub-recipe exploded inline"). A phantom ingredient is never consumed itself: its own recipe's
 * lines take its place, their quantities multiplied through the phantom line's quantity and wastage, to
 * any depth up to MAX_PHANTOM_DEPTH. A product met again on its own path (a cycle in the recipe data) is
 * refused rather than exploded for ever.
 */
import { unprocessable } from '../errors.js';

export const MAX_PHANTOM_DEPTH = 10;
/** The spec's production-order line cap (1000) less the OUTPUT line's place. */
export const MAX_INPUT_LINES = 999;

export interface RecipeLine {
  componentProductId: string;
  /** Per one base unit of the parent. */
  quantity: number;
  /** A percentage 0-100. */
  wastagePercent: number;
  isPhantom: boolean;
  sortOrder: number;
  group: string | null;
}

/** What the explosion reads: products (absent = not in the organisation) and recipes (absent = none). */
export interface RecipeBook {
  product(id: string): { id: string; sku: string; name: string } | undefined;
  recipe(id: string): readonly RecipeLine[] | undefined;
}

export interface ExplodedLine {
  product: { id: string; sku: string; name: string };
  /** Per one unit of the order's product, before this line's own wastage. */
  quantityPerUnit: number;
  wastagePercent: number;
  group: string | null;
  phantomProductId: string | null;
}

const inRecipeOrder = (lines: readonly RecipeLine[]) =>
  lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.sortOrder - b.line.sortOrder || a.index - b.index)
    .map((x) => x.line);

export function explodeBom(rootId: string, book: RecipeBook): ExplodedLine[] {
  const root = book.product(rootId);
  if (!root) throw unprocessable(`Product ${rootId} not found`);
  const recipe = book.recipe(rootId) ?? [];
  if (recipe.length === 0)
    throw unprocessable(`Product ${root.sku} has no bill of materials to produce it from`);
  const out: ExplodedLine[] = [];
  const visit = (
    lines: readonly RecipeLine[],
    factor: number,
    path: string[],
    phantom: { id: string; group: string | null } | null,
  ) => {
    for (const line of inRecipeOrder(lines)) {
      const product = book.product(line.componentProductId);
      if (!product) {
        throw unprocessable(
          `An ingredient of ${root.sku} (product ${line.componentProductId}) no longer exists`,
        );
      }
      if (path.includes(product.id)) {
        throw unprocessable(
          `The bill of materials of ${root.sku} is circular: ${product.sku} is an ingredient of itself`,
        );
      }
      const quantity = factor * line.quantity;
      if (!line.isPhantom) {
        out.push({
          product,
          quantityPerUnit: quantity,
          wastagePercent: line.wastagePercent,
          group: line.group ?? phantom?.group ?? null,
          phantomProductId: phantom?.id ?? null,
        });
        if (out.length > MAX_INPUT_LINES) {
          throw unprocessable(
            `The bill of materials of ${root.sku} explodes into more than ${MAX_INPUT_LINES} input lines`,
          );
        }
        continue;
      }
      if (path.length > MAX_PHANTOM_DEPTH) {
        throw unprocessable(
          `Phantom sub-recipes of ${root.sku} nest deeper than ${MAX_PHANTOM_DEPTH} levels`,
        );
      }
      const sub = book.recipe(product.id) ?? [];
      if (sub.length === 0) {
        throw unprocessable(`Phantom ingredient ${product.sku} has no bill of materials to explode`);
      }
      visit(sub, quantity * (1 + line.wastagePercent / 100), [...path, product.id], {
        id: product.id,
        group: line.group ?? phantom?.group ?? null,
      });
    }
  };
  visit(recipe, 1, [rootId], null);
  return out;
}

/** The phantom ingredients of the given recipes: the products whose own recipes the explosion reads next. */
export const phantomsOf = (lines: readonly RecipeLine[]): string[] => [
  ...new Set(lines.filter((l) => l.isPhantom).map((l) => l.componentProductId)),
];
