import type { QueryParam } from '../../../domain/listing/query-params.js';
import { declare, type Declared } from '../../platform/catalogue/endpoint.js';
import { MAX_MOVEMENT_ROWS } from '../../../domain/reports/stock-movement.js';

const warehouseFilter = (what: string) =>
  ({
    name: 'warehouseId',
    type: 'id',
    description: `${what} (a warehouse not in the organisation is 422 invalid_reference; a malformed id is 400).`,
  }) as const satisfies QueryParam;
const categoryFilter = {
  name: 'categoryId',
  type: 'id',
  description:
    'Only products of this category (a category not in the organisation is 422 invalid_reference; a malformed id is 400).',
} as const satisfies QueryParam;

/** Reports are snapshots: not paginated, no path ids (a filter id outside the organisation is 422). */
export const REPORT_ENDPOINTS = [
  declare({
    operationId: 'receivableAging',
    method: 'GET',
    path: '/reports/receivable-aging',
    summary:
      'Outstanding (non-draft, non-void) invoices aged into buckets by days past due, due date ascending (at most 1000)',
    permission: 'reports.view',
    response: 'ReceivableAging',
    query: [
      {
        name: 'customerId',
        type: 'id',
        description:
          "Only this customer's invoices (a customer not in the organisation is 422 invalid_reference; a malformed id is 400).",
      },
    ],
    errors: [422],
  }),
  declare({
    operationId: 'stockMovementReport',
    method: 'GET',
    path: '/reports/stock-movement',
    summary: `Every on-hand movement in a window (adjustments, receipts, picks and dispatches, transfers as an OUT and an IN row, credit-note restocks, production), newest first, at most ${MAX_MOVEMENT_ROWS}`,
    permission: 'reports.view',
    response: 'StockMovementReport',
    query: [
      {
        name: 'dateFrom',
        type: 'date-bound',
        bound: 'from',
        required: true,
        description: 'Start of the window (inclusive): a date (its start, UTC) or a date-time.',
      },
      {
        name: 'dateTo',
        type: 'date-bound',
        bound: 'to',
        required: true,
        description:
          'End of the window (inclusive), after dateFrom (else 400): a date covers its whole UTC day, or a date-time.',
      },
      {
        name: 'productId',
        type: 'id',
        description:
          "Only this product's movements (a product not in the organisation is 422 invalid_reference; a malformed id is 400).",
      },
      warehouseFilter('Only movements in this warehouse'),
    ],
    errors: [422],
  }),
  declare({
    operationId: 'stockAtDateReport',
    method: 'GET',
    path: '/reports/stock-on-hand-at-date',
    summary:
      'On hand per product and warehouse at an instant, reconstructed from current levels minus later movements; rows at 0 or less are left out, reserved is always 0',
    permission: 'reports.view',
    response: 'StockAtDateReport',
    query: [
      {
        name: 'asAtDate',
        type: 'date-bound',
        bound: 'to',
        required: true,
        description:
          'A date (the end of that UTC day; today means now) or a date-time; a future value is 400.',
      },
      warehouseFilter('Only this warehouse'),
      categoryFilter,
    ],
    errors: [422],
  }),
  declare({
    operationId: 'valuationReport',
    method: 'GET',
    path: '/reports/valuation',
    summary:
      'Stock on hand valued, value descending: batch-tracked products lot by lot at the lot cost (FIFO), others at average cost price; one currency assumed',
    permission: 'reports.view',
    response: 'ValuationReport',
    query: [warehouseFilter('Only stock held in this warehouse'), categoryFilter],
    errors: [422],
  }),
  declare({
    operationId: 'expiryReport',
    method: 'GET',
    path: '/reports/expiry',
    summary:
      'ACTIVE batches expiring from today minus daysBack to today plus daysAhead, expiry ascending, with the locations holding them',
    permission: 'reports.view',
    response: 'ExpiryReport',
    query: [
      {
        name: 'daysAhead',
        type: 'integer',
        minimum: 0,
        default: 90,
        description: 'Days after today (UTC) the window reaches.',
      },
      {
        name: 'daysBack',
        type: 'integer',
        minimum: 0,
        default: 30,
        description: 'Days before today (UTC) the window reaches (batches already expired).',
      },
      warehouseFilter('Only batches holding stock in this warehouse, with their locations there'),
    ],
    errors: [422],
  }),
  declare({
    operationId: 'lowStockReport',
    method: 'GET',
    path: '/reports/low-stock',
    summary:
      'Active products whose available quantity is at or below minStockLevel, with a suggested reorder quantity and its estimated cost, largest shortfall first',
    permission: 'reports.view',
    response: 'LowStockReport',
    query: [
      warehouseFilter("Availability in this warehouse alone, against the product's minStockLevel"),
      categoryFilter,
    ],
    errors: [422],
  }),
] as const satisfies readonly Declared[];
