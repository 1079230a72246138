/**
 * A customer's running account: one item beside the customer holding `outstandingBalance` (the balance
 * due over its non-DRAFT, non-VOID invoices, moved by invoicing in the invoice's own transactions) and
 * `orderCount` (its sales orders, behind the customerId list filter's total). Confirm reads it in one
 * get instead of summing invoices. Absent until the first order or invoice: everything is 0.
 */
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import type { Key } from '../../../platform/dynamo/keys.js';
import { customerKey } from './customers.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

export const customerAccountKey = (orgId: string, customerId: string): Key => ({
  PK: customerKey(orgId, customerId).PK,
  SK: 'ACCOUNT',
});

export interface CustomerAccount {
  outstandingBalance: number;
  orderCount: number;
}

export async function getCustomerAccount(orgId: string, customerId: string): Promise<CustomerAccount> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: customerAccountKey(orgId, customerId),
      ConsistentRead: true,
    }),
  );
  return {
    outstandingBalance: (Item?.outstandingBalance as number | undefined) ?? 0,
    orderCount: (Item?.orderCount as number | undefined) ?? 0,
  };
}
