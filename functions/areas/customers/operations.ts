import { newId } from '../../platform/ids.js';
import { requirePermission } from '../../../domain/auth/scopes.js';
import { customerCreated, customerUpdated } from '../../../domain/customers/events.js';
import { addressFromInput, addressesInOrder, settleDefaults } from '../../../domain/customers/addresses.js';
import { contactFromInput, contactsInOrder, settlePrimary } from '../../../domain/customers/contacts.js';
import {
  checkChildCap,
  checkHeadOfficeChange,
  createCustomer,
  CREDIT_FIELDS,
  patchCustomer,
  withChildren,
  type CustomerState,
} from '../../../domain/customers/customer.js';
import { changedFields } from '../../../domain/changed-fields.js';
import { conflict, notFound } from '../../../domain/errors.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import type { AuthContext, OperationInput, OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { CUSTOMER_ENDPOINTS } from './endpoints.js';
import { listCodedOperation } from '../../platform/http/coded-list-operation.js';
import {
  customerCreateItems,
  customerCollection,
  customerFromItem,
  customerKey,
  customerReplaceItems,
  getCustomer,
  type CustomerRecord,
} from './store/customers.js';
import { listCustomerGroups, listSalesReps } from './store/sales-reference.js';
import { requestContext } from '../../platform/journal/write-context.js';
import { setCustomerProductDiscount } from './steps/product-discounts.js';
import { createCustomerGroup, createSalesRep, updateSalesRep } from './steps/sales-reference.js';
import { transact } from '../../platform/dynamo/transact.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { checkReferences } from './references.js';
import { customerDetail, customerSummary } from './view.js';

/** Credit fields need customers.manage_credit on top of the endpoint's permission (403 forbidden). */
function requireCreditPermission(auth: AuthContext, body: object): void {
  if (CREDIT_FIELDS.some((field) => field in body)) requirePermission(auth, 'customers.manage_credit');
}

const listCustomersOp = listCodedOperation(
  customerCollection,
  (i) => customerSummary(customerFromItem(i).state),
  customerKey,
);

const createCustomerOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'createCustomer'> = async ({
  auth,
  body,
  now,
  journal,
}) => {
  requireCreditPermission(auth, body);
  const state = createCustomer(body, {
    id: newId(),
    now: now.toISOString(),
    ids: { next: newId },
  });
  await checkReferences(auth.orgId, state, null);
  await transact([
    ...customerCreateItems(auth.orgId, state),
    ...journal.items({
      events: [customerCreated(state.id)],
      audit: [
        {
          resourceType: 'customer',
          resourceId: state.id,
          action: 'create',
          changedFields: Object.keys(body),
        },
      ],
    }),
  ]);
  return { status: 201, body: await customerDetail(auth.orgId, state) };
};

/** The input of an operation on one customer (`/customers/{id}...`). */
type CustomerInput = Omit<OperationInput, 'params'> & { params: { id: string } };

/**
 * Reads the customer, applies `change`, checks the rules that need the store, and commits the new state
 * with its customer.updated event and audit entry. A change that alters nothing writes nothing.
 */
function changeCustomer(
  { auth, params, now, journal, preconditions }: CustomerInput,
  action: string,
  change: (current: CustomerRecord, at: string) => CustomerState,
): Promise<CustomerState> {
  const id = params.id;
  return writeOptimistically({
    run: async () => {
      const current = await getCustomer(auth.orgId, id);
      if (!current) throw notFound('Customer');
      // The replace is conditioned on this version, so a matching If-Match holds until it commits.
      preconditions.checkVersion(current.state.version);
      const next = change(current, now.toISOString());
      const changed = changedFields(current.state, next);
      if (changed.length === 0) return current.state;
      checkHeadOfficeChange(current.state, next, current.subsidiaryCount);
      await checkReferences(auth.orgId, next, current.state);
      await transact([
        ...customerReplaceItems(auth.orgId, current, next),
        ...journal.items({
          events: [customerUpdated(id)],
          audit: [{ resourceType: 'customer', resourceId: id, action, changedFields: changed }],
        }),
      ]);
      return next;
    },
    onExhausted: () => conflict('The customer was changed by another request at the same time; retry'),
  });
}

