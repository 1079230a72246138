import { addressesInOrder } from '../../../domain/customers/addresses.js';
import { contactsInOrder } from '../../../domain/customers/contacts.js';
import type { CustomerState } from '../../../domain/customers/customer.js';
import { Customer } from '../../../schemas/customers.js';
import { getCustomer } from './store/customers.js';
import { availableCredit, outstandingBalanceOf } from './balances.js';

const HEADER_FIELDS = Object.keys(Customer.properties);

export const customerSummary = (state: CustomerState) =>
  Object.fromEntries(HEADER_FIELDS.map((f) => [f, (state as unknown as Record<string, unknown>)[f] ?? null]));

/** The detail shape: header, ordered children, the parent embed and the credit figures. */
export async function customerDetail(orgId: string, state: CustomerState) {
  const [parent, outstanding] = await Promise.all([
    state.parentCustomerId ? getCustomer(orgId, state.parentCustomerId) : Promise.resolve(null),
    outstandingBalanceOf(orgId, state.id),
  ]);
  return {
    ...customerSummary(state),
    contacts: contactsInOrder(state.contacts),
    addresses: addressesInOrder(state.addresses),
    parentCustomer: parent ? { id: parent.state.id, code: parent.state.code, name: parent.state.name } : null,
    outstandingBalance: outstanding,
    availableCredit: availableCredit(state.creditLimit, outstanding),
  };
}
