import { invalidParameter, invalidReference } from '../../../../domain/errors.js';
import { canBeId } from '../../../../domain/ids.js';
import { ageInvoices } from '../../../../domain/invoices/aging.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { REPORT_ENDPOINTS } from '../endpoints.js';
import { getCustomer } from '../../customers/public.js';
import { outstandingInvoices } from '../store/receivables.js';
import { receivableAgingView } from '../view.js';

/** GET /reports/receivable-aging: outstanding invoices read by key, aged as of now. */
export const receivableAging: OperationOf<typeof REPORT_ENDPOINTS, 'receivableAging'> = async ({
  auth,
  query,
  now,
}) => {
  const customerId = query.customerId;
  if (customerId !== undefined) {
    if (!canBeId(customerId)) throw invalidParameter('customerId', 'is not an id');
    if (!(await getCustomer(auth.orgId, customerId))) throw invalidReference('customerId', 'customer');
  }
  const { invoices, truncated } = await outstandingInvoices(auth.orgId, customerId);
  const asOf = now.toISOString();
  return { body: receivableAgingView(ageInvoices(invoices, asOf), asOf, truncated) };
};
