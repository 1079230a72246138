import { ApiError, invalidReference } from '../../../../domain/errors.js';
import type { OperationOf } from '../../../platform/http/types.js';
import { requestContext } from '../../../platform/journal/write-context.js';
import type { SHIPMENT_ENDPOINTS } from '../endpoints.js';
import { cancelShipment } from '../steps/cancel.js';
import { createShipment } from '../steps/create.js';
import { pickShipment } from '../steps/pick.js';

/**
 * POST /shipments: the back office's `shipment create`, over the API. The order is named in the body, so
 * an unknown one (or another organisation's) is 422 invalid_reference, not the path's 404.
 */
export const createShipmentOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'createShipment'> = async ({
  auth,
  body,
  now,
  journal,
}) => {
  try {
    return {
      status: 201,
      body: await createShipment(
        {
          orgId: auth.orgId,
          salesOrderId: body.salesOrderId,
          lines: body.lines?.map((l) => ({ soLineId: l.soLineId, quantity: l.quantity })),
          notes: body.notes,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
        },
        requestContext({ now, journal }),
      ),
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') {
      throw invalidReference('salesOrderId', 'Sales order');
    }
    throw error;
  }
};

/** POST /shipments/{id}/pick: the back office's `shipment pick`, over the API. */
export const pickShipmentOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'pickShipment'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await pickShipment({ orgId: auth.orgId, id: params.id }, requestContext({ now, journal })),
});

/** POST /shipments/{id}/cancel: the back office's `shipment cancel`, over the API. */
export const cancelShipmentOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'cancelShipment'> = async ({
  auth,
  params,
  body,
  now,
  journal,
}) => ({
  status: 200,
  body: await cancelShipment(
    { orgId: auth.orgId, id: params.id, reason: body.reason ?? null },
    requestContext({ now, journal }),
  ),
});
