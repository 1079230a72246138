import { createId } from '@paralleldrive/cuid2';
import { requirePermission } from '../../../domain/auth/scopes.js';
import {
  addressFromInput,
  addressesInOrder,
  settleDefaults,
  type AddressInput,
} from '../../../domain/customers/addresses.js';
import {
  contactFromInput,
  contactsInOrder,
  settlePrimary,
  type ContactInput,
} from '../../../domain/customers/contacts.js';
import {
  checkChildCap,
  checkHeadOfficeChange,
  createCustomer,
  CREDIT_FIELDS,
  patchCustomer,
  withChildren,
  type CustomerCreateInput,
  type CustomerPatch,
  type CustomerState,
} from '../../../domain/customers/customer.js';
import { changedFields } from '../../../domain/changed-fields.js';
import { conflict, notFound } from '../../../domain/errors.js';
import { byText, listInMemory } from '../../../domain/listing/in-memory.js';
import { paginate, pageWindow } from '../../../domain/listing/pagination.js';
import type { AuthContext, Operation, OperationInput, OperationsOf } from '../../platform/http/types.js';
import type { CUSTOMER_ENDPOINTS } from './endpoints.js';
import { listCodedOperation } from '../../platform/http/coded-list-operation.js';
import {
  customerCreateItems,
  customerFromItem,
  customerReplaceItems,
  getCustomer,
  type CustomerRecord,
} from './store/customers.js';
import { keys } from '../../platform/dynamo/keys.js';
import { listCustomerGroups, listSalesReps } from './store/sales-reference.js';
import { transact } from '../../platform/dynamo/transact.js';
import { writeOptimistically } from '../../platform/dynamo/optimistic.js';
import { checkReferences } from './references.js';
import { customerDetail, customerSummary } from './view.js';

const window = (input: OperationInput) =>
  pageWindow(input.query.page as number, input.query.pageSize as number);

/** Credit fields need customers.manage_credit on top of the endpoint's permission (403 forbidden). */
function requireCreditPermission(auth: AuthContext, body: object): void {
  if (CREDIT_FIELDS.some((field) => field in body)) requirePermission(auth, 'customers.manage_credit');
}

const listCustomersOp = listCodedOperation(
  keys.customerCollection,
  (i) => customerSummary(customerFromItem(i).state),
  keys.customer,
);

const createCustomerOp: Operation = async ({ auth, body, now, journal }) => {
  requireCreditPermission(auth, body as object);
  const state = createCustomer(body as CustomerCreateInput, {
    id: createId(),
    now: now.toISOString(),
    ids: { next: createId },
  });
  await checkReferences(auth.orgId, state, null);
  await transact([
    ...customerCreateItems(auth.orgId, state),
    ...journal.items({
      events: [{ event: 'customer.created', data: { id: state.id } }],
      audit: [
        {
          resourceType: 'customer',
          resourceId: state.id,
          action: 'create',
          changedFields: Object.keys(body as object),
        },
      ],
    }),
  ]);
  return { status: 201, body: await customerDetail(auth.orgId, state) };
};

/** A write races other writers on the version; a lost race is re-read and re-applied, a few times. */
const UPDATE_ATTEMPTS = 3;
/**
 * Contacts and addresses live inside the customer item, so parallel child writes to one customer all race
 * on its one version; they may take as many turns as a crowd of stock writers.
 */
const CHILD_WRITE_ATTEMPTS = 15;

/**
 * Reads the customer, applies `change`, checks the rules that need the store, and commits the new state
 * with its customer.updated event and audit entry. A change that alters nothing writes nothing.
 */
function changeCustomer(
  { auth, params, now, journal, preconditions }: OperationInput,
  action: string,
  change: (current: CustomerRecord, at: string) => CustomerState,
  attempts = UPDATE_ATTEMPTS,
): Promise<CustomerState> {
  const id = params.id!;
  return writeOptimistically({
    attempts,
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
          events: [{ event: 'customer.updated', data: { id } }],
          audit: [{ resourceType: 'customer', resourceId: id, action, changedFields: changed }],
        }),
      ]);
      return next;
    },
    onExhausted: () => conflict('The customer was changed by another request at the same time; retry'),
  });
}

const changeChildren = (
  input: OperationInput,
  action: string,
  change: (current: CustomerRecord, at: string) => CustomerState,
) => changeCustomer(input, action, change, CHILD_WRITE_ATTEMPTS);

const detailOf = async (input: OperationInput, state: CustomerState, status = 200) => ({
  status,
  body: await customerDetail(input.auth.orgId, state),
  version: state.version,
});

