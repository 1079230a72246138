/**
 * `stock-adjustment complete` and `stock-adjustment void` (design.md section 5), over the API as `POST
 * /stock-adjustments/{id}/complete` and `/void` (section 7); the spec's moves DRAFT to COMPLETED and
 * COMPLETED to VOIDED. Completing moves the stock exactly as a COMPLETED create does
 * (completionWrites: same checks, plan, ledger and events); voiding takes every line back with a ledger
 * entry of its own, refused (422) when the stock it would take back is gone, and announces each lot it
 * brings back from CONSUMED. Each is one transaction conditioned on the adjustment's status and version
 * and on the stock versions read; a lost race re-reads and decides again.
 */
import {
  ADJUSTMENT_RESOURCE,
  adjustmentChanges,
  checkLines,
  moveAdjustment,
  reversalChanges,
} from '../../../../domain/inventory/adjustment.js';
import { batchStatusChanged } from '../../../../domain/inventory/events.js';
import { notFound, unprocessable } from '../../../../domain/errors.js';
import { planStockMovement } from '../../../../domain/inventory/movement.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact, type WriteItem } from '../../../platform/dynamo/transact.js';
import type { JournalEntry } from '../../../platform/journal/journal.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import {
  ADJUSTMENT_VOID_SOURCE_TYPE,
  assertFitsOneTransaction,
  completionWrites,
} from '../adjustment-writes.js';
import { loadStockFacts } from '../stock-facts.js';
import { stockMovementWrites } from '../stock-writes.js';
import { adjustmentTransitionItem, getAdjustmentToMove } from '../store/stock-adjustments.js';
import { adjustmentView } from '../view.js';

type Events = NonNullable<JournalEntry['events']>;

const KEPT_CHANGING = 'The adjustment or its stock kept changing';

async function readToMove(orgId: string, id: string) {
  const read = await getAdjustmentToMove(orgId, id);
  if (!read) throw notFound(ADJUSTMENT_RESOURCE);
  return read;
}

export async function completeAdjustment(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  return writeOptimistically({
    run: async () => {
      const read = await readToMove(orgId, input.id);
      const next = moveAdjustment(read.adjustment, 'complete', at);
      // The draft's references are checked again: a warehouse may have closed since it was recorded.
      const loaded = await loadStockFacts(orgId, adjustmentChanges(next.lines));
      checkLines(next.lines, loaded.facts);
      const completion = completionWrites(orgId, next, loaded, at);
      const view = adjustmentView(next);
      const items: WriteItem[] = [
        adjustmentTransitionItem(orgId, read, 'complete', next),
        ...completion.items,
        ...context.journal.items({
          events: completion.events,
          audit: [
            {
              resourceType: 'stock_adjustment',
              resourceId: next.id,
              action: 'complete',
              changedFields: ['status', 'completedAt'],
            },
          ],
          response: { status: 200, body: view },
        }),
      ];
      assertFitsOneTransaction(items);
      await transact(items);
      return view;
    },
    onExhausted: () => context.exhausted(KEPT_CHANGING),
  });
}

export async function voidAdjustment(
  input: { orgId: string; id: string },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  return writeOptimistically({
    run: async () => {
      const read = await readToMove(orgId, input.id);
      const next = moveAdjustment(read.adjustment, 'void', at);
      const changes = reversalChanges(next.lines);
      const loaded = await loadStockFacts(orgId, changes);
      for (const c of changes) {
        if (!loaded.facts.products.has(c.productId) || (c.batchId && !loaded.facts.batches.has(c.batchId))) {
          throw unprocessable(`A record the adjustment moved no longer exists (product ${c.productId})`);
        }
      }
      const plan = planStockMovement(changes, loaded.levels, loaded.facts, at);
      const writes = stockMovementWrites(
        orgId,
        plan,
        loaded,
        { type: ADJUSTMENT_VOID_SOURCE_TYPE, id: next.id, number: next.adjustmentNumber },
        at,
      );
      // Stock put back into an emptied lot reactivates it: the one flip out of CONSUMED that is announced.
      const reactivated: Events = [];
      for (const [batchId, to] of plan.batchStatus) {
        if (to !== 'ACTIVE' || loaded.facts.batches.get(batchId)?.status !== 'CONSUMED') continue;
        const batch = loaded.lots.get(batchId)!;
        reactivated.push(batchStatusChanged(batch, 'CONSUMED', 'ACTIVE'));
      }
      const view = adjustmentView(next);
      const items: WriteItem[] = [
        adjustmentTransitionItem(orgId, read, 'void', next),
        ...writes.items,
        ...context.journal.items({
          events: [...writes.events, ...reactivated],
          audit: [
            {
              resourceType: 'stock_adjustment',
              resourceId: next.id,
              action: 'void',
              changedFields: ['status'],
            },
          ],
          response: { status: 200, body: view },
        }),
      ];
      assertFitsOneTransaction(items);
      await transact(items);
      return view;
    },
    onExhausted: () => context.exhausted(KEPT_CHANGING),
  });
}
