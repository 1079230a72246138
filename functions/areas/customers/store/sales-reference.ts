import { PutCommand, UpdateCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
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

export const customerGroupFromItem = (item: Record<string, unknown>): CustomerGroup => ({
  id: item.id as string,
  name: item.name as string,
  isActive: item.isActive as boolean,
});

export const salesRepFromItem = (item: Record<string, unknown>): SalesRep => ({
  id: item.id as string,
  name: item.name as string,
  email: item.email as string,
  role: item.role as string,
  isActive: item.isActive as boolean,
});

/** Customer groups and sales reps are small and live in one partition each; a list reads the partition. */
export async function listCustomerGroups(orgId: string): Promise<CustomerGroup[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.customerGroupCollection(orgId) },
  });
  return items.map(customerGroupFromItem);
}

export async function listSalesReps(orgId: string): Promise<SalesRep[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.salesRepCollection(orgId) },
  });
  return items.map(salesRepFromItem);
}

export async function putCustomerGroup(orgId: string, group: CustomerGroup): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.customerGroup(orgId, group.id), entity: 'CustomerGroup', orgId, ...group },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function putSalesRep(orgId: string, rep: SalesRep): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.salesRep(orgId, rep.id), entity: 'SalesRep', orgId, ...rep },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Marks a sales rep inactive; null when there is no such rep. */
export async function deactivateSalesRep(orgId: string, id: string): Promise<SalesRep | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.salesRep(orgId, id),
        UpdateExpression: 'SET isActive = :false',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':false': false },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? salesRepFromItem(Attributes) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}
