/**
 * `purchase-order complete` and `POST /purchase-orders/{id}/complete` (design.md sections 5 and 7):
 * RECEIVED -> COMPLETED, "performed in the application". The order leaves the open orders, so its
 * products' open-order counts drop in the same transaction (a product held only by completed orders can
 * be deactivated). The catalogue has no completed event.
 */
import { decideComplete } from '../../../../domain/purchase-orders/status.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { purchaseOrderTransitions } from '../transition.js';

export async function completePurchaseOrder(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const at = context.now.toISOString();
  const { response } = await purchaseOrderTransitions.run({
    orgId: input.orgId,
    id: input.id,
    action: 'complete',
    decide: (order) => ({ next: decideComplete(order, at) }),
    journal: context.journal,
    audit: { changedFields: ['status', 'completedAt'] },
    onExhausted: () => context.exhausted('The purchase order kept changing while it was completed'),
  });
  return response.body;
}
