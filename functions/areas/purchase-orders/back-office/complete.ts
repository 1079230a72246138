/**
 * `purchase-order complete` (design.md section 5): RECEIVED -> COMPLETED, "performed in the application".
 * The order leaves the open orders, so its products' open-order counts drop in the same transaction (a
 * product held only by completed orders can be deactivated). The catalogue has no completed event.
 */
import { decideComplete } from '../../../../domain/purchase-orders/status.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { purchaseOrderTransitions } from '../transition.js';

export async function completePurchaseOrder(input: { orgId: string; id: string }) {
  const now = new Date();
  const at = now.toISOString();
  const { response } = await purchaseOrderTransitions.run({
    orgId: input.orgId,
    id: input.id,
    action: 'complete',
    decide: (order) => ({ next: decideComplete(order, at) }),
    journal: backOfficeJournal(input.orgId, now),
    audit: { changedFields: ['status', 'completedAt'] },
    onExhausted: () =>
      new BackOfficeError('The purchase order kept changing while it was completed; run the command again'),
  });
  return response.body;
}