const changeChildren = (
  input: CustomerInput,
  action: string,
  change: (current: CustomerRecord, at: string) => CustomerState,
) => changeCustomer(input, action, change);

const detailOf = async (input: OperationInput, state: CustomerState, status = 200) => ({
  status,
  body: await customerDetail(input.auth.orgId, state),
  version: state.version,
});

const updateCustomerOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'updateCustomer'> = async (input) => {
  requireCreditPermission(input.auth, input.body);
  const state = await changeCustomer(input, 'update', (current, at) =>
    patchCustomer(current.state, input.body, at),
  );
  return detailOf(input, state);
};

const getCustomerOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'getCustomer'> = async (input) => {
  const current = await getCustomer(input.auth.orgId, input.params.id);
  if (!current) throw notFound('Customer');
  return detailOf(input, current.state);
};

const listContactsOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'listCustomerContacts'> = async (input) => {
  const current = await getCustomer(input.auth.orgId, input.params.id);
  if (!current) throw notFound('Customer');
  const page = pageOf(input.query);
  const ordered = contactsInOrder(current.state.contacts);
  return { body: paginate(ordered.slice(page.offset, page.offset + page.pageSize), ordered.length, page) };
};

const listAddressesOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'listCustomerAddresses'> = async (input) => {
  const current = await getCustomer(input.auth.orgId, input.params.id);
  if (!current) throw notFound('Customer');
  const page = pageOf(input.query);
  const ordered = addressesInOrder(current.state.addresses);
  return { body: paginate(ordered.slice(page.offset, page.offset + page.pageSize), ordered.length, page) };
};

const createContactOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'createCustomerContact'> = async (input) => {
  const state = await changeChildren(input, 'add-contact', ({ state: current }, at) => {
    checkChildCap('contacts', current.contacts.length + 1);
    const contact = contactFromInput(input.body, { id: newId(), createdAt: at, now: at });
    const contacts = settlePrimary([...current.contacts, contact], {
      flagged: contact.isPrimary ? contact.id : undefined,
    });
    return withChildren(current, { contacts }, at);
  });
  return detailOf(input, state, 201);
};

const replaceContactOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'replaceCustomerContact'> = async (input) => {
  const contactId = input.params.contactId;
  const state = await changeChildren(input, 'replace-contact', ({ state: current }, at) => {
    const existing = current.contacts.find((c) => c.id === contactId);
    if (!existing) throw notFound('Contact');
    const contact = contactFromInput(input.body, {
      id: contactId,
      createdAt: existing.createdAt,
      now: at,
    });
    const contacts = settlePrimary(
      current.contacts.map((c) => (c.id === contactId ? contact : c)),
      contact.isPrimary ? { flagged: contactId } : { declined: contactId },
    );
    return withChildren(current, { contacts }, at);
  });
  return detailOf(input, state);
};

const deleteContactOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'deleteCustomerContact'> = async (input) => {
  const contactId = input.params.contactId;
  const state = await changeChildren(input, 'delete-contact', ({ state: current }, at) => {
    if (!current.contacts.some((c) => c.id === contactId)) throw notFound('Contact');
    // Deleting the primary promotes the oldest remaining contact; deleting the last keeps the mirror.
    const contacts = settlePrimary(
      current.contacts.filter((c) => c.id !== contactId),
      {},
    );
    return withChildren(current, { contacts }, at);
  });
  return detailOf(input, state);
};

const createAddressOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'createCustomerAddress'> = async (input) => {
  const state = await changeChildren(input, 'add-address', ({ state: current }, at) => {
    checkChildCap('addresses', current.addresses.length + 1);
    const address = addressFromInput(input.body, { id: newId(), createdAt: at, now: at });
    return withChildren(
      current,
      { addresses: settleDefaults([...current.addresses, address], address.id) },
      at,
    );
  });
  return detailOf(input, state, 201);
};

const replaceAddressOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'replaceCustomerAddress'> = async (input) => {
  const addressId = input.params.addressId;
  const state = await changeChildren(input, 'replace-address', ({ state: current }, at) => {
    const existing = current.addresses.find((a) => a.id === addressId);
    if (!existing) throw notFound('Address');
    const address = addressFromInput(input.body, {
      id: addressId,
      createdAt: existing.createdAt,
      now: at,
    });
    const addresses = settleDefaults(
      current.addresses.map((a) => (a.id === addressId ? address : a)),
      addressId,
    );
    return withChildren(current, { addresses }, at);
  });
  return detailOf(input, state);
};

const deleteAddressOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'deleteCustomerAddress'> = async (input) => {
  const addressId = input.params.addressId;
  const state = await changeChildren(input, 'delete-address', ({ state: current }, at) => {
    if (!current.addresses.some((a) => a.id === addressId)) throw notFound('Address');
    // A deleted default passes to the oldest type-compatible remaining address, per dimension.
    const addresses = settleDefaults(current.addresses.filter((a) => a.id !== addressId));
    return withChildren(current, { addresses }, at);
  });
  return detailOf(input, state);
};

const listCustomerGroupsOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'listCustomerGroups'> = async (input) => {
  const groups = await listCustomerGroups(input.auth.orgId);
  const includeInactive = input.query.includeInactive === true;
  return {
    body: listInMemory(
      groups.filter((g) => includeInactive || g.isActive),
      {
        search: input.query.search,
        searchable: (g) => [g.name],
        compare: (a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
        window: pageOf(input.query),
      },
    ),
  };
};

const listSalesRepsOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'listSalesReps'> = async (input) => {
  const reps = (await listSalesReps(input.auth.orgId)).filter((r) => r.isActive);
  const listed = listInMemory(reps, {
    search: input.query.search,
    searchable: (r) => [r.name, r.email],
    compare: (a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
    window: pageOf(input.query),
  });
  return {
    body: { ...listed, data: listed.data.map(({ id, name, email, role }) => ({ id, name, email, role })) },
  };
};

/** POST /customer-groups: the back office's `customer-group create`, over the API. */
const createCustomerGroupOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'createCustomerGroup'> = async ({
  auth,
  body,
  now,
  journal,
}) => ({
  status: 201,
  body: await createCustomerGroup({ orgId: auth.orgId, name: body.name }, requestContext({ now, journal })),
});

/** POST /sales-reps: the back office's `sales-rep create`, over the API. */
const createSalesRepOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'createSalesRep'> = async ({
  auth,
  body,
  now,
  journal,
}) => ({
  status: 201,
  body: await createSalesRep({ orgId: auth.orgId, ...body }, requestContext({ now, journal })),
});

/** PUT /sales-reps/{id}: a merge-patch; `sales-rep deactivate` is its `{ isActive: false }`. */
const updateSalesRepOp: OperationOf<typeof CUSTOMER_ENDPOINTS, 'updateSalesRep'> = async ({
  auth,
  params,
  body,
  now,
  journal,
}) => ({
  body: await updateSalesRep({ orgId: auth.orgId, id: params.id, ...body }, requestContext({ now, journal })),
});

/** PUT /customers/{id}/product-discounts/{productId}: the back office's `customer set-product-discount`. */
const setCustomerProductDiscountOp: OperationOf<
  typeof CUSTOMER_ENDPOINTS,
  'setCustomerProductDiscount'
> = async ({ auth, params, body, now, journal }) => ({
  body: await setCustomerProductDiscount(
    { orgId: auth.orgId, customerId: params.id, productId: params.productId, discountPct: body.discountPct },
    requestContext({ now, journal }),
  ),
});

export const customerOperations = operationsFor<typeof CUSTOMER_ENDPOINTS>({
  listCustomers: listCustomersOp,
  createCustomer: createCustomerOp,
  getCustomer: getCustomerOp,
  updateCustomer: updateCustomerOp,
  listCustomerContacts: listContactsOp,
  createCustomerContact: createContactOp,
  replaceCustomerContact: replaceContactOp,
  deleteCustomerContact: deleteContactOp,
  listCustomerAddresses: listAddressesOp,
  createCustomerAddress: createAddressOp,
  replaceCustomerAddress: replaceAddressOp,
  deleteCustomerAddress: deleteAddressOp,
  listCustomerGroups: listCustomerGroupsOp,
  listSalesReps: listSalesRepsOp,
  createCustomerGroup: createCustomerGroupOp,
  createSalesRep: createSalesRepOp,
  updateSalesRep: updateSalesRepOp,
  setCustomerProductDiscount: setCustomerProductDiscountOp,
});
