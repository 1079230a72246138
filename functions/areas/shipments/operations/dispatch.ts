import { conflict } from '../../../../domain/errors.js';
import { salesOrderDispatched } from '../../../../domain/sales-orders/events.js';
import { decideShipmentDispatch } from '../../../../domain/shipments/fulfilment.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SHIPMENT_ENDPOINTS } from '../endpoints.js';
import { readShipmentStep } from '../read-step.js';
import { serialsSoldItems } from '../serials.js';
import { shipmentStepItems } from '../shipment-writes.js';
import { shipmentDetail } from '../view.js';

/**
 * POST /shipments/{id}/dispatch: PACKED -> DISPATCHED with carrier, tracking number and shipDate, and the
 * order rolled up (dispatchedQty, shippedDate, DISPATCHED once every stocked line is shipped), its serials
 * sold, `sales_order.dispatched`, the audit entries and the idempotency record, in one transaction. The
 * order put is conditioned on its version: another shipment's dispatch racing this one re-reads and
 * decides again; a racing dispatch of this shipment is the 422 naming DISPATCHED.
 */
export const dispatchShipmentOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'dispatchShipment'> = async ({
  auth,
  params,
  body: request,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const read = await readShipmentStep(orgId, params.id, 'dispatch');
      const { shipment, order } = read;
      const decision = decideShipmentDispatch(shipment, order, request, at);
      const next = decision.order;
      const response = { status: 200, body: shipmentDetail(decision.shipment) };
      const sold = await serialsSoldItems(orgId, shipment, decision.serialNumberIds, at);
      await transact(
        shipmentStepItems({
          orgId,
          read,
          step: { shipment: decision.shipment, order: next, deltas: [] },
          action: 'dispatch',
          orderAction: 'rollUp',
          at,
          extra: sold,
          journal: () =>
            journal.items({
              events: [salesOrderDispatched(next, decision.dispatched, shipment)],
              audit: [
                {
                  resourceType: 'shipment',
                  resourceId: shipment.id,
                  action: 'dispatch',
                  changedFields: ['status', 'shipDate', ...Object.keys(request)],
                },
                {
                  resourceType: 'sales_order',
                  resourceId: next.id,
                  action: 'dispatch_shipment',
                  changedFields: [
                    'lines',
                    'shippedDate',
                    'openShipments',
                    ...(decision.rolledUp ? ['status'] : []),
                  ],
                },
              ],
              response,
            }),
        }),
      );
      return response;
    },
    onExhausted: () => conflict('The shipment or its order kept changing while it was dispatched; retry'),
  });
};
