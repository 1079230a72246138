import { getCustomerAccount } from './store/account.js';

/** What the customer owes over its non-DRAFT, non-VOID invoices, from its running account item. */
export async function outstandingBalanceOf(orgId: string, customerId: string): Promise<number> {
  return (await getCustomerAccount(orgId, customerId)).outstandingBalance;
}

/** Credit still available: the limit less what is outstanding; null when the limit is null (unlimited). */
export const availableCredit = (creditLimit: number | null, outstanding: number): number | null =>
  creditLimit === null ? null : Math.round((creditLimit - outstanding) * 100) / 100;
