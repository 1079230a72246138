/**
 * Customer groups and sales reps (design.md sections 5 and 7): `customer-group create`, `sales-rep
 * create|deactivate` on the CLI and `POST /customer-groups`, `POST /sales-reps`, `PUT /sales-reps/{id}`
 * over the API. Neither is unique by name or email (the spec keys both by id, and the CLI never refused a
 * duplicate); neither has an event type, so each write is audited only.
 */
import { newId } from '../../../platform/ids.js';
import { patchSalesRep, type SalesRepPatch } from '../../../../domain/customers/sales-reps.js';
import { notFound } from '../../../../domain/errors.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import {
  customerGroups,
  salesRepReplaceItem,
  salesReps,
  type CustomerGroup,
  type SalesRep,
} from '../store/sales-reference.js';

export async function createCustomerGroup(
  input: { orgId: string; name: string },
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<CustomerGroup> {
  const group: CustomerGroup = { id: newId(), name: input.name, isActive: true };
  await transact([
    customerGroups.createItem(input.orgId, group),
    ...context.journal.items({
      audit: [
        { resourceType: 'customer_group', resourceId: group.id, action: 'create', changedFields: ['name'] },
      ],
      response: { status: 201, body: group },
    }),
  ]);
  return group;
}

/** A sales rep is an active member who sells; the id created here is the member's user id. */
export async function createSalesRep(
  input: { orgId: string; name: string; email: string; role?: string | null },
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<SalesRep> {
  const rep: SalesRep = {
    id: newId(),
    name: input.name,
    email: input.email,
    role: input.role ?? 'sales',
    isActive: true,
  };
  await transact([
    salesReps.createItem(input.orgId, rep),
    ...context.journal.items({
      audit: [
        {
          resourceType: 'sales_rep',
          resourceId: rep.id,
          action: 'create',
          changedFields: ['name', 'email', 'role'],
        },
      ],
      response: { status: 201, body: rep },
    }),
  ]);
  return rep;
}

/**
 * A merge-patch of name, email and isActive (false deactivates the rep: it leaves GET /sales-reps and is
 * refused as a new salesRepId; true brings it back). A patch that changes nothing writes nothing.
 */
export async function updateSalesRep(
  input: { orgId: string; id: string } & SalesRepPatch,
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<SalesRep> {
  const { orgId, id, ...patch } = input;
  return writeOptimistically({
    run: async () => {
      const current = await salesReps.getByKey(salesReps.key(orgId, id));
      if (!current) throw notFound('Sales rep');
      const { next, changed, action } = patchSalesRep(current, patch);
      if (changed.length === 0) return current;
      await transact([
        salesRepReplaceItem(orgId, current, next),
        ...context.journal.items({
          audit: [{ resourceType: 'sales_rep', resourceId: id, action, changedFields: changed }],
          response: { status: 200, body: next },
        }),
      ]);
      return next;
    },
    onExhausted: () => context.exhausted('The sales rep kept changing while it was updated'),
  });
}

/** `sales-rep deactivate`: the patch `{ isActive: false }`. */
export const deactivateSalesRep = (input: { orgId: string; id: string }) =>
  updateSalesRep({ ...input, isActive: false });
