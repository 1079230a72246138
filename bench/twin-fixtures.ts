/**
 * Fixtures of the twin rows (bench/twins.ts): what each step needs to run, made through the API or the
 * back office's own steps, never by writing items by hand, so the doors meet the items they meet in use.
 * Each maker returns `count` equal fixtures (one per door measured). What several rows share (a stocked
 * warehouse, a customer) is made once per tenant by `world`.
 */
import { createId } from '@paralleldrive/cuid2';
import { createBatch, setBatchStatus } from '../functions/areas/inventory/steps/batches.js';
import { addZone, createWarehouse } from '../functions/areas/inventory/steps/warehouses.js';
import { createApiKey } from '../functions/areas/organisations/steps/api-keys.js';
import { createSalesRep } from '../functions/areas/customers/steps/sales-reference.js';
import { createPriceTier } from '../functions/areas/pricing/steps/price-tiers.js';
import { send } from './api.js';
import type { BenchTenant } from './seed.js';

type Id = { id: string };
const times = <T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)));
/** A short unique suffix for codes and names that must not clash. */
export const unique = () => createId().slice(0, 10).toUpperCase();

const post = <T = Id>(tenant: BenchTenant, path: string, body?: unknown, status = 201) =>
  send<T>({ method: 'POST', path, key: tenant.key, body }, status);

export const product = (tenant: BenchTenant, extra: Record<string, unknown> = {}) => {
  const u = unique();
  return post(tenant, '/products', { sku: `TW-${u}`, name: `Twin product ${u}`, ...extra });
};

/** Stock on hand through a completed adjustment. */
const stock = (tenant: BenchTenant, lines: Record<string, unknown>[]) =>
  post(tenant, '/stock-adjustments', { reason: 'CORRECTION', lines });

/**
 * A warehouse with a storage zone, a customer, a supplier, a product with 10,000 on
 * hand and a batch-tracked product (whose lots the batch rows make).
 */
export interface World {
  warehouseId: string;
  customerId: string;
  supplierId: string;
  productId: string;
  lottedProductId: string;
}

const worlds = new WeakMap<BenchTenant, Promise<World>>();

export function world(tenant: BenchTenant): Promise<World> {
  if (!worlds.has(tenant)) worlds.set(tenant, makeWorld(tenant));
  return worlds.get(tenant)!;
}

async function makeWorld(tenant: BenchTenant): Promise<World> {
  const u = unique();
  const [warehouse, customer, supplier, item, lotted] = await Promise.all([
    createWarehouse({ orgId: tenant.orgId, code: `TW-${u}`, name: `Twin warehouse ${u}` }),
    post(tenant, '/customers', { code: `TC-${u}`, name: `Twin customer ${u}` }),
    post(tenant, '/suppliers', { code: `TS-${u}`, name: `Twin supplier ${u}` }),
    product(tenant, { defaultPrice: 10 }),
    product(tenant, { isBatchTracked: true }),
  ]);
  await addZone({ orgId: tenant.orgId, warehouseId: warehouse.id, name: 'Main', zoneType: 'STORAGE' });
  await stock(tenant, [{ productId: item.id, warehouseId: warehouse.id, quantityChange: 10_000 }]);
  return {
    warehouseId: warehouse.id,
    customerId: customer.id,
    supplierId: supplier.id,
    productId: item.id,
    lottedProductId: lotted.id,
  };
}

/** Unique names or codes for creates: each door creates its own. */
export const names = (_tenant: BenchTenant, count: number) => times(count, async () => unique());

/** Empty warehouses (zone creates), or warehouses with a storage zone (bin creates). */
export const warehouses = (tenant: BenchTenant, count: number) =>
  times(count, async () => {
    const u = unique();
    return (await createWarehouse({ orgId: tenant.orgId, code: `TZ-${u}`, name: `Zones ${u}` })).id;
  });

export const zones = (tenant: BenchTenant, count: number) =>
  times(count, async () => {
    const [warehouseId] = await warehouses(tenant, 1);
    const zone = await addZone({
      orgId: tenant.orgId,
      warehouseId: warehouseId!,
      name: 'Main',
      zoneType: 'STORAGE',
    });
    return { warehouseId: warehouseId!, zoneId: zone.id, code: unique() };
  });

