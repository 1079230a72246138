import { tenantPrefix } from '../../../platform/dynamo/keys.js';
import { smallCollection } from '../../../platform/dynamo/entity.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import type { TransactItem } from '../../../platform/dynamo/transact.js';

export interface CustomerGroup {
  id: string;
  name: string;
  isActive: boolean;
}

/** A member who sells; `id` is the member's user id. */
export interface SalesRep {
  id: string;
  name: string;
  email: string;
  role: string;
  isActive: boolean;
}

/** Customer groups and sales reps are small and live in one partition each; a list reads the partition. */
export const customerGroups = smallCollection<CustomerGroup>({
  name: 'CustomerGroup',
  fields: ['id', 'name', 'isActive'],
  collection: (orgId) => `${tenantPrefix(orgId)}#CUSTOMER_GROUP`,
});

export const salesReps = smallCollection<SalesRep>({
  name: 'SalesRep',
  fields: ['id', 'name', 'email', 'role', 'isActive'],
  // Sales reps are keyed by the member's user id, which is the id the API shows.
  collection: (orgId) => `${tenantPrefix(orgId)}#SALES_REP`,
});

export const listCustomerGroups = customerGroups.list;
export const listSalesReps = salesReps.list;

/**
 * A sales rep replaced as read: the condition holds only while its patchable fields are still what the
 * writer read, so two racing patches never both commit on the same read (the loser reads again).
 */
export function salesRepReplaceItem(orgId: string, read: SalesRep, next: SalesRep): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: salesReps.toItem(orgId, next),
      ConditionExpression: 'attribute_exists(PK) AND #name = :name AND email = :email AND isActive = :active',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': read.name, ':email': read.email, ':active': read.isActive },
    },
  };
}
