/**
 * `POST /stock-transfers` and the back office's `stock transfer` (design.md sections 5 and 7): a transfer
 * document (TR-000001... from its own sequence) moving every line's quantity out of the source warehouse
 * (or bin) and into the destination, all lines in one transaction through the movement planner: one
 * ledger entry holding every movement (source type `transfer`, the document's id and number),
 * `stock.level_changed` per product and warehouse whose quantities moved, and an audit entry. The stock
 * puts are conditioned on the versions read, so two transfers racing for the last units never both win:
 * the loser reads again and is refused (422 naming its line). The CLI's command is a one-line transfer.
 */
import { newId } from '../../../platform/ids.js';
import { unprocessable } from '../../../../domain/errors.js';
import { planStockMovement } from '../../../../domain/inventory/movement.js';
import {
  apiTransferNames,
  checkTransferLines,
  checkTransferShape,
  formatTransferNumber,
  lineTransfer,
  transferChanges,
  TRANSFER_SOURCE_TYPE,
  type StockTransfer,
  type Transfer,
  type TransferNames,
  type TransferRequest,
} from '../../../../domain/inventory/transfer.js';
import { CLI_TRANSFER_NAMES, sameLocation } from '../../../../domain/inventory/transfer.js';
import { numberFlag, UsageError } from '../../../platform/back-office/command.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { numberDrawer } from '../../../platform/dynamo/sequence.js';
import { fitsOneTransaction, transact, type WriteItem } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { loadStockFacts } from '../stock-facts.js';
import { stockMovementWrites } from '../stock-writes.js';
import { stockTransferPutItems } from '../store/stock-transfers.js';
import { warehouseKey, warehouses } from '../store/warehouses.js';
import { stockTransferView } from '../view.js';

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

/** `stock transfer`: the one-line transfer document of the command's flags, refusals named by its flags. */
export function transferStock(input: { orgId: string } & Transfer, context?: WriteContext) {
  const { orgId, fromWarehouseId, toWarehouseId, ...line } = input;
  return createStockTransfer(
    { orgId, fromWarehouseId, toWarehouseId, notes: null, lines: [line] },
    context,
    () => CLI_TRANSFER_NAMES,
  );
}

export async function createStockTransfer(
  input: { orgId: string } & TransferRequest,
  context: WriteContext = backOfficeContext(input.orgId),
  names: (i: number) => TransferNames = apiTransferNames,
): Promise<ReturnType<typeof stockTransferView>> {
  const { orgId, ...request } = input;
  checkTransferShape(request);
  const at = context.now.toISOString();
  const id = newId();
  const changes = request.lines.flatMap((line) => transferChanges(lineTransfer(request, line)));
  // Drawn beside the first read and kept for the retries: only the stock is decided again.
  const nextNumber = numberDrawer(orgId, SEQUENCE);
  return writeOptimistically({
    run: async () => {
      const [loaded, number] = await Promise.all([loadStockFacts(orgId, changes), nextNumber()]);
      checkTransferLines(request, loaded.facts, loaded.levels, names);
      const plan = planStockMovement(changes, loaded.levels, loaded.facts, at);
      const named = (warehouseId: string) => {
        // Read with the facts (checkTransferLines found it active).
        const w = warehouses.fromItem(loaded.alongside(warehouseKey(orgId, warehouseId))!);
        return { id: w.id, code: w.code, name: w.name };
      };
      const transfer: StockTransfer = {
        id,
        transferNumber: formatTransferNumber(number),
        fromWarehouse: named(request.fromWarehouseId),
        toWarehouse: named(request.toWarehouseId),
        notes: request.notes,
        lines: request.lines,
        createdAt: at,
      };
      const view = stockTransferView(transfer);
      const writes = stockMovementWrites(
        orgId,
        plan,
        loaded,
        { type: TRANSFER_SOURCE_TYPE, id, number: transfer.transferNumber },
        at,
      );
      const items: WriteItem[] = [
        ...stockTransferPutItems(orgId, transfer),
        ...writes.items,
        ...context.journal.items({
          events: writes.events,
          audit: [
            {
              resourceType: 'stock_transfer',
              resourceId: id,
              action: 'create',
              changedFields: ['fromWarehouseId', 'toWarehouseId', 'notes', 'lines'],
            },
          ],
          response: { status: 201, body: view },
        }),
      ];
      // All or nothing: a transfer touching more than one transaction holds is refused, not split.
      if (!fitsOneTransaction(items)) {
        throw unprocessable(
          `The transfer touches too many records (${items.length}) to apply atomically; split it into smaller transfers`,
        );
      }
      await transact(items);
      return view;
    },
    onExhausted: () => context.exhausted('The stock kept changing while it was transferred'),
  });
}
