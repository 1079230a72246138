/**
 * `sales-order pick` and `POST /sales-orders/{id}/pick` (design.md sections 5 and 7): picking "in the application". Lots are allocated FEFO from the
 * order's reservations, or from the lot a line names; the picked quantity leaves on hand and reserved,
 * with a ledger entry carrying the order's reference. Serial-tracked lines allocate their serials (named,
 * or the oldest AVAILABLE of the lots picked) in the same transaction (inventory/serial-moves.ts).
 * CONFIRMED, PICKING or PARTIALLY_DISPATCHED -> PICKING.
 */
import { MAX_SERIAL_LENGTH } from '../../../../domain/inventory/serial.js';
import { decidePick, type PickRequestLine } from '../../../../domain/sales-orders/fulfilment.js';
import { refuseWhileShipmentsOpen } from '../../../../domain/sales-orders/open-shipments.js';
import type { SalesOrder } from '../../../../domain/sales-orders/order.js';
import { SALES_ORDER_RESOURCE, SALES_ORDER_TRANSITIONS } from '../../../../domain/sales-orders/status.js';
import { assertCan } from '../../../../domain/workflow/transitions.js';
import { UsageError } from '../../../platform/back-office/command.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { pickSerials, withSerials } from '../../inventory/public.js';
import { decideWithPickFacts } from '../picking.js';
import { orderTransitionItems } from '../store/order-writes.js';
import { readOrderToTransition } from '../store/read.js';
import { salesOrderDetail } from '../view.js';

const MAX_PICK_QUANTITY = 99_999_999;

/** Serial numbers one pick line may name (a goods receipt line's limit). */
const MAX_PICK_SERIALS = 1000;

function parseSerialNumbers(at: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PICK_SERIALS) {
    throw new UsageError(`${at}.serialNumbers must be an array of 1-${MAX_PICK_SERIALS} serial numbers`);
  }
  return value.map((raw: unknown, j) => {
    const serial = typeof raw === 'string' ? raw.trim() : '';
    if (serial.length === 0 || serial.length > MAX_SERIAL_LENGTH) {
      throw new UsageError(
        `${at}.serialNumbers[${j}] must be a serial number of 1-${MAX_SERIAL_LENGTH} characters`,
      );
    }
    return serial;
  });
}

/**
 * `--lines` JSON: `[{ soLineId, quantity, batchId?, serialNumbers? }]`. serialNumbers name the units of a
 * serial-tracked line (as many as its whole quantity); without them the pick chooses the oldest AVAILABLE
 * units of the lots it picks.
 */
export function parsePickLines(json: string): PickRequestLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`--lines is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 100) {
    throw new UsageError(
      '--lines must be a JSON array of 1-100 { soLineId, quantity, batchId?, serialNumbers? }',
    );
  }
  return parsed.map((raw: unknown, i) => {
    const line = (raw ?? {}) as Record<string, unknown>;
    const at = `--lines[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new UsageError(`${at} must be an object`);
    if (typeof line.soLineId !== 'string' || line.soLineId.length === 0)
      throw new UsageError(`${at}.soLineId is required (a line id of the order)`);
    if (
      typeof line.quantity !== 'number' ||
      !Number.isFinite(line.quantity) ||
      line.quantity <= 0 ||
      line.quantity > MAX_PICK_QUANTITY
    ) {
      throw new UsageError(`${at}.quantity must be a number > 0 and <= ${MAX_PICK_QUANTITY}`);
    }
    if (line.batchId !== undefined && (typeof line.batchId !== 'string' || line.batchId.length === 0))
      throw new UsageError(`${at}.batchId must be a batch id`);
    const unknown = Object.keys(line).filter(
      (k) => !['soLineId', 'quantity', 'batchId', 'serialNumbers'].includes(k),
    );
    if (unknown.length > 0) throw new UsageError(`${at}: unknown field '${unknown[0]}'`);
    return {
      soLineId: line.soLineId,
      quantity: line.quantity,
      ...(line.batchId ? { batchId: line.batchId as string } : {}),
      ...(line.serialNumbers !== undefined
        ? { serialNumbers: parseSerialNumbers(at, line.serialNumbers) }
        : {}),
    };
  });
}

/** The order to pick or pack: 404 when missing, 409 while a confirm or cancel in parts is under way. */
export const readOrder = (orgId: string, id: string): Promise<SalesOrder> => readOrderToTransition(orgId, id);

export async function pickSalesOrder(
  input: { orgId: string; id: string; lines?: PickRequestLine[] },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId, lines: request } = input;
  const at = context.now.toISOString();
  return writeOptimistically({
    run: async () => {
      const order = await readOrder(orgId, input.id);
      assertCan(SALES_ORDER_TRANSITIONS, SALES_ORDER_RESOURCE, order.status, 'pick');
      refuseWhileShipmentsOpen(order, 'pick');
      const { decision, loaded } = await decideWithPickFacts(orgId, order, request, (facts) =>
        decidePick(order, request, facts, at),
      );
      const serials = await pickSerials(orgId, {
        read: order,
        decided: decision.order,
        request,
        records: loaded.records,
        at,
        source: { type: 'sales_order', id: order.id },
      });
      const next = {
        ...decision.order,
        lines: withSerials(decision.order.lines, (l) => l.id, serials.byLine),
      };
      const detail = salesOrderDetail(next);
      await transact(
        orderTransitionItems({
          orgId,
          read: order,
          next,
          action: 'pick',
          at,
          deltas: decision.deltas,
          stock: loaded,
          extra: serials.items,
          journal: (events) =>
            context.journal.items({
              events,
              audit: [
                {
                  resourceType: 'sales_order',
                  resourceId: order.id,
                  action: 'pick',
                  changedFields: ['status', 'lines', 'reservations', 'picks'],
                },
              ],
              response: { status: 200, body: detail },
            }),
        }),
      );
      return detail;
    },
    onExhausted: () => context.exhausted('The order or its stock kept changing while it was picked'),
  });
}
