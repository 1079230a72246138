import { describe, expect, it, vi } from 'vitest';
import {
  ALLERGENS,
  effectiveAllergens,
  type Allergen,
  type AllergenSource,
} from '../../../domain/products/allergens.js';

const source = (
  id: string,
  options: { contains?: Allergen[]; mayContain?: Allergen[]; reviewed?: boolean } = {},
): AllergenSource => ({
  id,
  containsAllergens: options.contains ?? [],
  mayContainAllergens: options.mayContain ?? [],
  allergenReviewed: options.reviewed ?? true,
});

/** A recipe as a map from product id to its direct ingredients. */
const recipeOf =
  (recipe: Record<string, AllergenSource[]>) =>
  (productId: string): AllergenSource[] =>
    recipe[productId] ?? [];

describe('ALLERGENS', () => {
  it('lists the 14 allergens in catalogue order', () => {
    expect(ALLERGENS).toEqual([
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
    ]);
  });
});

describe('effectiveAllergens', () => {
  it('returns the root own allergens when it has no ingredients', () => {
    const root = source('root', { contains: ['MILK'], mayContain: ['SESAME'], reviewed: true });
    expect(effectiveAllergens(root, recipeOf({}))).toEqual({
      contains: ['MILK'],
      mayContain: ['SESAME'],
      reviewed: true,
      unreviewedIngredientCount: 0,
    });
  });

  it('asks for the ingredients of the root and of each ingredient', () => {
    const ingredientsOf = vi.fn(recipeOf({ root: [source('a')], a: [source('b')] }));
    effectiveAllergens(source('root'), ingredientsOf);
    expect(ingredientsOf.mock.calls.map(([id]) => id)).toEqual(['root', 'a', 'b']);
  });

  it('rolls allergens up recursively over every level of the recipe', () => {
    const recipe = recipeOf({
      root: [source('flour', { contains: ['GLUTEN'] }), source('filling')],
      filling: [source('cream', { contains: ['MILK'] }), source('praline')],
      praline: [source('nuts', { contains: ['TREE_NUTS'], mayContain: ['PEANUTS'] })],
    });
    const result = effectiveAllergens(source('root', { mayContain: ['SESAME'] }), recipe);
    expect(result.contains).toEqual(['GLUTEN', 'MILK', 'TREE_NUTS']);
    expect(result.mayContain).toEqual(['PEANUTS', 'SESAME']);
  });

  it('lets contains win over mayContain, wherever each was declared', () => {
    const recipe = recipeOf({
      root: [
        source('a', { contains: ['MILK'], mayContain: ['EGGS'] }),
        source('b', { mayContain: ['FISH'] }),
      ],
      b: [source('c', { contains: ['EGGS'] })],
    });
    const root = source('root', { mayContain: ['MILK', 'MUSTARD'], contains: ['FISH'] });
    const result = effectiveAllergens(root, recipe);
    expect(result.contains).toEqual(['EGGS', 'FISH', 'MILK']);
    expect(result.mayContain).toEqual(['MUSTARD']);
  });

  it('drops an allergen from mayContain when the same product also declares it as contains', () => {
    const root = source('root', { contains: ['CELERY'], mayContain: ['CELERY', 'LUPIN'] });
    const result = effectiveAllergens(root, recipeOf({}));
    expect(result.contains).toEqual(['CELERY']);
    expect(result.mayContain).toEqual(['LUPIN']);
  });

  it('returns both lists in catalogue order, without duplicates', () => {
    const recipe = recipeOf({
      root: [
        source('a', { contains: ['MOLLUSCS', 'GLUTEN'] }),
        source('b', { contains: ['GLUTEN', 'EGGS'] }),
      ],
    });
    const root = source('root', {
      contains: ['SULPHITES', 'CRUSTACEANS', 'SULPHITES'],
      mayContain: ['SESAME', 'CELERY', 'SESAME'],
    });
    const result = effectiveAllergens(root, recipe);
    expect(result.contains).toEqual(['GLUTEN', 'CRUSTACEANS', 'EGGS', 'SULPHITES', 'MOLLUSCS']);
    expect(result.mayContain).toEqual(['CELERY', 'SESAME']);
  });

  it('does not modify the sources it reads', () => {
    const root = source('root', { contains: ['MILK'], mayContain: ['MILK'] });
    const ingredient = source('a', { contains: ['EGGS'] });
    effectiveAllergens(root, recipeOf({ root: [ingredient] }));
    expect(root.mayContainAllergens).toEqual(['MILK']);
    expect(ingredient.containsAllergens).toEqual(['EGGS']);
  });

  describe('review status', () => {
    it('is reviewed when the root and every ingredient are reviewed', () => {
      const recipe = recipeOf({ root: [source('a')], a: [source('b')] });
      expect(effectiveAllergens(source('root', { reviewed: true }), recipe)).toMatchObject({
        reviewed: true,
        unreviewedIngredientCount: 0,
      });
    });

    it('is not reviewed when the root itself is not, even with every ingredient reviewed', () => {
      const recipe = recipeOf({ root: [source('a')] });
      expect(effectiveAllergens(source('root', { reviewed: false }), recipe)).toMatchObject({
        reviewed: false,
        unreviewedIngredientCount: 0,
      });
    });

    it('is not reviewed when a deep ingredient is not, and counts it', () => {
      const recipe = recipeOf({
        root: [source('a')],
        a: [source('b')],
        b: [source('c', { reviewed: false })],
      });
      expect(effectiveAllergens(source('root'), recipe)).toMatchObject({
        reviewed: false,
        unreviewedIngredientCount: 1,
      });
    });

    it('counts each distinct unreviewed ingredient once, however many paths reach it', () => {
      const shared = source('shared', { reviewed: false });
      const recipe = recipeOf({
        root: [source('a'), source('b', { reviewed: false }), shared],
        a: [shared, source('c', { reviewed: false })],
        b: [shared],
      });
      expect(effectiveAllergens(source('root'), recipe).unreviewedIngredientCount).toBe(3);
    });

    it('counts an ingredient listed twice under the same parent once', () => {
      const twice = source('a', { reviewed: false });
      expect(
        effectiveAllergens(source('root'), recipeOf({ root: [twice, twice] })).unreviewedIngredientCount,
      ).toBe(1);
    });
  });

  describe('cycles in bad BOM data', () => {
    it('terminates on a cycle between ingredients and counts each once', () => {
      const recipe = recipeOf({
        root: [source('a', { reviewed: false, contains: ['EGGS'] })],
        a: [source('b', { reviewed: false, mayContain: ['FISH'] })],
        b: [source('a', { reviewed: false, contains: ['EGGS'] })],
      });
      expect(effectiveAllergens(source('root'), recipe)).toEqual({
        contains: ['EGGS'],
        mayContain: ['FISH'],
        reviewed: false,
        unreviewedIngredientCount: 2,
      });
    });

    it('terminates when an ingredient leads back to the root, which is never counted as an ingredient', () => {
      const recipe = recipeOf({
        root: [source('a', { contains: ['SOYBEANS'] })],
        a: [source('root', { reviewed: false, contains: ['PEANUTS'] })],
      });
      const result = effectiveAllergens(source('root', { reviewed: true }), recipe);
      expect(result).toEqual({
        contains: ['SOYBEANS'],
        mayContain: [],
        reviewed: true,
        unreviewedIngredientCount: 0,
      });
    });

    it('terminates when a product lists itself as an ingredient', () => {
      const self = source('a', { reviewed: false, contains: ['LUPIN'] });
      const recipe = recipeOf({ root: [self], a: [self] });
      expect(effectiveAllergens(source('root'), recipe)).toMatchObject({
        contains: ['LUPIN'],
        unreviewedIngredientCount: 1,
      });
    });
  });
});
