import * as validators from '../generated/validators-reports.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { reportOperations } from '../areas/reports/operations/index.js';

/** Lambda entry for the reports: read-only snapshots (stock movement, at date, valuation, expiry, low stock, receivable aging). */
export const handler = createGroupHandler({
  group: 'reports',
  endpoints: endpointsOf('reports'),
  operations: reportOperations,
  validators,
});
