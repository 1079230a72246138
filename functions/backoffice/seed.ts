import { createId } from '@paralleldrive/cuid2';
import { ApiError } from '../../domain/errors.js';
import { endpointByRouteKey } from '../catalogue.js';
import { validateAgainst } from '../http/validate.js';
import { inventoryOperations } from '../inventory/operations.js';
import { productOperations } from '../products/operations.js';
import type { Operation } from '../http/types.js';
import { createJournal } from '../store/journal.js';
import { backOfficeActor } from './actor.js';
import { createBatch } from './batches.js';
import { createCategory, createUnitOfMeasure, setBom } from './catalogue-data.js';
import { requireOrganisation } from './organisations.js';
import { addBin, addZone, createWarehouse } from './warehouses.js';

/** Runs an API use case as the back office, so every rule, event and audit entry applies. */
async function runAs(orgId: string, operation: Operation, routeKey: string, body: unknown) {
  const context = { auth: backOfficeActor(orgId), requestId: `seed_${createId()}`, now: new Date() };
  return operation({
    ...context,
    endpoint: endpointByRouteKey(routeKey)!,
    params: {},
    query: {},
    body,
    journal: createJournal(context),
  });
}

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
  const products = [];
  for (const definition of definitions) {
    const body = validateAgainst('ProductCreate', definition);
    try {
      const output = await runAs(orgId, productOperations.createProduct!, 'POST /api/v1/products', body);
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
  const warehouse = await createWarehouse({ orgId, code: `MAIN-${suffix}`, name: `Main store ${suffix}` });
  const zone = await addZone({
    orgId,
    warehouseId: warehouse.id,
    name: 'Ambient racking',
    zoneType: 'STORAGE',
    category: 'AMBIENT',
  });
  const bin = await addBin({ orgId, zoneId: zone.id, code: 'A-01', capacity: 1000 });
  const lot = await createBatch({ orgId, productId: croissant!.id, batchNumber: `CR-${suffix}` });
  const opening = await runAs(
    orgId,
    inventoryOperations.createStockAdjustment!,
    'POST /api/v1/stock-adjustments',
    validateAgainst('StockAdjustmentCreate', {
      reason: 'FOUND',
      notes: 'Opening stock (demo data)',
      lines: [
        {
          productId: flour!.id,
          warehouseId: warehouse.id,
          binId: bin.id,
          quantityChange: 25,
          costPerUnit: 1.2,
        },
        {
          productId: butter!.id,
          warehouseId: warehouse.id,
          binId: bin.id,
          quantityChange: 10,
          costPerUnit: 6,
        },
        { productId: croissant!.id, warehouseId: warehouse.id, batchId: lot.id, quantityChange: 24 },
      ],
    }),
  );
  return {
    categories: [bakery, dairy],
    unitsOfMeasure: [each, kg, carton],
    products: products.map((p) => ({ id: p.id, sku: p.sku, name: p.name })),
    warehouses: [{ id: warehouse.id, code: warehouse.code, zoneId: zone.id, binId: bin.id }],
    batches: [{ id: lot.id, batchNumber: lot.batchNumber }],
    stockAdjustments: [opening.body],
  };
}
