import * as validators from '../generated/validators-reports.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { REPORT_ENDPOINTS } from '../areas/reports/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('reports', { reports: REPORT_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  reports: () => import('../areas/reports/operations/index.js').then((m) => m.reportOperations),
};

/** Lambda entry for the reports: read-only snapshots (stock movement, at date, valuation, expiry, low stock, receivable aging). */
export const handler = createGroupHandler({
  group: 'reports',
  endpoints,
  areas,
  validators,
});
