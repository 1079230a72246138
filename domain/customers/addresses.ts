import { unprocessable } from '../errors.js';
import { optionalText } from './contacts.js';

export const ADDRESS_TYPES = ['SHIPPING', 'BILLING', 'BOTH'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export interface AddressInput {
  label?: string | null;
  address?: string | null;
  city?: string | null;
  region?: string | null;
  suburb?: string | null;
  postcode?: string | null;
  country?: string | null;
  type?: AddressType;
  isDefaultShipping?: boolean;
  isDefaultBilling?: boolean;
}

export interface Address {
  id: string;
  label: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  suburb: string | null;
  postcode: string | null;
  country: string | null;
  type: AddressType;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The two default dimensions, each with the address types that can serve it. */
const DIMENSIONS = [
  { flag: 'isDefaultShipping', types: ['SHIPPING', 'BOTH'] },
  { flag: 'isDefaultBilling', types: ['BILLING', 'BOTH'] },
] as const;

export function addressFromInput(
  input: AddressInput,
  meta: { id: string; createdAt: string; now: string },
): Address {
  const address: Address = {
    id: meta.id,
    label: optionalText(input.label),
    address: optionalText(input.address),
    city: optionalText(input.city),
    region: optionalText(input.region),
    suburb: optionalText(input.suburb),
    postcode: optionalText(input.postcode),
    country: optionalText(input.country),
    type: input.type ?? 'BOTH',
    isDefaultShipping: input.isDefaultShipping ?? false,
    isDefaultBilling: input.isDefaultBilling ?? false,
    createdAt: meta.createdAt,
    updatedAt: meta.now,
  };
  for (const { flag, types } of DIMENSIONS) {
    if (address[flag] && !(types as readonly string[]).includes(address.type)) {
      throw unprocessable(`A ${address.type} address cannot be ${flag}`);
    }
  }
  return address;
}

/**
 * Keeps one default per dimension while a type-compatible address exists, each dimension independently.
 * `changed` is the address this write touched: a flag it carries unsets that flag elsewhere; a dimension
 * left without a default goes to the oldest compatible address, passing over `changed` when it declined
 * the flag, unless it is the only candidate. Addresses are kept oldest first.
 */
export function settleDefaults(addresses: Address[], changed?: string): Address[] {
  let next = addresses;
  for (const { flag, types } of DIMENSIONS) {
    const claimant = next.find((a) => a.id === changed && a[flag]);
    if (claimant) next = next.map((a) => (a.id !== claimant.id && a[flag] ? { ...a, [flag]: false } : a));
    if (next.some((a) => a[flag])) continue;
    const compatible = next.filter((a) => (types as readonly string[]).includes(a.type));
    const heir = compatible.find((a) => a.id !== changed) ?? compatible[0];
    if (heir) next = next.map((a) => (a.id === heir.id ? { ...a, [flag]: true } : a));
  }
  return next;
}

/** Create-time addresses: at most one per default flag; a dimension nobody claims goes to the first that fits. */
export function initialAddresses(addresses: Address[]): Address[] {
  for (const { flag } of DIMENSIONS) {
    if (addresses.filter((a) => a[flag]).length > 1) {
      throw unprocessable(`At most one address can have ${flag} true`);
    }
  }
  return settleDefaults(addresses);
}

/** Default billing first, then default shipping, then oldest (also used for supplier locations). */
export const addressesInOrder = <T extends Pick<Address, 'isDefaultBilling' | 'isDefaultShipping'>>(
  addresses: T[],
): T[] => {
  const rank = (a: T) => (a.isDefaultBilling ? 0 : a.isDefaultShipping ? 1 : 2);
  return addresses
    .map((a, i) => ({ a, i }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
    .map((x) => x.a);
};

/** The address the customer's scalar address fields mirror: the default billing, else the default shipping. */
export const mirrorSource = (addresses: Address[]): Address | undefined =>
  addresses.find((a) => a.isDefaultBilling) ?? addresses.find((a) => a.isDefaultShipping);
