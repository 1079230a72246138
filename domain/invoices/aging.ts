/**
 * The receivable-aging report (GET /reports/receivable-aging): non-DRAFT, non-VOID invoices with a balance
 * still due, due date ascending, each in a bucket by whole UTC calendar days past its due date: current
 * (not yet due, or due today), 1-30, 31-60, 61-90, over 90. Totals sum balanceDue per bucket to 2 dp and
 * mix currencies, as the spec says.
 */
import { header2 } from '../money.js';
import { settled, type Invoice } from './invoice.js';
import { isReceivable } from './status.js';

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export interface AgingRow {
  invoiceId: string;
  invoiceNumber: string;
  customer: Invoice['customer'];
  currency: Invoice['currency'];
  invoiceDate: string;
  dueDate: string;
  totalAmount: number;
  balanceDue: number;
  daysPastDue: number;
  bucket: AgingBucket;
}

export interface AgingReport {
  rows: AgingRow[];
  totals: Record<AgingBucket, number> & { total: number };
}

const DAY_MS = 86_400_000;
const utcDay = (iso: string): number => Math.floor(Date.parse(iso) / DAY_MS);

export function bucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'days90plus';
}

export function ageInvoices(invoices: readonly Invoice[], asOf: string): AgingReport {
  const rows: AgingRow[] = invoices
    .filter((i) => isReceivable(i.status) && !settled(i.balanceDue))
    .map((i) => {
      const daysPastDue = Math.max(0, utcDay(asOf) - utcDay(i.dueDate));
      return {
        invoiceId: i.id,
        invoiceNumber: i.invoiceNumber,
        customer: i.customer,
        currency: i.currency,
        invoiceDate: i.invoiceDate,
        dueDate: i.dueDate,
        totalAmount: i.totalAmount,
        balanceDue: i.balanceDue,
        daysPastDue,
        bucket: bucketOf(daysPastDue),
      };
    })
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.invoiceNumber.localeCompare(b.invoiceNumber));
  const sumOf = (list: AgingRow[]) => header2(list.reduce((s, r) => s + r.balanceDue, 0));
  const totals = Object.fromEntries(
    AGING_BUCKETS.map((b) => [b, sumOf(rows.filter((r) => r.bucket === b))]),
  ) as Record<AgingBucket, number>;
  return { rows, totals: { ...totals, total: sumOf(rows) } };
}
