import { declare, type Declared } from '../../platform/catalogue/endpoint.js';

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
] as const satisfies readonly Declared[];
