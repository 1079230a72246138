import { conflict } from '../../../../domain/errors.js';
import {
  decideShipmentPack,
  shipmentPickRequest,
  type ShipmentStep,
} from '../../../../domain/shipments/fulfilment.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact, type WriteItem } from '../../../platform/dynamo/transact.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SHIPMENT_ENDPOINTS } from '../endpoints.js';
import type { LoadedStockFacts } from '../../inventory/public.js';
import { decideWithPickFacts } from '../../sales-orders/public.js';
import { readShipmentStep } from '../read-step.js';
import { shipmentPickSerials } from '../serials.js';
import { shipmentStepItems } from '../shipment-writes.js';
import { shipmentDetail } from '../view.js';

/**
 * POST /shipments/{id}/pack: PICKING or PICKED -> PACKED; the order's packedQty counts the shipment's units.
 * A shipment still PICKING is picked in the same transaction first (stock off the shelf FEFO, ledger rows
 * with the shipment as source, stock.level_changed). Two racing packs: one 200, the other 422 naming PACKED.
 */
export const packShipmentOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'packShipment'> = async ({
  auth,
  params,
  now,
  journal,
}) => {
  const { orgId } = auth;
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const read = await readShipmentStep(orgId, params.id, 'pack');
      const { shipment, order } = read;
      let step: ShipmentStep;
      let stock: LoadedStockFacts | undefined;
      let serials: WriteItem[] = [];
      if (shipment.status === 'PICKING') {
        const picked = await decideWithPickFacts(orgId, order, shipmentPickRequest(shipment), (facts) =>
          decideShipmentPack(shipment, order, facts, at),
        );
        stock = picked.loaded;
        ({ step, items: serials } = await shipmentPickSerials(orgId, read, picked.decision, stock, at));
      } else {
        step = decideShipmentPack(shipment, order, null, at);
      }
      const response = { status: 200, body: shipmentDetail(step.shipment) };
      const picked = shipment.status === 'PICKING';
      await transact(
        shipmentStepItems({
          orgId,
          read,
          step,
          action: 'pack',
          orderAction: 'ship',
          at,
          stock,
          extra: serials,
          journal: (stockEvents) =>
            journal.items({
              events: stockEvents,
              audit: [
                {
                  resourceType: 'shipment',
                  resourceId: shipment.id,
                  action: 'pack',
                  changedFields: picked ? ['status', 'picks'] : ['status'],
                },
                {
                  resourceType: 'sales_order',
                  resourceId: order.id,
                  action: 'pack_shipment',
                  changedFields: picked
                    ? ['status', 'lines', 'reservations', 'picks', 'openShipments']
                    : ['lines'],
                },
              ],
              response,
            }),
        }),
      );
      return response;
    },
    onExhausted: () => conflict('The shipment or its order kept changing while it was packed; retry'),
  });
};
