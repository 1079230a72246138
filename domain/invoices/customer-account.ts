/**
 * What an invoice owes its customer's account (`outstandingBalance`): its balanceDue while receivable (not
 * DRAFT, not VOID), nothing otherwise. Every write that changes an invoice moves the account by the change
 * in that figure, never by the money received: a payment carries up to 4 decimals while balanceDue is kept
 * to the cent and settles to 0 within half a cent, so moving by the payment would leave a residue (or a
 * negative account) that never clears. The account then always equals the sum of the open balances.
 */
import { header2 } from '../money.js';
import type { Invoice } from './invoice.js';
import { isReceivable } from './status.js';

type Owed = Pick<Invoice, 'status' | 'balanceDue'>;

/** The invoice's share of its customer's outstandingBalance. */
export const owedOnAccount = (invoice: Owed): number =>
  isReceivable(invoice.status) ? invoice.balanceDue : 0;

/** How far a change of one invoice (before -> after) moves its customer's outstandingBalance (2 dp). */
export const accountDelta = (before: Owed, after: Owed): number =>
  header2(owedOnAccount(after) - owedOnAccount(before));

/** A customer's outstandingBalance as its invoices imply it: the sum of their open balances (2 dp). */
export const accountBalanceOf = (invoices: readonly Owed[]): number =>
  header2(invoices.reduce((sum, invoice) => sum + owedOnAccount(invoice), 0));
