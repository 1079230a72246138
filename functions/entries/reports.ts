import * as validators from '../generated/validators-reports.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { reportOperations } from '../areas/reports/operations.js';

/** Lambda entry for the reports: read-only snapshots (receivable aging). */
export const handler = createGroupHandler('reports', reportOperations, validators);
