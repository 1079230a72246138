/**
 * `production-order start` (PLANNED -> IN_PROGRESS, nothing else checked) and `production-order cancel`
 * (PLANNED or IN_PROGRESS -> CANCELLED; nothing was consumed yet, so nothing moves). Each writes the
 * order (status and version in the condition), its status counters and the audit entry in one
 * transaction; a version-only race re-reads and decides again, a lost transition is 422.
 */
import {
  cancelProductionOrder,
  startProductionOrder,
  type ProductionOrder,
  type ProductionOrderAction,
} from '../../../../domain/production-orders/production-order.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { productionOrderTransitions } from '../transition.js';

async function transition(
  input: { orgId: string; id: string },
  action: ProductionOrderAction,
  decide: (order: ProductionOrder, at: string) => ProductionOrder,
  changedFields: string[],
) {
  const now = new Date();
  const at = now.toISOString();
  const { response } = await productionOrderTransitions.run({
    orgId: input.orgId,
    id: input.id,
    action,
    decide: (order) => ({ next: decide(order, at) }),
    journal: backOfficeJournal(input.orgId, now),
    audit: { changedFields },
    onExhausted: () => new BackOfficeError('The production order kept changing; run the command again'),
  });
  return response.body;
}

export const startProductionOrderCommand = (input: { orgId: string; id: string }) =>
  transition(input, 'start', startProductionOrder, ['status', 'startedAt']);

export const cancelProductionOrderCommand = (input: { orgId: string; id: string; reason?: string }) =>
  transition(input, 'cancel', (order, at) => cancelProductionOrder(order, at, input.reason ?? null), [
    'status',
    'cancelledAt',
    'cancelReason',
  ]);