const updateCustomerOp: Operation = async (input) => {
  requireCreditPermission(input.auth, input.body as object);
  const state = await changeCustomer(input, 'update', (current, at) =>
    patchCustomer(current.state, input.body as CustomerPatch, at),
  );
  return detailOf(input, state);
};

const getCustomerOp: Operation = async (input) => {
  const current = await getCustomer(input.auth.orgId, input.params.id!);
  if (!current) throw notFound('Customer');
  return detailOf(input, current.state);
};

const listContactsOp: Operation = async (input) => {
  const current = await getCustomer(input.auth.orgId, input.params.id!);
  if (!current) throw notFound('Customer');
  const page = window(input);
  const ordered = contactsInOrder(current.state.contacts);
  return { body: paginate(ordered.slice(page.offset, page.offset + page.pageSize), ordered.length, page) };
};

const listAddressesOp: Operation = async (input) => {
  const current = await getCustomer(input.auth.orgId, input.params.id!);
  if (!current) throw notFound('Customer');
  const page = window(input);
  const ordered = addressesInOrder(current.state.addresses);
  return { body: paginate(ordered.slice(page.offset, page.offset + page.pageSize), ordered.length, page) };
};

const createContactOp: Operation = async (input) => {
  const state = await changeChildren(input, 'add-contact', ({ state: current }, at) => {
    checkChildCap('contacts', current.contacts.length + 1);
    const contact = contactFromInput(input.body as ContactInput, { id: createId(), createdAt: at, now: at });
    const contacts = settlePrimary([...current.contacts, contact], {
      flagged: contact.isPrimary ? contact.id : undefined,
    });
    return withChildren(current, { contacts }, at);
  });
  return detailOf(input, state, 201);
};

const replaceContactOp: Operation = async (input) => {
  const contactId = input.params.contactId!;
  const state = await changeChildren(input, 'replace-contact', ({ state: current }, at) => {
    const existing = current.contacts.find((c) => c.id === contactId);
    if (!existing) throw notFound('Contact');
    const contact = contactFromInput(input.body as ContactInput, {
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

const deleteContactOp: Operation = async (input) => {
  const contactId = input.params.contactId!;
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

const createAddressOp: Operation = async (input) => {
  const state = await changeChildren(input, 'add-address', ({ state: current }, at) => {
    checkChildCap('addresses', current.addresses.length + 1);
    const address = addressFromInput(input.body as AddressInput, { id: createId(), createdAt: at, now: at });
    return withChildren(
      current,
      { addresses: settleDefaults([...current.addresses, address], address.id) },
      at,
    );
  });
  return detailOf(input, state, 201);
};

const replaceAddressOp: Operation = async (input) => {
  const addressId = input.params.addressId!;
  const state = await changeChildren(input, 'replace-address', ({ state: current }, at) => {
    const existing = current.addresses.find((a) => a.id === addressId);
    if (!existing) throw notFound('Address');
    const address = addressFromInput(input.body as AddressInput, {
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

const deleteAddressOp: Operation = async (input) => {
  const addressId = input.params.addressId!;
  const state = await changeChildren(input, 'delete-address', ({ state: current }, at) => {
    if (!current.addresses.some((a) => a.id === addressId)) throw notFound('Address');
    // A deleted default passes to the oldest type-compatible remaining address, per dimension.
    const addresses = settleDefaults(current.addresses.filter((a) => a.id !== addressId));
    return withChildren(current, { addresses }, at);
  });
  return detailOf(input, state);
};

const listCustomerGroupsOp: Operation = async (input) => {
  const groups = await listCustomerGroups(input.auth.orgId);
  const includeInactive = input.query.includeInactive === true;
  return {
    body: listInMemory(
      groups.filter((g) => includeInactive || g.isActive),
      {
        search: input.query.search as string | undefined,
        searchable: (g) => [g.name],
        compare: (a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
        window: window(input),
      },
    ),
  };
};

const listSalesRepsOp: Operation = async (input) => {
  const reps = (await listSalesReps(input.auth.orgId)).filter((r) => r.isActive);
  const listed = listInMemory(reps, {
    search: input.query.search as string | undefined,
    searchable: (r) => [r.name, r.email],
    compare: (a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id),
    window: window(input),
  });
  return {
    body: { ...listed, data: listed.data.map(({ id, name, email, role }) => ({ id, name, email, role })) },
  };
};

export const customerOperations: OperationsOf<typeof CUSTOMER_ENDPOINTS> = {
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
};
