import type { OperationOf } from '../../../platform/http/types.js';
import { requestContext } from '../../../platform/journal/write-context.js';
import type { SALES_ORDER_ENDPOINTS } from '../endpoints.js';
import { packSalesOrder } from '../steps/pack.js';
import { pickSalesOrder } from '../steps/pick.js';

/** POST /sales-orders/{id}/pick: the back office's `sales-order pick`, over the API. */
export const pickSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'pickSalesOrder'> = async ({
  auth,
  params,
  body,
  now,
  journal,
}) => ({
  status: 200,
  body: await pickSalesOrder(
    {
      orgId: auth.orgId,
      id: params.id,
      lines: body?.lines?.map((l) => ({
        soLineId: l.soLineId,
        quantity: l.quantity,
        ...(l.batchId === undefined ? {} : { batchId: l.batchId }),
        ...(l.serialNumbers === undefined ? {} : { serialNumbers: l.serialNumbers.map((n) => n.trim()) }),
      })),
    },
    requestContext({ now, journal }),
  ),
});

/** POST /sales-orders/{id}/pack: the back office's `sales-order pack`, over the API. */
export const packSalesOrderOp: OperationOf<typeof SALES_ORDER_ENDPOINTS, 'packSalesOrder'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await packSalesOrder({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});
