import { newId } from '../../platform/ids.js';
import { addressesInOrder } from '../../../domain/customers/addresses.js';
import { conflict, notFound } from '../../../domain/errors.js';
import { listInMemory } from '../../../domain/listing/in-memory.js';
import { pageOf } from '../../../domain/listing/pagination.js';
import { oldestFirst, type SupplierLocation } from '../../../domain/suppliers/locations.js';
import { priceListView, type SupplierPrice } from '../../../domain/suppliers/price-list.js';
import { changedFields } from '../../../domain/changed-fields.js';
import { createSupplier, patchSupplier, type SupplierState } from '../../../domain/suppliers/supplier.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { SUPPLIER_ENDPOINTS } from './endpoints.js';
import { listCodedOperation } from '../../platform/http/coded-list-operation.js';
import { readBatch } from '../../platform/dynamo/read-batch.js';
import { productKey, products } from '../products/public.js';
import {
  getSupplierLocations,
  getSupplierWithContents,
  supplierCollection,
  supplierCreateItems,
  supplierFromItem,
  supplierKey,
  supplierReplaceItems,
} from './store/suppliers.js';
import { transact } from '../../platform/dynamo/transact.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { requestContext } from '../../platform/journal/write-context.js';
import { addSupplierLocation } from './steps/locations.js';
import { setSupplierPrice } from './steps/price-list.js';

const summary = ({ version: _version, ...state }: SupplierState) => state;

/** Defaults first, then oldest. */
const locationsInOrder = (locations: SupplierLocation[]) => addressesInOrder(oldestFirst(locations));

/** The detail: header, locations and the capped price list with each row's product sku and name. */
async function supplierDetail(
  orgId: string,
  contents: { supplier: SupplierState; locations: SupplierLocation[]; prices: SupplierPrice[] },
) {
  const view = priceListView(contents.prices);
  const b = readBatch();
  const productReads = new Map(
    view.priceList.map((row) => [row.productId, b.get(products, productKey(orgId, row.productId))]),
  );
  await b.run();
  return {
    ...summary(contents.supplier),
    locations: locationsInOrder(contents.locations),
    ...view,
    priceList: view.priceList.map((row) => {
      const product = productReads.get(row.productId)?.value;
      return {
        productId: row.productId,
        sku: product?.sku ?? null,
        productName: product?.name ?? null,
        supplierSku: row.supplierSku,
        supplierPrice: row.supplierPrice,
        leadTimeDays: row.leadTimeDays,
        minOrderQty: row.minOrderQty,
        isPreferred: row.isPreferred,
      };
    }),
  };
}

const listSuppliersOp = listCodedOperation(
  supplierCollection,
  (i) => summary(supplierFromItem(i)),
  supplierKey,
);

const createSupplierOp: OperationOf<typeof SUPPLIER_ENDPOINTS, 'createSupplier'> = async ({
  auth,
  body,
  now,
  journal,
}) => {
  const state = createSupplier(body, { id: newId(), now: now.toISOString() });
  await transact([
    ...supplierCreateItems(auth.orgId, state),
    ...journal.items({
      audit: [
        {
          resourceType: 'supplier',
          resourceId: state.id,
          action: 'create',
          changedFields: Object.keys(body),
        },
      ],
    }),
  ]);
  return {
    status: 201,
    body: await supplierDetail(auth.orgId, { supplier: state, locations: [], prices: [] }),
  };
};

const getSupplierOp: OperationOf<typeof SUPPLIER_ENDPOINTS, 'getSupplier'> = async ({ auth, params }) => {
  const contents = await getSupplierWithContents(auth.orgId, params.id);
  if (!contents) throw notFound('Supplier');
  return { body: await supplierDetail(auth.orgId, contents), version: contents.supplier.version };
};

const updateSupplierOp: OperationOf<typeof SUPPLIER_ENDPOINTS, 'updateSupplier'> = async ({
  auth,
  params,
  body,
  now,
  journal,
  preconditions,
}) => {
  const id = params.id;
  return writeOptimistically({
    run: async () => {
      const contents = await getSupplierWithContents(auth.orgId, id);
      if (!contents) throw notFound('Supplier');
      const current = contents.supplier;
      // The replace is conditioned on this version, so a matching If-Match holds until it commits.
      preconditions.checkVersion(current.version);
      const next = patchSupplier(current, body, now.toISOString());
      const changed = changedFields(current, next);
      if (changed.length === 0) {
        return { body: await supplierDetail(auth.orgId, contents), version: current.version };
      }
      await transact([
        ...supplierReplaceItems(auth.orgId, current, next),
        ...journal.items({
          audit: [{ resourceType: 'supplier', resourceId: id, action: 'update', changedFields: changed }],
        }),
      ]);
      return {
        body: await supplierDetail(auth.orgId, { ...contents, supplier: next }),
        version: next.version,
      };
    },
    onExhausted: () =>
      conflict('The supplier was changed by another request at the same time; retry the update'),
  });
};

const listSupplierLocationsOp: OperationOf<typeof SUPPLIER_ENDPOINTS, 'listSupplierLocations'> = async (
  input,
) => {
  const locations = await getSupplierLocations(input.auth.orgId, input.params.id);
  if (!locations) throw notFound('Supplier');
  const ordered = locationsInOrder(locations);
  const position = new Map(ordered.map((l, i) => [l.id, i]));
  return {
    body: listInMemory(ordered, {
      search: input.query.search,
      searchable: (l) => [l.name, l.city],
      compare: (a, b) => position.get(a.id)! - position.get(b.id)!,
      window: pageOf(input.query),
    }),
  };
};

/** The supplier as it stands after a write of the request (a sub-resource write answers its parent). */
const refreshed = async (orgId: string, id: string) => {
  const contents = await getSupplierWithContents(orgId, id);
  if (!contents) throw notFound('Supplier');
  return supplierDetail(orgId, contents);
};

const addSupplierLocationOp: OperationOf<typeof SUPPLIER_ENDPOINTS, 'addSupplierLocation'> = async (
  input,
) => {
  const { auth, params, body, now, journal } = input;
  await addSupplierLocation(
    { orgId: auth.orgId, supplierId: params.id, ...body },
    requestContext({ now, journal }),
  );
  return { status: 201, body: await refreshed(auth.orgId, params.id) };
};

const setSupplierPriceOp: OperationOf<typeof SUPPLIER_ENDPOINTS, 'setSupplierPrice'> = async (input) => {
  const { auth, params, body, now, journal } = input;
  await setSupplierPrice(
    { orgId: auth.orgId, supplierId: params.id, productId: params.productId, ...body },
    requestContext({ now, journal }),
  );
  return { body: await refreshed(auth.orgId, params.id) };
};

export const supplierOperations = operationsFor<typeof SUPPLIER_ENDPOINTS>({
  listSuppliers: listSuppliersOp,
  createSupplier: createSupplierOp,
  getSupplier: getSupplierOp,
  updateSupplier: updateSupplierOp,
  listSupplierLocations: listSupplierLocationsOp,
  addSupplierLocation: addSupplierLocationOp,
  setSupplierPrice: setSupplierPriceOp,
});
