import * as validators from '../generated/validators-reports.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { REPORT_ENDPOINTS } from '../areas/reports/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { reportOperations } from '../areas/reports/operations/index.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('reports', { reports: REPORT_ENDPOINTS });

/** Lambda entry for the reports: read-only snapshots (stock movement, at date, valuation, expiry, low stock, receivable aging). */
export const handler = createGroupHandler({
  group: 'reports',
  endpoints,
  operations: reportOperations,
  validators,
});
