import { createId } from '@paralleldrive/cuid2';
import {
  deactivateSalesRep as deactivate,
  putCustomerGroup,
  putSalesRep,
  type CustomerGroup,
  type SalesRep,
} from '../store/sales-reference.js';
import { BackOfficeError } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../../organisations/public.js';

export async function createCustomerGroup(input: { orgId: string; name: string }): Promise<CustomerGroup> {
  await requireOrganisation(input.orgId);
  const group: CustomerGroup = { id: createId(), name: input.name, isActive: true };
  await putCustomerGroup(input.orgId, group);
  return group;
}

/** A sales rep is an active member who sells; the id created here is the member's user id. */
export async function createSalesRep(input: {
  orgId: string;
  name: string;
  email: string;
  role?: string;
}): Promise<SalesRep> {
  await requireOrganisation(input.orgId);
  const rep: SalesRep = {
    id: createId(),
    name: input.name,
    email: input.email,
    role: input.role ?? 'sales',
    isActive: true,
  };
  await putSalesRep(input.orgId, rep);
  return rep;
}

export async function deactivateSalesRep(input: { orgId: string; id: string }): Promise<SalesRep> {
  await requireOrganisation(input.orgId);
  const rep = await deactivate(input.orgId, input.id);
  if (!rep) throw new BackOfficeError(`sales rep ${input.id} not found`);
  return rep;
}
