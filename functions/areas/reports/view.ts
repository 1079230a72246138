import type { AgingReport } from '../../../domain/invoices/aging.js';

/** The receivable-aging snapshot: rows due date ascending, totals per bucket (currencies mixed). */
export const receivableAgingView = (report: AgingReport, asOf: string, truncated: boolean) => ({
  asOf,
  invoices: report.rows,
  totals: report.totals,
  truncated,
});
