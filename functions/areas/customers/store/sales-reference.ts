import { UpdateCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { tenantPrefix } from '../../../platform/dynamo/keys.js';
import { smallCollection } from '../../../platform/dynamo/entity.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

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
export const putCustomerGroup = customerGroups.create;
export const putSalesRep = salesReps.create;

/** Marks a sales rep inactive; null when there is no such rep. */
export async function deactivateSalesRep(orgId: string, id: string): Promise<SalesRep | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: salesReps.key(orgId, id),
        UpdateExpression: 'SET isActive = :false',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':false': false },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? salesReps.fromItem(Attributes) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}
