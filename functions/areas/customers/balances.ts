/**
 * The seam for invoice-derived figures. No invoices exist yet, so nothing is outstanding; the invoices
 * area answers here (from its per-customer balance) when it arrives.
 */
export async function outstandingBalanceOf(_orgId: string, _customerId: string): Promise<number> {
  return 0;
}

/** Credit still available: the limit less what is outstanding; null when the limit is null (unlimited). */
export const availableCredit = (creditLimit: number | null, outstanding: number): number | null =>
  creditLimit === null ? null : Math.round((creditLimit - outstanding) * 100) / 100;