/** The world's batch-tracked product, with a batch number of each door's own. */
export const lotNumbers = async (tenant: BenchTenant, count: number) => {
  const { lottedProductId } = await world(tenant);
  return Array.from({ length: count }, () => ({ productId: lottedProductId, number: unique() }));
};

/** New lots of the world's batch-tracked product (ACTIVE), or moved on by `after` first (QUARANTINED). */
export const lots =
  (after?: 'quarantine') =>
  async (tenant: BenchTenant, count: number): Promise<string[]> => {
    const { lottedProductId: productId } = await world(tenant);
    return times(count, async () => {
      const lot = await createBatch({
        orgId: tenant.orgId,
        productId,
        batchNumber: `TL-${unique()}`,
        expiryDate: '2031-01-01',
      });
      if (after) await setBatchStatus({ orgId: tenant.orgId, id: lot.id, action: after });
      return lot.id;
    });
  };

/** An APPROVED purchase order of `quantity` of a product from the world's supplier, and its line. */
async function approvedOrder(tenant: BenchTenant, line: { productId: string; quantity: number }) {
  const { supplierId } = await world(tenant);
  const order = await post<{ id: string; lines: Id[] }>(tenant, '/purchase-orders', {
    supplierId,
    lines: [{ ...line, unitPrice: 40 }],
  });
  for (const action of ['submit', 'approve'])
    await post(tenant, `/purchase-orders/${order.id}/${action}`, undefined, 200);
  return { id: order.id, poLineId: order.lines[0]!.id };
}

/** Fully received one-line purchase orders of the world's product: what `complete` needs. */
export const receivedOrders = async (tenant: BenchTenant, count: number): Promise<string[]> => {
  const { warehouseId, productId } = await world(tenant);
  return times(count, async () => {
    const order = await approvedOrder(tenant, { productId, quantity: 4 });
    await post(tenant, `/purchase-orders/${order.id}/receipts`, {
      warehouseId,
      lines: [{ poLineId: order.poLineId, productId, quantity: 4 }],
    });
    return order.id;
  });
};

/** One AVAILABLE serial number per door, received through a purchase order's receipt. */
export async function serials(tenant: BenchTenant, count: number): Promise<string[]> {
  const { warehouseId } = await world(tenant);
  const item = await product(tenant, { requiresSerialTracking: true });
  const numbers = Array.from({ length: count }, () => `SN-${unique()}`);
  const order = await approvedOrder(tenant, { productId: item.id, quantity: count });
  await post(tenant, `/purchase-orders/${order.id}/receipts`, {
    warehouseId,
    lines: [{ poLineId: order.poLineId, productId: item.id, quantity: count, serialNumbers: numbers }],
  });
  const listed = await send<{ data: { id: string; serialNumber: string }[] }>({
    method: 'GET',
    path: '/serial-numbers',
    key: tenant.key,
    query: { productId: item.id, pageSize: 100 },
  });
  return numbers.map((n) => listed.data.find((s) => s.serialNumber === n)!.id);
}

/** DRAFT adjustments of 2 units of the world's product (complete), or completed ones (void). */
export const adjustments =
  (status: 'DRAFT' | 'COMPLETED') =>
  async (tenant: BenchTenant, count: number): Promise<string[]> => {
    const { warehouseId, productId } = await world(tenant);
    return times(count, async () => {
      const lines = [{ productId, warehouseId, quantityChange: 2 }];
      const body = { reason: 'CORRECTION', lines, ...(status === 'DRAFT' ? { status } : {}) };
      return (await post(tenant, '/stock-adjustments', body)).id;
    });
  };

/**
 * A product with 10 on hand in the world's warehouse to move 1 unit of into a new warehouse, one of each
 * per door: a transfer's first move out of a stock row and into a warehouse writes rows a later one
 * only updates, and the first transfer of all creates the numbering sequence, so doors sharing any of
 * these would not meet equal items.
 */
