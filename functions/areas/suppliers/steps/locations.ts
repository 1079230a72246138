/**
 * `supplier add-location` and `POST /suppliers/{id}/locations` (design.md section 7): a location of the
 * supplier; a default flag it claims is taken from the supplier's other locations in the same transaction.
 */
import { newId } from '../../../platform/ids.js';
import { ADDRESS_TYPES, type AddressType } from '../../../../domain/customers/addresses.js';
import { notFound, validationError } from '../../../../domain/errors.js';
import { defaultsLostTo, type SupplierLocation } from '../../../../domain/suppliers/locations.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { requireOrganisation } from '../../organisations/public.js';
import { getSupplierLocations, locationFlagsUpdate, locationPut } from '../store/suppliers.js';

/** A location's writable fields, in the names the supplier's detail shows. */
export interface SupplierLocationInput {
  name: string;
  type?: string;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  city?: string | null;
  region?: string | null;
  postcode?: string | null;
  country?: string | null;
  isDefaultShipping?: boolean;
  isDefaultBilling?: boolean;
}

/** The new location as the CLI prints it (operators script on its id); the API answers the supplier. */
export async function addSupplierLocation(
  input: { orgId: string; supplierId: string } & SupplierLocationInput,
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<SupplierLocation> {
  await requireOrganisation(input.orgId);
  const type = input.type ?? 'BOTH';
  if (!(ADDRESS_TYPES as readonly string[]).includes(type)) {
    throw validationError([{ path: 'type', message: `must be one of ${ADDRESS_TYPES.join(', ')}` }]);
  }
  const name = input.name.trim();
  if (name.length === 0) throw validationError([{ path: 'name', message: 'must not be blank' }]);
  const text = (value: string | null | undefined) => value?.trim() || null;
  const location: SupplierLocation = {
    id: newId(),
    name,
    type: type as AddressType,
    contactName: text(input.contactName),
    contactEmail: text(input.contactEmail),
    contactPhone: text(input.contactPhone),
    address: text(input.address),
    city: text(input.city),
    region: text(input.region),
    postcode: text(input.postcode),
    country: text(input.country),
    isDefaultShipping: input.isDefaultShipping ?? false,
    isDefaultBilling: input.isDefaultBilling ?? false,
    createdAt: context.now.toISOString(),
  };
  // A flag moved off a location that changed meanwhile (or a racing claimant) re-reads and decides again.
  await writeOptimistically({
    run: async () => {
      const existing = await getSupplierLocations(input.orgId, input.supplierId);
      if (!existing) throw notFound('Supplier');
      await transact([
        locationPut(input.orgId, input.supplierId, location),
        ...defaultsLostTo(existing, location).map((c) =>
          locationFlagsUpdate(input.orgId, input.supplierId, c),
        ),
        ...context.journal.items({
          audit: [
            {
              resourceType: 'supplier',
              resourceId: input.supplierId,
              action: 'add-location',
              changedFields: ['locations'],
            },
          ],
        }),
      ]);
    },
    onExhausted: () =>
      context.exhausted("The supplier's locations kept changing while the location was added"),
  });
  return location;
}
