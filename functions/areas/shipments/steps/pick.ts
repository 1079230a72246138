/**
 * `shipment pick` and `POST /shipments/{id}/pick` (design.md sections 5 and 7): PICKING -> PICKED. Picking a shipment does what picking the order
 * does: the order's pick of the shipment's lines (decidePick), lots FEFO from the order's reservations,
 * the units out of on hand and reserved, one ledger entry with the shipment as its source
 * (`shipment`, id, number), `stock.level_changed` events, the order's lines, picks and status (CONFIRMED
 * -> PICKING), the serial numbers it allocates (serials.ts) and the shipment in one transaction.
 */
import { decideShipmentPick, shipmentPickRequest } from '../../../../domain/shipments/fulfilment.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { decideWithPickFacts } from '../../sales-orders/public.js';
import { readShipmentStep } from '../read-step.js';
import { shipmentPickSerials } from '../serials.js';
import { shipmentStepItems } from '../shipment-writes.js';
import { shipmentDetail } from '../view.js';

export async function pickShipment(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  return writeOptimistically({
    run: async () => {
      const read = await readShipmentStep(orgId, input.id, 'pick');
      const { shipment, order } = read;
      const { decision, loaded } = await decideWithPickFacts(
        orgId,
        order,
        shipmentPickRequest(shipment),
        (facts) => decideShipmentPick(shipment, order, facts, at),
      );
      const { step, items: serials } = await shipmentPickSerials(orgId, read, decision, loaded, at);
      const detail = shipmentDetail(step.shipment);
      await transact(
        shipmentStepItems({
          orgId,
          read,
          step,
          action: 'pick',
          orderAction: 'ship',
          at,
          stock: loaded,
          extra: serials,
          journal: (stockEvents) =>
            context.journal.items({
              events: stockEvents,
              response: { status: 200, body: detail },
              audit: [
                {
                  resourceType: 'shipment',
                  resourceId: shipment.id,
                  action: 'pick',
                  changedFields: ['status', 'picks'],
                },
                {
                  resourceType: 'sales_order',
                  resourceId: order.id,
                  action: 'pick_shipment',
                  changedFields: ['status', 'lines', 'reservations', 'picks', 'openShipments'],
                },
              ],
            }),
        }),
      );
      return detail;
    },
    onExhausted: () =>
      context.exhausted('The shipment, its order or their stock kept changing while it was picked'),
  });
}
