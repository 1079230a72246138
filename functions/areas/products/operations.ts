import { newId } from '../../platform/ids.js';
import { changedFields } from '../../../domain/changed-fields.js';
import { canBeId } from '../../../domain/ids.js';
import { conflict, notFound } from '../../../domain/errors.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { pageOf } from '../../../domain/listing/pagination.js';
import { resolvePrice } from '../../../domain/pricing/resolve-price.js';
import {
  checkUsageRules,
  createProduct,
  patchProduct,
  usageChecksFor,
} from '../../../domain/products/product.js';
import { productCreated, productUpdated } from '../../../domain/products/events.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { PRODUCT_ENDPOINTS } from './endpoints.js';
import {
  getProduct,
  getProductWithBom,
  getStocks,
  listProducts,
  usageOf,
  productCreateItems,
  productKey,
  productMergeItem,
  productReplaceItems,
  type ProductRecord,
} from './store/products.js';
import { listCategories, listUnitsOfMeasure } from './store/reference-data.js';
import { transact } from '../../platform/dynamo/transact.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { contendedLately, noteContention } from '../../platform/dynamo/recent-contention.js';
import { resolveReferences } from './references.js';
import { productDetail, productSummary } from './view.js';
import { productPorts } from './ports.js';
import { productBomView } from './bom-view.js';
import { setBom } from './steps/bom.js';
import { createCategory } from './steps/categories.js';
import { createUnitOfMeasure } from './steps/units-of-measure.js';
import { requestContext } from '../../platform/journal/write-context.js';

const listProductsOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'listProducts'> = async (input) => {
  const q = input.query;
  const sortBy = q.sortBy;
  const page = pageOf(input.query);
  // isActive overrides includeInactive; by default only active products are listed.
  const isActive = q.isActive !== undefined ? q.isActive : q.includeInactive === true ? undefined : true;
  const { items, total } = await listProducts(
    input.auth.orgId,
    {
      search: q.search,
      sku: q.sku,
      barcode: q.barcode,
      categoryId: q.categoryId,
      productType: q.productType,
      isActive,
      modifiedSince: q.modifiedSince,
    },
    { by: sortBy, ascending: (q.sortDir ?? 'asc') === 'asc' },
    { offset: page.offset, limit: page.pageSize },
  );
  // One batch read per page for the stock totals, not one read per row.
  const stocks = await getStocks(
    input.auth.orgId,
    items.map((p) => p.id),
  );
  return {
    body: {
      data: items.map((p) => productSummary(p, stocks.get(p.id))),
      pagination: {
        total,
        page: page.page,
        pageSize: page.pageSize,
        totalPages: Math.ceil(total / page.pageSize),
      },
    },
  };
};

const createProductOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'createProduct'> = async ({
  auth,
  body,
  now,
  journal,
}) => {
  const at = now.toISOString();
  const state = createProduct(body, { id: newId(), now: at });
  const record: ProductRecord = { ...state, ...(await resolveReferences(auth.orgId, state, null)) };
  // The response is known before the write, so it can commit with it (idempotency record).
  const response = { status: 201, body: await productDetail(auth.orgId, record, [], null) };
  await transact([
    ...productCreateItems(auth.orgId, record),
    ...journal.items({
      response,
      events: [productCreated(record.id)],
      audit: [
        {
          resourceType: 'product',
          resourceId: record.id,
          action: 'create',
          changedFields: Object.keys(body),
        },
      ],
    }),
  ]);
  return response;
};

const updateProductOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'updateProduct'> = async ({
  auth,
  params,
  body,
  now,
  journal,
  preconditions,
}) => {
  const id = params.id;
  const raced = productKey(auth.orgId, id).PK;
  return writeOptimistically({
    run: async (attempt) => {
      if (attempt > 1) noteContention(raced);
      const loaded = await getProductWithBom(auth.orgId, id);
      if (!loaded) throw notFound('Product');
      const current = loaded.product;
      // The write below is conditioned on this version, so a matching If-Match stays true until it commits.
      preconditions.checkVersion(current.version);
      const at = now.toISOString();
      const next = patchProduct(current, body, at);
      const changed = changedFields(current, next);
      // Writing back what is stored changes nothing: no new version, no event, updatedAt untouched for sync.
      if (changed.length === 0) {
        return {
          body: await productDetail(auth.orgId, current, loaded.bom, loaded.stock, loaded.suppliers),
          version: current.version,
        };
      }
      // The stock read here is the version the write is conditioned on (productReplaceItems), so stock
      // arriving after this check fails the write and the retry sees it.
      // Open sales orders are found on an index; the counts check keeps the answer true until the write.
      // Open purchase orders are counted per product; the count's check likewise holds it until the write.
      const deactivating = current.isActive && !next.isActive;
      const { openSalesOrdersHolding, openPurchaseOrdersHolding, preferenceItems } = productPorts();
      const [orders, purchases] = await Promise.all([
        usageChecksFor(current, next) ? openSalesOrdersHolding(auth.orgId, id) : null,
        deactivating ? openPurchaseOrdersHolding(auth.orgId, id) : null,
      ]);
      if (orders) {
        checkUsageRules(current, next, {
          ...usageOf(loaded.stock),
          openSalesOrderLines: orders.holding ? 1 : 0,
          openPurchaseOrderLines: purchases?.count ?? 0,
        });
      }
      const record: ProductRecord = { ...next, ...(await resolveReferences(auth.orgId, next, current)) };
      // A first try replaces the item on the version read: uncontended, the answer is exact without a
      // second read. Once a race is lost, or when this container saw one on the product lately, a patch
      // without If-Match of independent fields writes only them (productMergeItem): it lands on whatever
      // version it meets, so the answer is the record read back, and no answer is built before the write
      // (the PUT takes no Idempotency-Key to commit one with).
      const mergeFirst = attempt > 1 || contendedLately(raced);
      const merge =
        mergeFirst && preconditions.none && !orders ? productMergeItem(auth.orgId, current, record) : null;
      const audit = [{ resourceType: 'product', resourceId: id, action: 'update', changedFields: changed }];
      if (merge) {
        await transact([merge, ...journal.items({ events: [productUpdated(id)], audit })]);
        const landed = await getProductWithBom(auth.orgId, id);
        if (!landed) throw notFound('Product');
        const { product, bom, stock, suppliers } = landed;
        // Another write landed between the read and this one: the product is still raced on.
        if (product.version !== record.version) noteContention(raced);
        const body = await productDetail(auth.orgId, product, bom, stock, suppliers);
        return { status: 200, body, version: product.version };
      }
      const response = {
        status: 200,
        body: await productDetail(auth.orgId, record, loaded.bom, loaded.stock, loaded.suppliers),
      };
      await transact([
        ...productReplaceItems(auth.orgId, current, record, loaded.stock),
        ...preferenceItems(auth.orgId, current, record, loaded.suppliers),
        ...(orders ? [orders.unchanged] : []),
        ...(purchases ? [purchases.unchanged] : []),
        ...journal.items({ response, events: [productUpdated(id)], audit }),
      ]);
      return { ...response, version: record.version };
    },
    onExhausted: () =>
      conflict('The product was changed by another request at the same time; retry the update'),
  });
};

const getProductOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'getProduct'> = async ({ auth, params }) => {
  const loaded = await getProductWithBom(auth.orgId, params.id);
  if (!loaded) throw notFound('Product');
  return {
    body: await productDetail(auth.orgId, loaded.product, loaded.bom, loaded.stock, loaded.suppliers),
    version: loaded.product.version,
  };
};

const getProductPricesOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'getProductPrices'> = async ({
  auth,
  params,
  query,
}) => {
  const customerId = query.customerId;
  // The spec makes an unknown customer 404; one that cannot be an id is unknown without a read.
  if (customerId !== undefined && !canBeId(customerId)) throw notFound('Customer');
  const [product, customer] = await Promise.all([
    getProduct(auth.orgId, params.id),
    customerId
      ? productPorts().customerPriceInputs(auth.orgId, customerId, params.id)
      : Promise.resolve(null),
  ]);
  if (!product) throw notFound('Product');
  return {
    body: resolvePrice({
      productId: product.id,
      defaultPrice: product.defaultPrice,
      quantity: query.quantity,
      customer,
    }),
  };
};

const getProductBomOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'getProductBom'> = async ({ auth, params }) => {
  const loaded = await getProductWithBom(auth.orgId, params.id);
  if (!loaded) throw notFound('Product');
  return { body: await productBomView(auth.orgId, loaded.product, loaded.bom) };
};

const listCategoriesOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'listCategories'> = async (input) => ({
  body: listInMemory(await listCategories(input.auth.orgId), {
    search: input.query.search,
    searchable: (c) => [c.name],
    compare: (a, b) =>
      a.sortOrder - b.sortOrder || byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
    window: pageOf(input.query),
  }),
});

const listUnitsOfMeasureOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'listUnitsOfMeasure'> = async (input) => ({
  body: listInMemory(await listUnitsOfMeasure(input.auth.orgId), {
    search: input.query.search,
    searchable: (u) => [u.name, u.abbreviation],
    compare: (a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
    window: pageOf(input.query),
  }),
});

/** POST /categories: the back office's `category create`, over the API. */
const createCategoryOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'createCategory'> = async ({
  auth,
  body,
  now,
  journal,
}) => ({
  status: 201,
  body: await createCategory({ orgId: auth.orgId, ...body }, requestContext({ now, journal })),
});

/** POST /units-of-measure: the back office's `uom create`, over the API. */
const createUnitOfMeasureOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'createUnitOfMeasure'> = async ({
  auth,
  body,
  now,
  journal,
}) => ({
  status: 201,
  body: await createUnitOfMeasure({ orgId: auth.orgId, ...body }, requestContext({ now, journal })),
});

/** PUT /products/{id}/bom: the back office's `bom set`, the lines' components named by componentProduct.id. */
const setProductBomOp: OperationOf<typeof PRODUCT_ENDPOINTS, 'setProductBom'> = async ({
  auth,
  params,
  body,
  now,
  journal,
}) => ({
  body: await setBom(
    {
      orgId: auth.orgId,
      productId: params.id,
      lines: body.lines.map(({ componentProduct, ...line }) => ({
        componentProductId: componentProduct.id,
        ...line,
      })),
    },
    requestContext({ now, journal }),
  ),
});

export const productOperations = operationsFor<typeof PRODUCT_ENDPOINTS>({
  listProducts: listProductsOp,
  createProduct: createProductOp,
  getProduct: getProductOp,
  updateProduct: updateProductOp,
  getProductPrices: getProductPricesOp,
  getProductBom: getProductBomOp,
  createCategory: createCategoryOp,
  createUnitOfMeasure: createUnitOfMeasureOp,
  setProductBom: setProductBomOp,
  listCategories: listCategoriesOp,
  listUnitsOfMeasure: listUnitsOfMeasureOp,
});
