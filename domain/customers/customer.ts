import type { Currency } from '../currency.js';
import { conflict, unprocessable } from '../errors.js';
import {
  addressFromInput,
  initialAddresses,
  mirrorSource,
  type Address,
  type AddressInput,
} from './addresses.js';
import {
  contactFromInput,
  initialContacts,
  optionalText,
  type Contact,
  type ContactInput,
} from './contacts.js';

/** Writable fields of a customer, after defaults (contacts and addresses are separate). */
export interface CustomerFields {
  code: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  region: string | null;
  suburb: string | null;
  postcode: string | null;
  location: string | null;
  taxNumber: string | null;
  notes: string | null;
  currency: Currency;
  priceTierId: string | null;
  customerGroupId: string | null;
  salesRepId: string | null;
  parentCustomerId: string | null;
  paymentTermsDays: number | null;
  isHeadOffice: boolean;
  creditLimit: number | null;
  creditHold: boolean;
  creditHoldReason: string | null;
  discountPct: number | null;
  taxExempt: boolean;
  taxExemptReason: string | null;
}

export interface CustomerState extends CustomerFields {
  id: string;
  isActive: boolean;
  contacts: Contact[];
  addresses: Address[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type CustomerCreateInput = Partial<CustomerFields> &
  Pick<CustomerFields, 'code' | 'name'> & { contacts?: ContactInput[]; addresses?: AddressInput[] };
export type CustomerPatch = Partial<CustomerFields> & { isActive?: boolean };

/** Fields only a key holding customers.manage_credit may send. */
export const CREDIT_FIELDS = [
  'creditLimit',
  'creditHold',
  'creditHoldReason',
  'discountPct',
  'taxExempt',
  'taxExemptReason',
] as const;

/** Optional text fields where null and "" both mean no value. */
const TEXT_FIELDS = [
  'email',
  'phone',
  'address',
  'region',
  'suburb',
  'postcode',
  'location',
  'taxNumber',
  'notes',
  'creditHoldReason',
  'taxExemptReason',
] as const;

/** Scalars mirrored from the primary contact and the default address, with the child field each maps to. */
const CONTACT_MIRROR = { email: 'email', phone: 'phone' } as const;
const ADDRESS_MIRROR = {
  address: 'address',
  location: 'city',
  region: 'region',
  suburb: 'suburb',
  postcode: 'postcode',
} as const;

export const CUSTOMER_DEFAULTS: Omit<CustomerFields, 'code' | 'name'> = {
  email: null,
  phone: null,
  address: null,
  region: null,
  suburb: null,
  postcode: null,
  location: null,
  taxNumber: null,
  notes: null,
  currency: 'NZD',
  priceTierId: null,
  customerGroupId: null,
  salesRepId: null,
  parentCustomerId: null,
  paymentTermsDays: null,
  isHeadOffice: false,
  creditLimit: null,
  creditHold: false,
  creditHoldReason: null,
  discountPct: null,
  taxExempt: false,
  taxExemptReason: null,
};

export interface Ids {
  next: () => string;
}

function normaliseText<T extends Partial<CustomerFields>>(fields: T): T {
  const out: Record<string, unknown> = { ...fields };
  for (const field of TEXT_FIELDS) if (field in out) out[field] = optionalText(out[field] as string | null);
  return out as T;
}

const stripUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function checkShape(fields: CustomerFields): void {
  if (fields.isHeadOffice && fields.parentCustomerId !== null) {
    throw unprocessable('isHeadOffice and parentCustomerId are mutually exclusive');
  }
}

/** Re-syncs the scalar mirror from the primary contact and the default address; absent sources keep it. */
export function syncMirror<T extends CustomerState>(state: T): T {
  const next: T = { ...state };
  const primary = state.contacts.find((c) => c.isPrimary);
  if (primary)
    for (const [scalar, field] of Object.entries(CONTACT_MIRROR))
      next[scalar as 'email'] = primary[field as 'email'];
  const source = mirrorSource(state.addresses);
  if (source)
    for (const [scalar, field] of Object.entries(ADDRESS_MIRROR))
      next[scalar as 'address'] = source[field as 'address'];
  return next;
}

/**
 * A new customer. Supplied contacts/addresses win and the scalars are recomputed from them; without them a
 * primary contact and a default address are built from the scalars (when there is anything to build from).
 */
export function createCustomer(
  input: CustomerCreateInput,
  meta: { id: string; now: string; ids: Ids },
): CustomerState {
  const { contacts: contactInputs, addresses: addressInputs, ...scalars } = input;
  const fields: CustomerFields = { ...CUSTOMER_DEFAULTS, ...normaliseText(stripUndefined(scalars)) };
  checkShape(fields);
  const at = { createdAt: meta.now, now: meta.now };
  const contacts =
    contactInputs && contactInputs.length > 0
      ? initialContacts(contactInputs.map((c) => contactFromInput(c, { ...at, id: meta.ids.next() })))
      : fields.email !== null || fields.phone !== null
        ? [
            contactFromInput(
              { name: fields.name, email: fields.email, phone: fields.phone, isPrimary: true },
              { ...at, id: meta.ids.next() },
            ),
          ]
        : [];
  const hasScalarAddress = Object.keys(ADDRESS_MIRROR).some((k) => fields[k as 'address'] !== null);
  const addresses =
    addressInputs && addressInputs.length > 0
      ? initialAddresses(addressInputs.map((a) => addressFromInput(a, { ...at, id: meta.ids.next() })))
      : hasScalarAddress
        ? [
            addressFromInput(
              {
                address: fields.address,
                city: fields.location,
                region: fields.region,
                suburb: fields.suburb,
                postcode: fields.postcode,
                type: 'BOTH',
                isDefaultBilling: true,
                isDefaultShipping: true,
              },
              { ...at, id: meta.ids.next() },
            ),
          ]
        : [];
  return syncMirror({
    ...fields,
    id: meta.id,
    isActive: true,
    contacts,
    addresses,
    version: 1,
    createdAt: meta.now,
    updatedAt: meta.now,
  });
}

/**
 * Merge-patch. Edited scalar email/phone/address fields propagate to the primary contact and the default
 * address (when they exist), so the mirror stays true.
 */
export function patchCustomer(current: CustomerState, patch: CustomerPatch, now: string): CustomerState {
  const changes = normaliseText(stripUndefined(patch));
  const merged: CustomerState = { ...current, ...changes };
  checkShape(merged);
  const contactEdits = Object.entries(CONTACT_MIRROR).filter(([scalar]) => scalar in changes);
  const contacts = current.contacts.map((c) =>
    c.isPrimary && contactEdits.some(([s, f]) => c[f] !== merged[s as 'email'])
      ? {
          ...c,
          ...Object.fromEntries(contactEdits.map(([s, f]) => [f, merged[s as 'email']])),
          updatedAt: now,
        }
      : c,
  );
  const source = mirrorSource(current.addresses);
  const addressEdits = Object.entries(ADDRESS_MIRROR).filter(([scalar]) => scalar in changes);
  const addresses = current.addresses.map((a) =>
    a.id === source?.id && addressEdits.some(([s, f]) => a[f] !== merged[s as 'address'])
      ? {
          ...a,
          ...Object.fromEntries(addressEdits.map(([s, f]) => [f, merged[s as 'address']])),
          updatedAt: now,
        }
      : a,
  );
  return syncMirror({ ...merged, contacts, addresses, version: current.version + 1, updatedAt: now });
}

/** Replaces the children (a contact or address write) and re-syncs the mirror. */
export function withChildren(
  current: CustomerState,
  children: { contacts?: Contact[]; addresses?: Address[] },
  now: string,
): CustomerState {
  return syncMirror({
    ...current,
    contacts: children.contacts ?? current.contacts,
    addresses: children.addresses ?? current.addresses,
    version: current.version + 1,
    updatedAt: now,
  });
}

/** Un-marking a head office while subsidiaries link to it (409). */
export function checkHeadOfficeChange(
  current: CustomerState,
  next: CustomerState,
  subsidiaries: number,
): void {
  if (current.isHeadOffice && !next.isHeadOffice && subsidiaries > 0) {
    throw conflict(
      `The customer is the head office of ${subsidiaries} subsidiar${subsidiaries === 1 ? 'y' : 'ies'}; unlink them before un-marking isHeadOffice`,
    );
  }
}

/** The most children a customer can hold of each kind. */
export const MAX_CHILDREN = 50;

export function checkChildCap(kind: 'contacts' | 'addresses', count: number): void {
  if (count > MAX_CHILDREN) throw unprocessable(`A customer can have at most ${MAX_CHILDREN} ${kind}`);
}
