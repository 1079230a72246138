import { codedListParams } from '../customers/endpoints.js';
import { declare, PAGE_PARAMS, search, type Declared } from '../../platform/catalogue/endpoint.js';

export const SUPPLIER_ENDPOINTS = [
  declare({
    operationId: 'listSuppliers',
    method: 'GET',
    path: '/suppliers',
    summary: 'List suppliers',
    permission: 'purchasing.view',
    response: 'SupplierList',
    query: codedListParams('supplier'),
  }),
  declare({
    operationId: 'createSupplier',
    method: 'POST',
    path: '/suppliers',
    summary: 'Create a supplier',
    permission: 'purchasing.create',
    body: 'SupplierCreate',
    response: 'SupplierDetail',
    errors: [409],
  }),
  declare({
    operationId: 'getSupplier',
    method: 'GET',
    path: '/suppliers/{id}',
    summary: 'Read a supplier with its locations and price list',
    permission: 'purchasing.view',
    response: 'SupplierDetail',
    etag: true,
  }),
  declare({
    operationId: 'updateSupplier',
    method: 'PUT',
    path: '/suppliers/{id}',
    summary: 'Update a supplier (merge-patch)',
    permission: 'purchasing.edit',
    body: 'SupplierUpdate',
    response: 'SupplierDetail',
    errors: [409],
    etag: true,
  }),
  declare({
    operationId: 'listSupplierLocations',
    method: 'GET',
    path: '/suppliers/{id}/locations',
    summary: "List a supplier's locations (default billing, default shipping, then oldest)",
    permission: 'purchasing.view',
    response: 'SupplierLocationList',
    query: [...PAGE_PARAMS, search('location name and city')],
  }),
] as const satisfies readonly Declared[];
