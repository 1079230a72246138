/**
 * `shipment cancel` and `POST /shipments/{id}/cancel` (design.md section 7): PICKING, PICKED or PACKED ->
 * CANCELLED, the reverse of the shipment's pick (domain/shipments/cancel.ts). The returned units (on hand
 * and reserved again at their lots and bins, one ledger entry with the shipment as its source,
 * `stock.level_changed`), the order (lines, reservations, picks, open shipments, CONFIRMED when nothing
 * else is picked), the serials the pick allocated and the shipment commit in one transaction, conditioned
 * like every shipment step on the shipment's and the order's status and version: a racing cancel, pack or
 * dispatch of the same shipment leaves the loser the 422 naming the status the shipment now has.
 */
import { decideShipmentCancel, MAX_CANCEL_REASON } from '../../../../domain/shipments/cancel.js';
import { UsageError } from '../../../platform/back-office/command.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { loadStockFacts, returnSerials } from '../../inventory/public.js';
import { readShipmentStep } from '../read-step.js';
import { shipmentStepItems } from '../shipment-writes.js';
import { shipmentDetail } from '../view.js';

/** `--reason`, bounded as the API's body bounds it (at most MAX_CANCEL_REASON characters). */
export function cancelReason(reason: string | undefined): string | null {
  if (reason !== undefined && reason.length > MAX_CANCEL_REASON) {
    throw new UsageError(`--reason must be at most ${MAX_CANCEL_REASON} characters`);
  }
  return reason ?? null;
}

/**
 * The cancel's instant: now, or just after the shipment's last step when that step carries the same
 * instant or a later one (a pick or pack that committed while this cancel was on its way). The ledger entry
 * of a shipment's stock movement is keyed by its instant and the shipment, so a cancel in the same
 * millisecond as the pick it reverses would collide with the pick's entry on every retry (and a cancel
 * stamped before that pick would read backwards in the ledger).
 */
export function stepInstant(now: Date, lastStepAt: string): string {
  const last = Date.parse(lastStepAt);
  return new Date(Math.max(now.getTime(), last + 1)).toISOString();
}

export async function cancelShipment(
  input: { orgId: string; id: string; reason?: string | null },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  return writeOptimistically({
    run: async () => {
      const read = await readShipmentStep(orgId, input.id, 'cancel');
      const { shipment, order } = read;
      const at = stepInstant(context.now, shipment.updatedAt);
      const decision = decideShipmentCancel(shipment, order, input.reason ?? null, at);
      const [stock, serials] = await Promise.all([
        decision.deltas.length > 0 ? loadStockFacts(orgId, decision.deltas) : undefined,
        returnSerials(orgId, decision.serialNumberIds, shipment.id, at, {
          type: 'shipment',
          id: shipment.id,
        }),
      ]);
      const detail = shipmentDetail(decision.shipment);
      const picked = shipment.status !== 'PICKING';
      await transact(
        shipmentStepItems({
          orgId,
          read,
          step: decision,
          action: 'cancel',
          orderAction: 'unship',
          at,
          stock,
          extra: serials,
          journal: (stockEvents) =>
            context.journal.items({
              events: stockEvents,
              response: { status: 200, body: detail },
              audit: [
                {
                  resourceType: 'shipment',
                  resourceId: shipment.id,
                  action: 'cancel',
                  changedFields: ['status', 'cancelledAt', 'cancelReason', ...(picked ? ['picks'] : [])],
                },
                {
                  resourceType: 'sales_order',
                  resourceId: order.id,
                  action: 'cancel_shipment',
                  changedFields: [
                    ...(decision.order.status !== order.status ? ['status'] : []),
                    ...(picked ? ['lines', 'reservations', 'picks'] : []),
                    'openShipments',
                  ],
                },
              ],
            }),
        }),
      );
      return detail;
    },
    onExhausted: () =>
      context.exhausted('The shipment, its order or their stock kept changing while it was cancelled'),
  });
}
