export const ALLERGENS = [
  'GLUTEN',
  'CRUSTACEANS',
  'EGGS',
  'FISH',
  'PEANUTS',
  'SOYBEANS',
  'MILK',
  'TREE_NUTS',
  'CELERY',
  'MUSTARD',
  'SESAME',
  'SULPHITES',
  'LUPIN',
  'MOLLUSCS',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export interface AllergenSource {
  id: string;
  containsAllergens: Allergen[];
  mayContainAllergens: Allergen[];
  allergenReviewed: boolean;
}

export interface EffectiveAllergens {
  contains: Allergen[];
  mayContain: Allergen[];
  reviewed: boolean;
  unreviewedIngredientCount: number;
}

const ordered = (set: Set<Allergen>): Allergen[] => ALLERGENS.filter((a) => set.has(a));

/**
 * Rolls allergens up over the recipe. `ingredientsOf` returns the direct components of a product; every
 * distinct ingredient reachable below the root counts once, and a cycle in bad BOM data cannot loop.
 * contains wins over mayContain.
 */
export function effectiveAllergens(
  root: AllergenSource,
  ingredientsOf: (productId: string) => AllergenSource[],
): EffectiveAllergens {
  const contains = new Set<Allergen>(root.containsAllergens);
  const mayContain = new Set<Allergen>(root.mayContainAllergens);
  const seen = new Set<string>([root.id]);
  let unreviewed = 0;
  const queue = [...ingredientsOf(root.id)];
  while (queue.length > 0) {
    const ingredient = queue.shift()!;
    if (seen.has(ingredient.id)) continue;
    seen.add(ingredient.id);
    ingredient.containsAllergens.forEach((a) => contains.add(a));
    ingredient.mayContainAllergens.forEach((a) => mayContain.add(a));
    if (!ingredient.allergenReviewed) unreviewed += 1;
    queue.push(...ingredientsOf(ingredient.id));
  }
  contains.forEach((a) => mayContain.delete(a));
  return {
    contains: ordered(contains),
    mayContain: ordered(mayContain),
    reviewed: root.allergenReviewed && unreviewed === 0,
    unreviewedIngredientCount: unreviewed,
  };
}
