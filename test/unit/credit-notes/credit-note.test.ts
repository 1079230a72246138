import { describe, expect, it } from 'vitest';
import {
  approveCreditNote,
  createCreditNote,
  restockChanges,
  voidCreditNote,
  type CreditNoteDraft,
} from '../../../domain/credit-notes/credit-note.js';
import { catchApiError } from '../../support/catch-api-error.js';

const now = '2026-01-02T10:00:00.000Z';
const later = '2026-01-03T10:00:00.000Z';

function draft(overrides: Partial<CreditNoteDraft> = {}): CreditNoteDraft {
  return {
    customer: { id: 'c1', code: 'C1', name: 'Acme' },
    invoice: { id: 'i1', invoiceNumber: 'INV-000001' },
    salesOrder: null,
    returnStock: false,
    warehouseId: null,
    lines: [
      { productId: 'p1', quantity: 3, unitPrice: 1.005, taxRate: 0.2 },
      { productId: 'p2', quantity: 1, unitPrice: 10 },
    ],
    products: new Map([
      ['p1', { sku: 'P1', name: 'One' }],
      ['p2', { sku: 'P2', name: 'Two' }],
    ]),
    ...overrides,
  };
}

const ctx = { id: 'cn1', sequence: 7, now, lineIds: ['l1', 'l2'] };

describe('credit note domain', () => {
  it('creates a DRAFT with its number, line figures at 4 dp and header sums at 2 dp', () => {
    const note = createCreditNote(draft(), ctx);
    expect(note.creditNoteNumber).toBe('CN-000007');
    expect(note.status).toBe('DRAFT');
    expect(note.lines[0]).toMatchObject({ lineTotal: 3.015, taxAmount: 0.603, taxRate: 0.2 });
    expect(note.lines[1]).toMatchObject({ lineTotal: 10, taxAmount: 0, taxRate: 0 });
    expect(note).toMatchObject({ subtotal: 13.02, taxTotal: 0.6, totalAmount: 13.62, version: 1 });
    expect(note.creditDate).toBe(now);
  });

  it('refuses no lines, bad quantities, unknown products and returnStock without a warehouse', () => {
    expect(catchApiError(() => createCreditNote(draft({ lines: [] }), ctx)).status).toBe(422);
    expect(
      catchApiError(() =>
        createCreditNote(draft({ lines: [{ productId: 'p1', quantity: 0, unitPrice: 1 }] }), ctx),
      ).status,
    ).toBe(422);
    expect(
      catchApiError(() =>
        createCreditNote(draft({ lines: [{ productId: 'px', quantity: 1, unitPrice: 1 }] }), ctx),
      ).status,
    ).toBe(422);
    expect(catchApiError(() => createCreditNote(draft({ returnStock: true }), ctx)).status).toBe(422);
  });

  it('approves DRAFT only and voids DRAFT or APPROVED', () => {
    const note = createCreditNote(draft(), ctx);
    const approved = approveCreditNote(note, later);
    expect(approved).toMatchObject({ status: 'APPROVED', approvedAt: later, version: 2 });
    expect(catchApiError(() => approveCreditNote(approved, later)).message).toContain('APPROVED');
    const voided = voidCreditNote(approved, later);
    expect(voided.reversesEffects).toBe(true);
    expect(voided.note).toMatchObject({ status: 'VOID', voidedAt: later, version: 3 });
    expect(voidCreditNote(note, later).reversesEffects).toBe(false);
    expect(catchApiError(() => voidCreditNote(voided.note, later)).status).toBe(422);
    expect(catchApiError(() => approveCreditNote(voided.note, later)).status).toBe(422);
  });

  it('restocks only a returnStock note, in its warehouse, signed', () => {
    const plain = createCreditNote(draft(), ctx);
    expect(restockChanges(plain, 1)).toEqual([]);
    const back = createCreditNote(draft({ returnStock: true, warehouseId: 'w1' }), ctx);
    expect(restockChanges(back, -1)).toEqual([
      { productId: 'p1', warehouseId: 'w1', quantity: -3 },
      { productId: 'p2', warehouseId: 'w1', quantity: -1 },
    ]);
  });
});
