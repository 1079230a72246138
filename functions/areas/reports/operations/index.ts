import { operationsFor } from '../../../platform/http/operations-for.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { expiryReport } from './expiry.js';
import { lowStockReport } from './low-stock.js';
import { receivableAging } from './receivable-aging.js';
import { stockAtDateReport } from './stock-at-date.js';
import { stockMovementReport } from './stock-movement.js';
import { valuationReport } from './valuation.js';

export const reportOperations = operationsFor<typeof REPORT_ENDPOINTS>({
  receivableAging,
  stockMovementReport,
  stockAtDateReport,
  valuationReport,
  expiryReport,
  lowStockReport,
});
