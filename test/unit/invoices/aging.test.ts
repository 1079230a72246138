import { describe, expect, it } from 'vitest';
import { ageInvoices, bucketOf } from '../../../domain/invoices/aging.js';
import type { Invoice } from '../../../domain/invoices/invoice.js';
import { sentInvoice } from './fixtures.js';

const AS_OF = '2026-12-31T12:00:00.000Z';
const inv = (invoiceNumber: string, dueDate: string, balanceDue: number, extra: Partial<Invoice> = {}) =>
  sentInvoice({ id: invoiceNumber, invoiceNumber, dueDate, balanceDue, ...extra });

describe('bucketOf', () => {
  it.each([
    [-5, 'current'],
    [0, 'current'],
    [1, 'days1to30'],
    [30, 'days1to30'],
    [31, 'days31to60'],
    [60, 'days31to60'],
    [61, 'days61to90'],
    [90, 'days61to90'],
    [91, 'days90plus'],
  ] as const)('%s days past due -> %s', (days, bucket) => expect(bucketOf(days)).toBe(bucket));
});

describe('ageInvoices', () => {
  const report = ageInvoices(
    [
      inv('INV-000009', '2027-01-05T00:00:00.000Z', 0.1),
      inv('INV-000008', '2026-12-31T23:00:00.000Z', 0.2),
      inv('INV-000007', '2026-12-30T23:59:59.000Z', 10.1),
      inv('INV-000006', '2026-12-01T00:00:00.000Z', 20.2, { status: 'PARTIALLY_PAID' }),
      inv('INV-000005', '2026-11-30T00:00:00.000Z', 30.3, { status: 'OVERDUE' }),
      inv('INV-000004', '2026-10-02T00:00:00.000Z', 40.4, { status: 'OVERDUE' }),
      inv('INV-000003', '2026-10-01T00:00:00.000Z', 50.5, { status: 'OVERDUE' }),
      inv('INV-000002', '2026-10-01T00:00:00.000Z', 0.05),
      inv('INV-000010', '2026-01-01T00:00:00.000Z', 99, { status: 'DRAFT' }),
      inv('INV-000011', '2026-01-01T00:00:00.000Z', 99, { status: 'VOID' }),
      inv('INV-000012', '2026-01-01T00:00:00.000Z', 0, { status: 'PAID' }),
      inv('INV-000013', '2026-01-01T00:00:00.000Z', 0.005, { status: 'PARTIALLY_PAID' }),
    ],
    AS_OF,
  );

  it('keeps outstanding non-draft, non-void invoices, due date ascending, bucketed by calendar days', () => {
    expect(report.rows.map((r) => [r.invoiceNumber, r.daysPastDue, r.bucket])).toEqual([
      ['INV-000002', 91, 'days90plus'],
      ['INV-000003', 91, 'days90plus'],
      ['INV-000004', 90, 'days61to90'],
      ['INV-000005', 31, 'days31to60'],
      ['INV-000006', 30, 'days1to30'],
      ['INV-000007', 1, 'days1to30'],
      ['INV-000008', 0, 'current'],
      ['INV-000009', 0, 'current'],
    ]);
    expect(report.rows[0]).toMatchObject({
      invoiceId: 'INV-000002',
      customer: { id: 'c', code: 'CAFE', name: 'Corner Cafe' },
      currency: 'NZD',
      totalAmount: 189.54,
      balanceDue: 0.05,
    });
  });

  it('totals balanceDue per bucket to the cent', () => {
    expect(report.totals).toEqual({
      current: 0.3,
      days1to30: 30.3,
      days31to60: 30.3,
      days61to90: 40.4,
      days90plus: 50.55,
      total: 151.85,
    });
  });

  it('an empty ledger has zero totals', () => {
    expect(ageInvoices([], AS_OF)).toEqual({
      rows: [],
      totals: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 },
    });
  });
});