export const transfers = async (tenant: BenchTenant, count: number) => {
  const { warehouseId, productId } = await world(tenant);
  const targets = await warehouses(tenant, count + 1);
  // The organisation's first transfer creates its numbering sequence, which later ones update: made here,
  // so no door measured is the first.
  await post(tenant, '/stock-transfers', {
    fromWarehouseId: warehouseId,
    toWarehouseId: targets.pop(),
    lines: [{ productId, quantity: 1 }],
  });
  return Promise.all(
    targets.map(async (otherWarehouseId) => {
      const { id: productId } = await product(tenant);
      await stock(tenant, [{ productId, warehouseId, quantityChange: 10 }]);
      return { productId, warehouseId, otherWarehouseId };
    }),
  );
};

/** CONFIRMED sales orders of 2 units of the world's product; `pick` picks them first (for pack). */
export const salesOrders =
  (after?: 'pick') =>
  async (tenant: BenchTenant, count: number): Promise<string[]> => {
    const { warehouseId, customerId, productId } = await world(tenant);
    return times(count, async () => {
      const order = await post(tenant, '/sales-orders', {
        customerId,
        warehouseId,
        lines: [{ productId, quantity: 2, unitPrice: 10 }],
      });
      await post(tenant, `/sales-orders/${order.id}/confirm`, undefined, 200);
      if (after) await post(tenant, `/sales-orders/${order.id}/pick`, undefined, 200);
      return order.id;
    });
  };

/** PICKING shipments of such orders (for the shipment's pick). */
export const shipments = async (tenant: BenchTenant, count: number): Promise<string[]> => {
  const orders = await salesOrders()(tenant, count);
  return Promise.all(
    orders.map(async (salesOrderId) => (await post(tenant, '/shipments', { salesOrderId })).id),
  );
};

export interface Billed {
  invoiceId: string;
  salesOrderId: string;
  customerId: string;
  productId: string;
}

/** Invoices of such orders: DRAFT (send) or SENT (void, credit notes). */
export const invoices =
  (status: 'DRAFT' | 'SENT') =>
  async (tenant: BenchTenant, count: number): Promise<Billed[]> => {
    const { customerId, productId } = await world(tenant);
    const orders = await salesOrders()(tenant, count);
    return Promise.all(
      orders.map(async (salesOrderId) => {
        const invoice = await post(tenant, `/sales-orders/${salesOrderId}/invoice`);
        if (status === 'SENT') await post(tenant, `/invoices/${invoice.id}/send`, undefined, 200);
        return { invoiceId: invoice.id, salesOrderId, customerId, productId };
      }),
    );
  };

/** A credit note's body for a billed order: 1 of its 2 units back. */
export const creditNoteBody = (b: Billed) => ({
  customerId: b.customerId,
  invoiceId: b.invoiceId,
  salesOrderId: b.salesOrderId,
  lines: [{ productId: b.productId, quantity: 1, unitPrice: 10, taxRate: 0.15 }],
});

/** DRAFT credit notes on SENT invoices; `approve` approves them first (for void). */
export const creditNotes =
  (after?: 'approve') =>
  async (tenant: BenchTenant, count: number): Promise<string[]> => {
    const billed = await invoices('SENT')(tenant, count);
    return Promise.all(
      billed.map(async (b) => {
        const note = await post(tenant, '/credit-notes', creditNoteBody(b));
        if (after) await post(tenant, `/credit-notes/${note.id}/${after}`, undefined, 200);
        return note.id;
      }),
    );
  };

/** A product with a bill of materials, planned in the world's warehouse. */
export interface Recipe {
  productId: string;
  warehouseId: string;
}

const recipes = new WeakMap<BenchTenant, Promise<Recipe>>();

export function recipe(tenant: BenchTenant): Promise<Recipe> {
  if (!recipes.has(tenant)) recipes.set(tenant, newRecipe(tenant));
  return recipes.get(tenant)!;
}

