import { createId } from '@paralleldrive/cuid2';
import { ApiError } from '../../domain/errors.js';
import { endpointByRouteKey } from '../catalogue.js';
import { validateAgainst } from '../http/validate.js';
import { productOperations } from '../products/operations.js';
import { createJournal } from '../store/journal.js';
import { backOfficeActor } from './actor.js';
import { createCategory, createUnitOfMeasure, setBom } from './catalogue-data.js';
import { requireOrganisation } from './organisations.js';

/**
 * Demo catalogue data: categories, units of measure and a few products (one with a recipe), created through
 * the same use cases as the API so every rule, event and audit entry applies.
 */
export async function seedDemoData(orgId: string) {
  await requireOrganisation(orgId);
  const [bakery, dairy] = [
    await createCategory({ orgId, name: 'Bakery', sortOrder: 1 }),
    await createCategory({ orgId, name: 'Dairy', sortOrder: 2 }),
  ];
  const each = await createUnitOfMeasure({ orgId, name: 'Each', abbreviation: 'ea', type: 'UNIT' });
  const kg = await createUnitOfMeasure({ orgId, name: 'Kilogram', abbreviation: 'kg', type: 'WEIGHT' });
  const carton = await createUnitOfMeasure({ orgId, name: 'Carton', abbreviation: 'ctn', type: 'UNIT' });
  const suffix = createId().slice(0, 6).toUpperCase();
  const definitions = [
    {
      sku: `FLOUR-${suffix}`,
      name: `Wheat flour ${suffix}`,
      categoryId: bakery.id,
      unitOfMeasureId: kg.id,
      costPrice: 1.2,
      defaultPrice: 2.5,
      containsAllergens: ['GLUTEN'],
      allergenReviewed: true,
    },
    {
      sku: `BUTTER-${suffix}`,
      name: `Butter ${suffix}`,
      categoryId: dairy.id,
      unitOfMeasureId: kg.id,
      costPrice: 6,
      defaultPrice: 9.5,
      containsAllergens: ['MILK'],
      allergenReviewed: true,
    },
    {
      sku: `CROISSANT-${suffix}`,
      name: `Croissant ${suffix}`,
      categoryId: bakery.id,
      unitOfMeasureId: each.id,
      saleUomId: carton.id,
      unitsPerSaleUom: 12,
      defaultPrice: 3.2,
      taxRate: 0.15,
      productType: 'ASSEMBLED',
      isBatchTracked: true,
      shelfLifeDays: 3,
      mayContainAllergens: ['SESAME'],
    },
  ];
  const endpoint = endpointByRouteKey('POST /api/v1/products')!;
  const products = [];
  for (const definition of definitions) {
    const body = validateAgainst('ProductCreate', definition);
    try {
      const context = { auth: backOfficeActor(orgId), requestId: `seed_${createId()}`, now: new Date() };
      const output = await productOperations.createProduct!({
        ...context,
        endpoint,
        params: {},
        query: {},
        body,
        journal: createJournal(context),
      });
      products.push(output.body as { id: string; sku: string; name: string });
    } catch (error) {
      throw error instanceof ApiError ? new Error(`seed product ${definition.sku}: ${error.message}`) : error;
    }
  }
  const [flour, butter, croissant] = products;
  await setBom({
    orgId,
    productId: croissant!.id,
    lines: [
      { componentProductId: flour!.id, quantity: 0.05, wastagePercent: 2 },
      { componentProductId: butter!.id, quantity: 0.02 },
    ],
  });
  return {
    categories: [bakery, dairy],
    unitsOfMeasure: [each, kg, carton],
    products: products.map((p) => ({ id: p.id, sku: p.sku, name: p.name })),
  };
}
