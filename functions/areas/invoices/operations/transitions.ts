import type { OperationOf } from '../../../platform/http/types.js';
import { requestContext } from '../../../platform/journal/write-context.js';
import type { INVOICE_ENDPOINTS } from '../endpoints.js';
import { sendInvoice } from '../steps/send.js';
import { voidInvoice } from '../steps/void.js';

/** POST /invoices/{id}/send: the back office's `invoice send`, over the API. */
export const sendInvoiceOp: OperationOf<typeof INVOICE_ENDPOINTS, 'sendInvoice'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await sendInvoice({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});

/** POST /invoices/{id}/void: the back office's `invoice void`, over the API. */
export const voidInvoiceOp: OperationOf<typeof INVOICE_ENDPOINTS, 'voidInvoice'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await voidInvoice({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});