/** A product made of 2 of a component stocked 100 in the world's warehouse. */
async function newRecipe(tenant: BenchTenant): Promise<Recipe> {
  const { warehouseId } = await world(tenant);
  const [made, component] = await Promise.all([product(tenant), product(tenant)]);
  await stock(tenant, [{ productId: component.id, warehouseId, quantityChange: 100 }]);
  await send({
    method: 'PUT',
    path: `/products/${made.id}/bom`,
    key: tenant.key,
    body: { lines: [{ componentProduct: { id: component.id }, quantity: 2 }] },
  });
  return { productId: made.id, warehouseId };
}

export const recipes3 = async (tenant: BenchTenant, count: number) => {
  const r = await recipe(tenant);
  return Array.from({ length: count }, () => r);
};

/**
 * PLANNED production orders of 1 unit of the recipe; `start` starts them first. A completion's fixtures
 * (`ownRecipe`) are each of a recipe of its own: the first output of a product and the first take from a
 * component's stock row write rows later ones only update, so doors sharing a recipe would not meet equal
 * items.
 */
export const productionOrders =
  (after?: 'start', options: { ownRecipe?: boolean } = {}) =>
  async (tenant: BenchTenant, count: number): Promise<string[]> =>
    times(count, async () => {
      const r = options.ownRecipe ? await newRecipe(tenant) : await recipe(tenant);
      const order = await post(tenant, '/production-orders', { ...r, quantity: 1 });
      if (after) await post(tenant, `/production-orders/${order.id}/${after}`, undefined, 200);
      return order.id;
    });

/** A product to give a bill of materials, and its component (the world's product). */
export const bomProducts = async (tenant: BenchTenant, count: number) => {
  const { productId: componentId } = await world(tenant);
  return times(count, async () => ({ productId: (await product(tenant)).id, componentId }));
};

/** Other currencies than the base, one per door. */
export const currencies = async (_tenant: BenchTenant, count: number) =>
  ['USD', 'EUR', 'GBP', 'AUD', 'JPY', 'CAD'].slice(0, count);

/** Keys of the tenant to rotate or revoke, made by the back office. */
export const keys = (tenant: BenchTenant, count: number) =>
  times(
    count,
    async () =>
      (
        await createApiKey({
          orgId: tenant.orgId,
          name: `Twin ${unique()}`,
          scopes: ['read'],
          permissions: 'all',
        })
      ).id,
  );

/** Active sales reps of the tenant to deactivate, made by the back office. */
export const salesReps = (tenant: BenchTenant, count: number) =>
  times(count, async () => {
    const u = unique();
    return (await createSalesRep({ orgId: tenant.orgId, name: `Rep ${u}`, email: `rep-${u}@example.com` }))
      .id;
  });

/** A customer and a product for a discount: a new customer per door (its discount row is its first). */
export const discountTargets = async (tenant: BenchTenant, count: number) => {
  const { productId } = await world(tenant);
  return times(count, async () => {
    const u = unique();
    const customer = await post(tenant, '/customers', { code: `TD-${u}`, name: `Discounted ${u}` });
    return { customerId: customer.id, productId };
  });
};

/** New suppliers without locations, one per door (a supplier's first location claims no one's defaults). */
export const suppliers = (tenant: BenchTenant, count: number) =>
  times(count, async () => {
    const u = unique();
    return (await post(tenant, '/suppliers', { code: `TL-${u}`, name: `Located ${u}` })).id;
  });

/**
 * The world's supplier and a new product per door to price: the step reads the product with its supplier
 * rows, so doors sharing a product would not read equal partitions.
 */
export const supplierPrices = async (tenant: BenchTenant, count: number) => {
  const { supplierId } = await world(tenant);
  return times(count, async () => ({ supplierId, productId: (await product(tenant)).id }));
};

/** New price tiers, one per door, and the world's product to price in them or break. */
export const priceTiers = async (tenant: BenchTenant, count: number) => {
  const { productId } = await world(tenant);
  return times(count, async () => {
    const tier = await createPriceTier({ orgId: tenant.orgId, name: `Twin tier ${unique()}`, tierIndex: 1 });
    return { tierId: tier.id, productId };
  });
};
