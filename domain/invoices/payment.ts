/**
 * Recording a payment against an invoice (POST /invoices/{id}/payments) and applying a credit note to one.
 * Payments may carry up to 4 decimals; paidAmount is kept to 4 dp, balanceDue to 2, and an invoice is
 * fully settled at a remaining balance of 0.005 or less (half-cent tolerance).
 */
import { unprocessable } from '../errors.js';
import { line4 } from '../money.js';
import { assertCan } from '../workflow/transitions.js';
import {
  balanceDueOf,
  remainingBalance,
  settled,
  type Invoice,
  type Payment,
  type PaymentMethod,
} from './invoice.js';
import { INVOICE_RESOURCE, INVOICE_TRANSITIONS, type InvoiceStatus } from './status.js';

/** How far in the future paidAt may be (clock skew between the caller and the API). */
export const PAID_AT_FUTURE_MS = 5 * 60_000;
/** A payment may exceed the remaining balance by this much (the balance shown is rounded to the cent). */
export const OVERPAYMENT_TOLERANCE = 0.005;

export interface PaymentBody {
  amount: number;
  currency?: string;
  method?: PaymentMethod;
  reference?: string | null;
  notes?: string | null;
  paidAt?: string;
}

export interface PaymentResponse {
  id: string;
  amount: number;
  paymentDate: string;
  method: PaymentMethod;
  reference: string | null;
  notes: string | null;
  invoice: { id: string; paidAmount: number; status: InvoiceStatus; balanceDue: number };
}

export interface PaymentDecision {
  invoice: Invoice;
  payment: Payment;
  response: PaymentResponse;
}

const byPaymentDateDesc = (a: Payment, b: Payment) => b.paymentDate.localeCompare(a.paymentDate);

function checkAmount(amount: number, remaining: number, field: string): void {
  if (!(amount > 0)) throw unprocessable(`${field} must be greater than 0`);
  if (line4(amount) !== amount) throw unprocessable(`${field} carries more than 4 decimal places`);
  if (line4(amount - remaining) > OVERPAYMENT_TOLERANCE) {
    throw unprocessable(`${field} (${amount}) is above the remaining balance (${remaining})`);
  }
}

function checkPaidAt(paidAt: string, invoice: Invoice, now: string): void {
  const at = Date.parse(paidAt);
  if (Number.isNaN(at)) throw unprocessable(`paidAt (${paidAt}) is not a date-time`);
  if (at < Date.parse(invoice.invoiceDate)) {
    throw unprocessable(`paidAt (${paidAt}) is before the invoice date (${invoice.invoiceDate})`);
  }
  if (at > Date.parse(now) + PAID_AT_FUTURE_MS) {
    throw unprocessable(`paidAt (${paidAt}) is more than 5 minutes in the future`);
  }
}

/**
 * Spec: States and transitions > Invoice, payment. DRAFT, PAID and VOID invoices are refused naming the
 * status; so are an amount above the remaining balance, a currency other than the invoice's, and a paidAt
 * before the invoice date or more than 5 minutes ahead of now. SENT and PARTIALLY_PAID become PAID when
 * settled, else PARTIALLY_PAID; OVERDUE stays OVERDUE until settled, then PAID.
 */
export function decidePayment(
  invoice: Invoice,
  body: PaymentBody,
  ctx: { id: string; now: string },
): PaymentDecision {
  assertCan(INVOICE_TRANSITIONS, INVOICE_RESOURCE, invoice.status, 'pay');
  if (body.currency !== undefined && body.currency !== invoice.currency) {
    throw unprocessable(
      `currency (${body.currency}) does not match the invoice currency (${invoice.currency})`,
    );
  }
  checkAmount(body.amount, remainingBalance(invoice), 'amount');
  const paymentDate = body.paidAt ?? ctx.now;
  checkPaidAt(paymentDate, invoice, ctx.now);
  const payment: Payment = {
    id: ctx.id,
    amount: body.amount,
    paymentDate,
    method: body.method ?? 'BANK_TRANSFER',
    reference: body.reference ?? null,
    notes: body.notes ?? null,
    createdAt: ctx.now,
  };
  const paidAmount = line4(invoice.paidAmount + body.amount);
  const balanceDue = balanceDueOf({ ...invoice, paidAmount });
  const status: InvoiceStatus = settled(remainingBalance({ ...invoice, paidAmount }))
    ? 'PAID'
    : invoice.status === 'OVERDUE'
      ? 'OVERDUE'
      : 'PARTIALLY_PAID';
  const updated: Invoice = {
    ...invoice,
    status,
    paidAmount,
    balanceDue,
    payments: [payment, ...invoice.payments].sort(byPaymentDateDesc),
    updatedAt: ctx.now,
    version: invoice.version + 1,
  };
  const { createdAt: _createdAt, ...shown } = payment;
  return {
    invoice: updated,
    payment,
    response: { ...shown, invoice: { id: invoice.id, paidAmount, status, balanceDue } },
  };
}

/**
 * Applies an approved credit note to its invoice (the whole credit, at approval). Refused on a VOID
 * invoice and above the remaining balance (same half-cent tolerance as payments). A credit that settles
 * the invoice makes it PAID from any other status; a partial credit leaves the status as it is.
 */
export function applyCredit(invoice: Invoice, amount: number, now: string): Invoice {
  if (invoice.status === 'VOID') throw unprocessable(`Invoice ${invoice.invoiceNumber} is VOID`);
  checkAmount(amount, remainingBalance(invoice), 'Credit amount');
  const creditedAmount = line4(invoice.creditedAmount + amount);
  const next = { ...invoice, creditedAmount };
  return {
    ...next,
    status: settled(remainingBalance(next)) ? 'PAID' : invoice.status,
    balanceDue: balanceDueOf(next),
    updatedAt: now,
    version: invoice.version + 1,
  };
}
