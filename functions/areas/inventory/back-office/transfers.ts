/**
 * `stock transfer` (design.md section 5): a quantity of a product (and its lot) moved between warehouses
 * or bins in one transaction, through the movement planner: out at the source, in at the destination, one
 * ledger entry holding both movements (source type `transfer`, numbered TR-000001... from its own
 * sequence), `stock.level_changed` per warehouse whose quantities moved, and an audit entry.
 */
import { createId } from '@paralleldrive/cuid2';
import { planStockMovement } from '../../../../domain/inventory/movement.js';
import {
  checkTransfer,
  formatTransferNumber,
  sameLocation,
  transferChanges,
  TRANSFER_SOURCE_TYPE,
  type Transfer,
} from '../../../../domain/inventory/transfer.js';
import { roundQuantity } from '../../../../domain/inventory/stock.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { numberFlag, UsageError } from '../../../platform/back-office/command.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { sequenceKey, sequenceNext, sequenceValue } from '../../../platform/dynamo/sequence.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { loadStockFacts } from '../stock-facts.js';
import { stockMovementWrites } from '../stock-writes.js';

const SEQUENCE = 'TRANSFER';
const MAX_QUANTITY = 99_999_999;

/** The command's flags as a transfer; what the flags alone get wrong is a usage error (exit 2). */
export function parseTransfer(v: Record<string, string | undefined>): Transfer {
  const quantity = numberFlag('quantity', v.quantity)!;
  if (!(quantity > 0) || quantity > MAX_QUANTITY) {
    throw new UsageError(`--quantity must be a number above 0 and at most ${MAX_QUANTITY}`);
  }
  const transfer: Transfer = {
    productId: v.product!,
    fromWarehouseId: v['from-warehouse']!,
    toWarehouseId: v['to-warehouse']!,
    fromBinId: v['from-bin'] ?? null,
    toBinId: v['to-bin'] ?? null,
    batchId: v.batch ?? null,
    quantity,
  };
  if (sameLocation(transfer)) {
    throw new UsageError(
      'the destination (--to-warehouse, --to-bin) is the source location: nothing to move',
    );
  }
  return transfer;
}

export async function transferStock(input: { orgId: string } & Transfer) {
  const { orgId, ...transfer } = input;
  const now = new Date();
  const at = now.toISOString();
  const id = createId();
  const changes = transferChanges(transfer);
  const sequence = sequenceKey(orgId, SEQUENCE);
  return writeOptimistically({
    run: async () => {
      const loaded = await loadStockFacts(orgId, changes, [sequence]);
      const last = sequenceValue(loaded.alongside(sequence));
      checkTransfer(transfer, loaded.facts, loaded.levels.get(transfer.productId) ?? {});
      const transferNumber = formatTransferNumber(last + 1);
      const plan = planStockMovement(changes, loaded.levels, loaded.facts, at);
      const writes = stockMovementWrites(
        orgId,
        plan,
        loaded,
        { type: TRANSFER_SOURCE_TYPE, id, number: transferNumber },
        at,
      );
      await transact([
        ...writes.items,
        sequenceNext(orgId, SEQUENCE, last),
        ...backOfficeJournal(orgId, now).items({
          events: writes.events,
          audit: [
            {
              resourceType: 'stock_transfer',
              resourceId: id,
              action: 'create',
              changedFields: ['productId', 'from', 'to', 'batchId', 'quantity'],
            },
          ],
        }),
      ]);
      const product = loaded.records.get(transfer.productId)!;
      const lot = transfer.batchId ? loaded.lots.get(transfer.batchId) : undefined;
      return {
        id,
        transferNumber,
        product: { id: product.id, sku: product.sku, name: product.name },
        batch: lot ? { id: transfer.batchId, batchNumber: lot.batchNumber } : null,
        from: { warehouseId: transfer.fromWarehouseId, binId: transfer.fromBinId },
        to: { warehouseId: transfer.toWarehouseId, binId: transfer.toBinId },
        quantity: transfer.quantity,
        transferredAt: at,
        stockLevels: plan.changed.map((c) => ({
          warehouseId: c.warehouseId,
          quantityOnHand: c.onHand,
          quantityReserved: c.reserved,
          quantityAvailable: roundQuantity(c.onHand - c.reserved),
        })),
      };
    },
    onExhausted: () =>
      new BackOfficeError('The stock kept changing while it was transferred; run the command again'),
  });
}
