import { describe, expect, it } from 'vitest';
import {
  explodeBom,
  MAX_INPUT_LINES,
  MAX_PHANTOM_DEPTH,
  type RecipeBook,
} from '../../../domain/production-orders/bom-explosion.js';
import { plannedInput } from '../../../domain/production-orders/production-order.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { book, line } from './fixtures.js';

describe('explodeBom', () => {
  it('lists the recipe lines in sortOrder (then stored order) with their quantities, wastage and groups', () => {
    const lines = explodeBom(
      'cake',
      book({
        cake: [
          line('sugar', 0.2, { sortOrder: 2, group: 'Dry' }),
          line('flour', 0.5, { sortOrder: 1, wastagePercent: 10, group: 'Dry' }),
          line('eggs', 2, { sortOrder: 2 }),
        ],
      }),
    );
    expect(lines.map((l) => [l.product.id, l.quantityPerUnit, l.wastagePercent, l.group])).toEqual([
      ['flour', 0.5, 10, 'Dry'],
      ['sugar', 0.2, 0, 'Dry'],
      ['eggs', 2, 0, null],
    ]);
    expect(lines[0]!.product).toEqual({ id: 'flour', sku: 'FLOUR', name: 'Product flour' });
    expect(lines.every((l) => l.phantomProductId === null)).toBe(true);
  });

  it('planned input = order quantity x line quantity x (1 + wastagePercent / 100)', () => {
    expect(plannedInput(10, { quantityPerUnit: 0.5, wastagePercent: 10 })).toBe(5.5);
    expect(plannedInput(3, { quantityPerUnit: 0.1, wastagePercent: 0 })).toBe(0.3);
    expect(plannedInput(7, { quantityPerUnit: 2, wastagePercent: 2.5 })).toBe(14.35);
  });

  it('explodes a phantom inline, multiplying its lines through the phantom line quantity and wastage', () => {
    const lines = explodeBom(
      'cake',
      book({
        cake: [
          line('flour', 1),
          line('icing', 0.5, { isPhantom: true, wastagePercent: 20, group: 'Topping' }),
          line('box', 1),
        ],
        icing: [line('sugar', 0.8, { wastagePercent: 5 }), line('butter', 0.2, { group: 'Fat' })],
      }),
    );
    expect(
      lines.map((l) => [l.product.id, l.quantityPerUnit, l.wastagePercent, l.group, l.phantomProductId]),
    ).toEqual([
      ['flour', 1, 0, null, null],
      // 0.5 x 1.2 = 0.6 of icing per cake: 0.6 x 0.8 sugar (its own 5 % wastage kept on the line).
      ['sugar', 0.6 * 0.8, 5, 'Topping', 'icing'],
      ['butter', 0.6 * 0.2, 0, 'Fat', 'icing'],
      ['box', 1, 0, null, null],
    ]);
    // 10 cakes: 10 x 0.48 x 1.05 sugar.
    expect(plannedInput(10, lines[1]!)).toBe(5.04);
    expect(lines.map((l) => l.product.id)).not.toContain('icing');
  });

  it('explodes nested phantoms, each level multiplied through', () => {
    const lines = explodeBom(
      'cake',
      book({
        cake: [line('mix', 2, { isPhantom: true })],
        mix: [line('base', 3, { isPhantom: true, wastagePercent: 50 })],
        base: [line('flour', 0.25)],
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      product: { id: 'flour' },
      quantityPerUnit: 2 * 3 * 1.5 * 0.25,
      phantomProductId: 'base',
    });
  });

  it('refuses a product without a bill of materials, a phantom without one and a missing ingredient', () => {
    expect(catchApiError(() => explodeBom('cake', book({}))).message).toBe(
      'Product CAKE has no bill of materials to produce it from',
    );
    expect(catchApiError(() => explodeBom('cake', book({ cake: [] }))).status).toBe(422);
    expect(
      catchApiError(() => explodeBom('cake', book({ cake: [line('icing', 1, { isPhantom: true })] })))
        .message,
    ).toBe('Phantom ingredient ICING has no bill of materials to explode');
    expect(catchApiError(() => explodeBom('cake', book({ cake: [line('gone', 1)] }, ['gone']))).message).toBe(
      'An ingredient of CAKE (product gone) no longer exists',
    );
    expect(catchApiError(() => explodeBom('gone', book({}, ['gone']))).status).toBe(422);
  });

  it('refuses circular recipes instead of exploding for ever', () => {
    const viaPhantom = catchApiError(() =>
      explodeBom(
        'cake',
        book({
          cake: [line('a', 1, { isPhantom: true })],
          a: [line('b', 1, { isPhantom: true })],
          b: [line('a', 1, { isPhantom: true })],
        }),
      ),
    );
    expect(viaPhantom.status).toBe(422);
    expect(viaPhantom.message).toBe(
      'The bill of materials of CAKE is circular: A is an ingredient of itself',
    );
    expect(
      catchApiError(() =>
        explodeBom('cake', book({ cake: [line('a', 1, { isPhantom: true })], a: [line('cake', 1)] })),
      ).message,
    ).toBe('The bill of materials of CAKE is circular: CAKE is an ingredient of itself');
  });

  it(`refuses phantoms nested deeper than ${MAX_PHANTOM_DEPTH} levels`, () => {
    const chain = (depth: number) => {
      const recipes: Record<string, ReturnType<typeof line>[]> = {};
      let parent = 'cake';
      for (let i = 1; i <= depth; i += 1) {
        recipes[parent] = [line(`p${i}`, 1, { isPhantom: true })];
        parent = `p${i}`;
      }
      recipes[parent] = [line('flour', 1)];
      return book(recipes);
    };
    expect(explodeBom('cake', chain(MAX_PHANTOM_DEPTH))).toHaveLength(1);
    expect(catchApiError(() => explodeBom('cake', chain(MAX_PHANTOM_DEPTH + 1))).message).toBe(
      `Phantom sub-recipes of CAKE nest deeper than ${MAX_PHANTOM_DEPTH} levels`,
    );
    // The loader stops reading below the limit: the too-deep phantom's recipe is not there to read.
    const unread = chain(MAX_PHANTOM_DEPTH + 1);
    const cut: RecipeBook = {
      ...unread,
      recipe: (id) => (id === `p${MAX_PHANTOM_DEPTH + 1}` ? undefined : unread.recipe(id)),
    };
    expect(catchApiError(() => explodeBom('cake', cut)).message).toBe(
      `Phantom sub-recipes of CAKE nest deeper than ${MAX_PHANTOM_DEPTH} levels`,
    );
  });

  it(`refuses a recipe exploding into more than ${MAX_INPUT_LINES} input lines`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => line(`i${i % 5}`, 1));
    expect(explodeBom('cake', book({ cake: many(MAX_INPUT_LINES) }))).toHaveLength(MAX_INPUT_LINES);
    const phantomBlowUp = book({
      cake: Array.from({ length: 40 }, () => line('mix', 1, { isPhantom: true })),
      mix: many(25),
    });
    expect(catchApiError(() => explodeBom('cake', phantomBlowUp)).message).toBe(
      `The bill of materials of CAKE explodes into more than ${MAX_INPUT_LINES} input lines`,
    );
  });
});
