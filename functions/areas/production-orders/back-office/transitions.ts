/**
 * `production-order start` (PLANNED -> IN_PROGRESS, nothing else checked) and `production-order cancel`
 * (PLANNED or IN_PROGRESS -> CANCELLED; nothing was consumed yet, so nothing moves). Each writes the
 * order (status and version in the condition), its status counters and the audit entry in one
 * transaction; a version-only race re-reads and decides again, a lost transition is 422.
 */
import { notFound } from '../../../../domain/errors.js';
import {
  cancelProductionOrder,
  PRODUCTION_ORDER_RESOURCE,
  startProductionOrder,
  type ProductionOrder,
  type ProductionOrderAction,
} from '../../../../domain/production-orders/production-order.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import {
  getProductionOrder,
  productionOrderCountItems,
  productionOrderTransitionItem,
} from '../store/production-orders.js';
import { productionOrderDetail } from '../view.js';

async function transition(
  input: { orgId: string; id: string },
  action: ProductionOrderAction,
  decide: (order: ProductionOrder, at: string) => ProductionOrder,
  changedFields: string[],
) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  return writeOptimistically({
    run: async () => {
      const order = await getProductionOrder(orgId, input.id);
      if (!order) throw notFound(PRODUCTION_ORDER_RESOURCE);
      const next = decide(order, at);
      await transact([
        productionOrderTransitionItem(orgId, order, next, action),
        ...productionOrderCountItems(orgId, next, order.status),
        ...backOfficeJournal(orgId, now).items({
          audit: [{ resourceType: 'production_order', resourceId: next.id, action, changedFields }],
        }),
      ]);
      return productionOrderDetail(next);
    },
    onExhausted: () => new BackOfficeError('The production order kept changing; run the command again'),
  });
}

export const startProductionOrderCommand = (input: { orgId: string; id: string }) =>
  transition(input, 'start', startProductionOrder, ['status', 'startedAt']);

export const cancelProductionOrderCommand = (input: { orgId: string; id: string; reason?: string }) =>
  transition(input, 'cancel', (order, at) => cancelProductionOrder(order, at, input.reason ?? null), [
    'status',
    'cancelledAt',
    'cancelReason',
  ]);
