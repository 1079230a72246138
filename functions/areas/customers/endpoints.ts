import { declare, PAGE_PARAMS, search, type Declared } from '../../platform/catalogue/endpoint.js';
import { codedListParams } from '../../platform/catalogue/coded-list-params.js';

const CHILD_SCHEMAS = {
  Contact: { list: 'CustomerContactList', body: 'CustomerContactInput' },
  Address: { list: 'CustomerAddressList', body: 'CustomerAddressInput' },
} as const;

const child = <K extends 'Contact' | 'Address', const IdName extends string>(kind: K, idName: IdName) => {
  const schemas = CHILD_SCHEMAS[kind];
  const plural = kind === 'Contact' ? 'contacts' : 'addresses';
  const base = `/customers/{id}/${plural}` as const;
  // Annotated so that each kind's endpoints keep their own body schema (not both kinds' union).
  const body: (typeof CHILD_SCHEMAS)[K]['body'] = schemas.body;
  return {
    list: declare({
      operationId: `listCustomer${kind === 'Contact' ? 'Contacts' : 'Addresses'}`,
      method: 'GET',
      path: base,
      resources: { id: 'Customer' },
      summary:
        kind === 'Contact'
          ? "List a customer's contacts (primary first, then oldest)"
          : "List a customer's addresses (default billing, default shipping, then oldest)",
      permission: 'sales.view',
      response: schemas.list,
      query: PAGE_PARAMS,
    }),
    create: declare({
      operationId: `createCustomer${kind}`,
      method: 'POST',
      path: base,
      resources: { id: 'Customer' },
      summary: `Add a ${kind.toLowerCase()}; returns the refreshed customer`,
      permission: 'sales.edit',
      body,
      response: 'CustomerDetail',
      errors: [422],
    }),
    replace: declare({
      operationId: `replaceCustomer${kind}`,
      method: 'PUT',
      path: `${base}/{${idName}}`,
      resources: { id: 'Customer', [idName]: kind },
      summary: `Replace a ${kind.toLowerCase()} (omitted optional fields are cleared); returns the customer`,
      permission: 'sales.edit',
      body,
      response: 'CustomerDetail',
      errors: [422],
    }),
    remove: declare({
      operationId: `deleteCustomer${kind}`,
      method: 'DELETE',
      path: `${base}/{${idName}}`,
      resources: { id: 'Customer', [idName]: kind },
      summary: `Delete a ${kind.toLowerCase()}; returns the customer`,
      permission: 'sales.edit',
      response: 'CustomerDetail',
    }),
  };
};

const contacts = child('Contact', 'contactId');
const addresses = child('Address', 'addressId');

export const CUSTOMER_ENDPOINTS = [
  declare({
    operationId: 'listCustomers',
    method: 'GET',
    path: '/customers',
    summary: 'List customers',
    permission: 'sales.view',
    response: 'CustomerList',
    query: codedListParams('customer'),
  }),
  declare({
    operationId: 'createCustomer',
    method: 'POST',
    path: '/customers',
    summary: 'Create a customer (credit fields need customers.manage_credit)',
    permission: 'sales.create',
    body: 'CustomerCreate',
    response: 'CustomerDetail',
    errors: [409, 422],
  }),
  declare({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/customers/{id}',
    resources: { id: 'Customer' },
    summary: 'Read a customer',
    permission: 'sales.view',
    response: 'CustomerDetail',
    etag: true,
  }),
  declare({
    operationId: 'updateCustomer',
    method: 'PUT',
    path: '/customers/{id}',
    resources: { id: 'Customer' },
    summary: 'Update a customer (merge-patch; credit fields need customers.manage_credit)',
    permission: 'sales.edit',
    body: 'CustomerUpdate',
    response: 'CustomerDetail',
    errors: [409, 422],
    etag: true,
  }),
  contacts.list,
  contacts.create,
  contacts.replace,
  contacts.remove,
  addresses.list,
  addresses.create,
  addresses.replace,
  addresses.remove,
  declare({
    operationId: 'listCustomerGroups',
    method: 'GET',
    path: '/customer-groups',
    summary: 'List customer groups',
    permission: 'sales.view',
    response: 'CustomerGroupList',
    query: [
      ...PAGE_PARAMS,
      search('name'),
      {
        name: 'includeInactive',
        type: 'boolean',
        acceptsOne: true,
        description: 'true or 1 includes inactive groups.',
      },
    ],
  }),
  declare({
    operationId: 'listSalesReps',
    method: 'GET',
    path: '/sales-reps',
    summary: 'List the active sales reps (id is the user id)',
    permission: 'sales.view',
    response: 'SalesRepList',
    query: [...PAGE_PARAMS, search('name and email')],
  }),
  declare({
    operationId: 'createCustomerGroup',
    method: 'POST',
    path: '/customer-groups',
    summary: 'Create a customer group (active), as `customer-group create` does',
    permission: 'sales.edit',
    body: 'CustomerGroupCreate',
    response: 'CustomerGroup',
    idempotent: true,
    beyondSpec: true,
  }),
  declare({
    operationId: 'createSalesRep',
    method: 'POST',
    path: '/sales-reps',
    summary:
      'Create a sales rep (active; role defaults to sales; its id is the user id), as `sales-rep create` does',
    permission: 'sales.edit',
    body: 'SalesRepCreate',
    response: 'SalesRepDetail',
    idempotent: true,
    beyondSpec: true,
  }),
  declare({
    operationId: 'updateSalesRep',
    method: 'PUT',
    path: '/sales-reps/{id}',
    resources: { id: 'Sales rep' },
    summary:
      'Update a sales rep (merge-patch of name, email, isActive; isActive false is `sales-rep deactivate`)',
    permission: 'sales.edit',
    body: 'SalesRepUpdate',
    response: 'SalesRepDetail',
    beyondSpec: true,
    errors: [409],
  }),
  declare({
    operationId: 'setCustomerProductDiscount',
    method: 'PUT',
    path: '/customers/{id}/product-discounts/{productId}',
    resources: { id: 'Customer', productId: 'Product' },
    summary:
      "Set a customer's discount on a product (merge-patch; null removes it), reported by the price resolver as appliedLineDiscountPct, as `customer set-product-discount` does",
    permission: 'sales.edit',
    body: 'CustomerProductDiscountUpdate',
    response: 'CustomerProductDiscount',
    idempotent: true,
    beyondSpec: true,
  }),
] as const satisfies readonly Declared[];
