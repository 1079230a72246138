/**
 * The invoice's state machine (spec: States and transitions > Invoice; design.md section 5 for the back
 * office's send, void and overdue roll). Invoices start DRAFT; payments and credits settle them.
 */
import type { Transitions } from '../workflow/transitions.js';

export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_RESOURCE = 'Invoice';

export const INVOICE_TRANSITIONS = {
  send: { from: ['DRAFT'], to: 'SENT' },
  // The domain picks PAID or PARTIALLY_PAID (OVERDUE stays OVERDUE until settled); `to` names the usual outcome.
  pay: { from: ['SENT', 'PARTIALLY_PAID', 'OVERDUE'], to: 'PAID' },
  // Refused as well while the invoice carries payments (lifecycle.ts).
  void: { from: ['DRAFT', 'SENT', 'PARTIALLY_PAID', 'OVERDUE'], to: 'VOID' },
  rollOverdue: { from: ['SENT', 'PARTIALLY_PAID'], to: 'OVERDUE' },
} as const satisfies Transitions<InvoiceStatus>;

export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;

/** Statuses that count towards a customer's outstanding balance and the receivable-aging report. */
export const isReceivable = (status: InvoiceStatus): boolean => status !== 'DRAFT' && status !== 'VOID';
