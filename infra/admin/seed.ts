import { createId } from '@paralleldrive/cuid2';
import { ApiError } from '../../domain/errors.js';
import { endpointByRouteKey } from '../../functions/catalogue.js';
import { validateAgainst } from '../../functions/platform/back-office/validate-input.js';
import { customerOperations } from '../../functions/areas/customers/operations.js';
import { productOperations } from '../../functions/areas/products/operations.js';
import '../../functions/ports.js';
import { supplierOperations } from '../../functions/areas/suppliers/operations.js';
import { inventoryOperations } from '../../functions/areas/inventory/operations.js';
import { createJournal } from '../../functions/platform/journal/journal.js';
import { NO_PRECONDITIONS } from '../../functions/platform/http/etag.js';
import { backOfficeActor } from '../../functions/platform/back-office/actor.js';
import { createBatch } from '../../functions/areas/inventory/steps/batches.js';
import { createCategory } from '../../functions/areas/products/steps/categories.js';
import { createUnitOfMeasure } from '../../functions/areas/products/steps/units-of-measure.js';
import { setBom } from '../../functions/areas/products/steps/bom.js';
import { requireOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import {
  addTierBreak,
  createPriceTier,
  setTierPrice,
} from '../../functions/areas/pricing/steps/price-tiers.js';
import {
  createCustomerGroup,
  createSalesRep,
} from '../../functions/areas/customers/steps/sales-reference.js';
import { addSupplierLocation } from '../../functions/areas/suppliers/steps/locations.js';
import { setSupplierPrice } from '../../functions/areas/suppliers/steps/price-list.js';
import { addBin, addZone, createWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';

/**
 * Demo data: categories, units of measure, a few products (one with a recipe), a customer on a price tier
 * with its group and sales rep, and a supplier with a location and a preferred price, created through the
 * same use cases as the API (and the back office) so every rule, event and audit entry applies.
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
    products.push(
      await runCreate<{ id: string; sku: string; name: string }>(
        orgId,
        'products',
        'ProductCreate',
        definition,
      ),
    );
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
  const cafes = await createCustomerGroup({ orgId, name: 'Cafes' });
  const rep = await createSalesRep({ orgId, name: 'Sam Seller', email: 'sam@example.com' });
  const trade = await createPriceTier({ orgId, name: 'Trade' });
  await setTierPrice({ orgId, tierId: trade.id, productId: flour!.id, price: 2.2 });
  await addTierBreak({ orgId, tierId: trade.id, productId: flour!.id, minQuantity: 25, unitPrice: 1.95 });
  const customer = await runCreate<{ id: string; code: string; name: string }>(
    orgId,
    'customers',
    'CustomerCreate',
    {
      code: `CAFE-${suffix}`,
      name: `Corner Cafe ${suffix}`,
      email: 'orders@corner-cafe.example',
      phone: '04 555 0100',
      address: '12 Cuba Street',
      location: 'Wellington',
      priceTierId: trade.id,
      customerGroupId: cafes.id,
      salesRepId: rep.id,
    },
  );
  const supplier = await runCreate<{ id: string; code: string; name: string }>(
    orgId,
    'suppliers',
    'SupplierCreate',
    {
      code: `MILL-${suffix}`,
      name: `Stone Mill ${suffix}`,
      email: 'sales@stone-mill.example',
    },
  );
  await addSupplierLocation({
    orgId,
    supplierId: supplier.id,
    name: 'Mill',
    city: 'Ashburton',
    isDefaultShipping: true,
    isDefaultBilling: true,
  });
  await setSupplierPrice({
    orgId,
    supplierId: supplier.id,
    productId: flour!.id,
    supplierPrice: 1.1,
    leadTimeDays: 5,
    isPreferred: true,
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
  const opening = await runCreate<{ id: string; adjustmentNumber: string }>(
    orgId,
    'stockAdjustments',
    'StockAdjustmentCreate',
    {
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
    },
  );
  return {
    categories: [bakery, dairy],
    unitsOfMeasure: [each, kg, carton],
    products: products.map((p) => ({ id: p.id, sku: p.sku, name: p.name })),
    customerGroups: [cafes],
    salesReps: [{ id: rep.id, name: rep.name }],
    priceTiers: [{ id: trade.id, name: trade.name }],
    customers: [{ id: customer.id, code: customer.code, name: customer.name }],
    suppliers: [{ id: supplier.id, code: supplier.code, name: supplier.name }],
    warehouses: [{ id: warehouse.id, code: warehouse.code, zoneId: zone.id, binId: bin.id }],
    batches: [{ id: lot.id, batchNumber: lot.batchNumber }],
    stockAdjustments: [opening],
  };
}

const CREATE_OPERATIONS = {
  products: { route: 'POST /api/v1/products', run: () => productOperations.createProduct },
  customers: { route: 'POST /api/v1/customers', run: () => customerOperations.createCustomer },
  suppliers: { route: 'POST /api/v1/suppliers', run: () => supplierOperations.createSupplier },
  stockAdjustments: {
    route: 'POST /api/v1/stock-adjustments',
    run: () => inventoryOperations.createStockAdjustment,
  },
} as const;

/** Creates a record through the API's own use case, so every rule, event and audit entry applies. */
async function runCreate<T>(
  orgId: string,
  area: keyof typeof CREATE_OPERATIONS,
  schema: 'ProductCreate' | 'CustomerCreate' | 'SupplierCreate' | 'StockAdjustmentCreate',
  definition: Record<string, unknown>,
): Promise<T> {
  const { route, run } = CREATE_OPERATIONS[area];
  const body = await validateAgainst(schema, definition);
  try {
    const context = { auth: backOfficeActor(orgId), requestId: `seed_${createId()}`, now: new Date() };
    const output = await run()({
      ...context,
      endpoint: endpointByRouteKey(route)!,
      params: {},
      query: {},
      body,
      journal: createJournal(context),
      preconditions: NO_PRECONDITIONS,
    });
    return output.body as T;
  } catch (error) {
    throw error instanceof ApiError
      ? new Error(`seed ${area} ${JSON.stringify(definition)}: ${error.message}`)
      : error;
  }
}
