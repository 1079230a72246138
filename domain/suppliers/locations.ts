import type { AddressType } from '../customers/addresses.js';

/** A supplier location (written by the back office; read through the API). */
export interface SupplierLocation {
  id: string;
  name: string;
  type: AddressType;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
  createdAt: string;
}

/** The existing locations that lose a default flag because the new location claims it. */
export function defaultsLostTo(
  existing: SupplierLocation[],
  claimant: Pick<SupplierLocation, 'isDefaultShipping' | 'isDefaultBilling'>,
): { id: string; isDefaultShipping: boolean; isDefaultBilling: boolean }[] {
  return existing
    .filter(
      (l) =>
        (claimant.isDefaultShipping && l.isDefaultShipping) ||
        (claimant.isDefaultBilling && l.isDefaultBilling),
    )
    .map((l) => ({
      id: l.id,
      isDefaultShipping: l.isDefaultShipping && !claimant.isDefaultShipping,
      isDefaultBilling: l.isDefaultBilling && !claimant.isDefaultBilling,
    }));
}

/** Oldest first (ids break ties between locations created in the same millisecond). */
export const oldestFirst = (locations: SupplierLocation[]): SupplierLocation[] =>
  [...locations].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
