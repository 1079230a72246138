/**
 * `production-order start` and `POST /production-orders/{id}/start` (PLANNED -> IN_PROGRESS, nothing else
 * checked); `production-order cancel` and `POST /production-orders/{id}/cancel` (PLANNED or IN_PROGRESS ->
 * CANCELLED; nothing was consumed yet, so nothing moves). Each writes the order (status and version in the
 * condition), its status counters and the audit entry in one transaction; a version-only race re-reads
 * and decides again, a lost transition is 422.
 */
import {
  cancelProductionOrder,
  startProductionOrder,
  type ProductionOrder,
  type ProductionOrderAction,
} from '../../../../domain/production-orders/production-order.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { productionOrderTransitions } from '../transition.js';

async function transition(
  input: { orgId: string; id: string },
  action: ProductionOrderAction,
  decide: (order: ProductionOrder, at: string) => ProductionOrder,
  changedFields: string[],
  context: WriteContext,
) {
  const at = context.now.toISOString();
  const { response } = await productionOrderTransitions.run({
    orgId: input.orgId,
    id: input.id,
    action,
    decide: (order) => ({ next: decide(order, at) }),
    journal: context.journal,
    audit: { changedFields },
    onExhausted: () => context.exhausted('The production order kept changing'),
  });
  return response.body;
}

export const startProductionOrderCommand = (
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) => transition(input, 'start', startProductionOrder, ['status', 'startedAt'], context);

export const cancelProductionOrderCommand = (
  input: { orgId: string; id: string; reason?: string | null },
  context: WriteContext = backOfficeContext(input.orgId),
) =>
  transition(
    input,
    'cancel',
    (order, at) => cancelProductionOrder(order, at, input.reason ?? null),
    ['status', 'cancelledAt', 'cancelReason'],
    context,
  );
