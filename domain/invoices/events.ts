/** The events of an invoice, one builder per type so every write emits the same shape. */
import { event, type Event } from '../events.js';
import type { Invoice, Payment } from './invoice.js';

export const invoiceCreated = (
  invoice: Pick<Invoice, 'id' | 'invoiceNumber' | 'customerId' | 'totalAmount'>,
  salesOrderId: string,
): Event<'invoice.created'> =>
  event('invoice.created', {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    salesOrderId,
    customerId: invoice.customerId,
    totalAmount: invoice.totalAmount,
  });

/** `invoice` is the invoice after the payment (its status and balanceDue). */
export const invoicePaymentRecorded = (
  invoice: Pick<Invoice, 'id' | 'invoiceNumber' | 'status' | 'balanceDue'>,
  payment: Pick<Payment, 'id' | 'amount'>,
): Event<'invoice.payment_recorded'> =>
  event('invoice.payment_recorded', {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    paymentId: payment.id,
    amount: payment.amount,
    status: invoice.status,
    balanceDue: invoice.balanceDue,
  });
