/**
 * A credit note (spec: Credit note (read-only); design.md section 5): created DRAFT by the back office
 * against a customer, optionally linked to one of its invoices and to a sales order, optionally returning
 * its lines' stock to a warehouse. Approval applies the whole credit to the linked invoice and books the
 * stock back; voiding reverses both. Line figures 4 dp, header sums 2 dp.
 */
import { documentNumber } from '../document-number.js';
import { unprocessable } from '../errors.js';
import { header2, line4 } from '../money.js';
import { assertCan, type Transitions } from '../workflow/transitions.js';

export const CREDIT_NOTE_STATUSES = ['DRAFT', 'APPROVED', 'VOID'] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

export const CREDIT_NOTE_RESOURCE = 'Credit note';
export const CREDIT_NOTE_PREFIX = 'CN';
export const formatCreditNoteNumber = (sequence: number): string =>
  documentNumber(CREDIT_NOTE_PREFIX, sequence);

export const CREDIT_NOTE_TRANSITIONS = {
  approve: { from: ['DRAFT'], to: 'APPROVED' },
  void: { from: ['DRAFT', 'APPROVED'], to: 'VOID' },
} as const satisfies Transitions<CreditNoteStatus>;

export interface CreditNoteLine {
  id: string;
  productId: string;
  product: { sku: string; name: string };
  quantity: number;
  unitPrice: number;
  /** A fraction (0.2 = 20 %), as on order lines. */
  taxRate: number;
  /** quantity x unitPrice, 4 dp. */
  lineTotal: number;
  taxAmount: number;
}

export interface CreditNote {
  id: string;
  creditNoteNumber: string;
  status: CreditNoteStatus;
  customerId: string;
  customer: { id: string; code: string; name: string };
  invoice: { id: string; invoiceNumber: string } | null;
  salesOrder: { id: string; orderNumber: string } | null;
  returnStock: boolean;
  warehouseId: string | null;
  creditDate: string;
  lines: CreditNoteLine[];
  subtotal: number;
  taxTotal: number;
  totalAmount: number;
  approvedAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface CreditNoteLineInput {
  productId: string;
  quantity: number;
  unitPrice: number;
  taxRate?: number;
}

export interface CreditNoteDraft {
  customer: CreditNote['customer'];
  invoice: CreditNote['invoice'];
  salesOrder: CreditNote['salesOrder'];
  returnStock: boolean;
  warehouseId: string | null;
  lines: CreditNoteLineInput[];
  /** The line products as read (sku, name), keyed by id. */
  products: Map<string, { sku: string; name: string }>;
}

export const MAX_CREDIT_NOTE_LINES = 100;

function checkLine(line: CreditNoteLineInput, index: number): void {
  const at = `lines[${index}]`;
  if (!(typeof line.quantity === 'number' && line.quantity > 0)) {
    throw unprocessable(`${at}.quantity must be greater than 0`);
  }
  if (!(typeof line.unitPrice === 'number' && line.unitPrice >= 0)) {
    throw unprocessable(`${at}.unitPrice must be 0 or more`);
  }
  const rate = line.taxRate ?? 0;
  if (!(typeof rate === 'number' && rate >= 0 && rate <= 1)) {
    throw unprocessable(`${at}.taxRate must be between 0 and 1`);
  }
}

/** A DRAFT credit note; the caller has checked the references (customer, invoice, order, warehouse). */
export function createCreditNote(
  draft: CreditNoteDraft,
  ctx: { id: string; sequence: number; now: string; lineIds: string[] },
): CreditNote {
  if (draft.lines.length === 0) throw unprocessable('A credit note needs at least one line');
  if (draft.lines.length > MAX_CREDIT_NOTE_LINES) {
    throw unprocessable(`A credit note has at most ${MAX_CREDIT_NOTE_LINES} lines`);
  }
  if (draft.returnStock && !draft.warehouseId) {
    throw unprocessable('returnStock needs a warehouse to book the stock into');
  }
  if (!draft.returnStock && draft.warehouseId) {
    throw unprocessable('A warehouse is only taken with returnStock');
  }
  const lines = draft.lines.map((input, i): CreditNoteLine => {
    checkLine(input, i);
    const product = draft.products.get(input.productId);
    if (!product) throw unprocessable(`lines[${i}].productId (${input.productId}) is not a product`);
    const taxRate = input.taxRate ?? 0;
    const lineTotal = line4(input.quantity * input.unitPrice);
    return {
      id: ctx.lineIds[i]!,
      productId: input.productId,
      product,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      taxRate,
      lineTotal,
      taxAmount: line4(lineTotal * taxRate),
    };
  });
  const subtotal = header2(lines.reduce((s, l) => s + l.lineTotal, 0));
  const taxTotal = header2(lines.reduce((s, l) => s + l.taxAmount, 0));
  return {
    id: ctx.id,
    creditNoteNumber: formatCreditNoteNumber(ctx.sequence),
    status: 'DRAFT',
    customerId: draft.customer.id,
    customer: draft.customer,
    invoice: draft.invoice,
    salesOrder: draft.salesOrder,
    returnStock: draft.returnStock,
    warehouseId: draft.warehouseId,
    creditDate: ctx.now,
    lines,
    subtotal,
    taxTotal,
    totalAmount: header2(subtotal + taxTotal),
    approvedAt: null,
    voidedAt: null,
    voidReason: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  };
}

/** DRAFT -> APPROVED (the caller applies the credit and books the stock back in the same write). */
export function approveCreditNote(note: CreditNote, now: string): CreditNote {
  const status = assertCan(CREDIT_NOTE_TRANSITIONS, CREDIT_NOTE_RESOURCE, note.status, 'approve');
  return { ...note, status, approvedAt: now, updatedAt: now, version: note.version + 1 };
}

/**
 * DRAFT or APPROVED -> VOID. `reversesEffects` says whether the caller must undo an approval's credit and
 * restock (only an APPROVED note had any).
 */
export function voidCreditNote(
  note: CreditNote,
  now: string,
  reason: string | null = null,
): { note: CreditNote; reversesEffects: boolean } {
  const status = assertCan(CREDIT_NOTE_TRANSITIONS, CREDIT_NOTE_RESOURCE, note.status, 'void');
  return {
    note: { ...note, status, voidedAt: now, voidReason: reason, updatedAt: now, version: note.version + 1 },
    reversesEffects: note.status === 'APPROVED',
  };
}

/** The stock a restocking note books in at approval (+1) or takes back out at void (-1), per line. */
export function restockChanges(
  note: CreditNote,
  sign: 1 | -1,
): { productId: string; warehouseId: string; quantity: number }[] {
  if (!note.returnStock || !note.warehouseId) return [];
  return note.lines.map((l) => ({
    productId: l.productId,
    warehouseId: note.warehouseId!,
    quantity: sign * l.quantity,
  }));
}
