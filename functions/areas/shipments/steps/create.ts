/**
 * `shipment create` and `POST /shipments` (design.md sections 5 and 7): a shipment in PICKING for some or all of a sales order's
 * unshipped stocked balances. The shipment, its number (drawn conditioned on the value read) and the order
 * claiming the quantities (`openShipments`, conditioned on the order's status and version) commit together,
 * so two shipments racing for one balance can never both claim it: the loser re-reads and is refused.
 */
import { newId } from '../../../platform/ids.js';
import {
  CARRIER_PATTERN,
  CARRIER_RULE,
  TRACKING_NUMBER_PATTERN,
  TRACKING_NUMBER_RULE,
} from '../../../../domain/shipments/dispatch-details.js';
import { newShipment, type ShipmentRequestLine } from '../../../../domain/shipments/shipment.js';
import { MAX_ORDER_LINES } from '../../../../domain/sales-orders/order.js';
import { UsageError } from '../../../platform/back-office/command.js';
import { readBatch } from '../../../platform/dynamo/read-batch.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { numberDrawer } from '../../../platform/dynamo/sequence.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { productKey, products as productEntities } from '../../products/public.js';
import { readOrderToTransition } from '../../sales-orders/public.js';
import { orderReplaceItem } from '../../sales-orders/public.js';
import { SHIPMENT_SEQUENCE, shipmentCreateItem } from '../store/shipments.js';
import { shipmentDetail } from '../view.js';

const MAX_QUANTITY = 99_999_999;
const MAX_NOTES = 2000;

/** `--lines` JSON: `[{ soLineId, quantity }]`, 1-100 entries. */
export function parseShipmentLines(json: string): ShipmentRequestLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`--lines is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_ORDER_LINES) {
    throw new UsageError(`--lines must be a JSON array of 1-${MAX_ORDER_LINES} { soLineId, quantity }`);
  }
  return parsed.map((raw: unknown, i) => {
    const at = `--lines[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new UsageError(`${at} must be an object`);
    }
    const line = raw as Record<string, unknown>;
    if (typeof line.soLineId !== 'string' || line.soLineId.length === 0) {
      throw new UsageError(`${at}.soLineId is required (a line id of the order)`);
    }
    if (
      typeof line.quantity !== 'number' ||
      !Number.isFinite(line.quantity) ||
      line.quantity <= 0 ||
      line.quantity > MAX_QUANTITY
    ) {
      throw new UsageError(`${at}.quantity must be a number > 0 and <= ${MAX_QUANTITY}`);
    }
    const unknown = Object.keys(line).find((k) => k !== 'soLineId' && k !== 'quantity');
    if (unknown !== undefined) throw new UsageError(`${at}: unknown field '${unknown}'`);
    return { soLineId: line.soLineId, quantity: line.quantity };
  });
}

/** The optional texts of `shipment create`, checked as the dispatch body checks them. */
export function shipmentTexts(flags: { notes?: string; carrier?: string; trackingNumber?: string }) {
  if (flags.notes !== undefined && (flags.notes.trim() === '' || flags.notes.length > MAX_NOTES)) {
    throw new UsageError(`--notes must be 1-${MAX_NOTES} characters`);
  }
  if (flags.carrier !== undefined && !new RegExp(CARRIER_PATTERN).test(flags.carrier)) {
    throw new UsageError(`--carrier ${CARRIER_RULE}`);
  }
  if (flags.trackingNumber !== undefined && !new RegExp(TRACKING_NUMBER_PATTERN).test(flags.trackingNumber)) {
    throw new UsageError(`--tracking-number ${TRACKING_NUMBER_RULE}`);
  }
  return {
    notes: flags.notes ?? null,
    carrier: flags.carrier?.trim() ?? null,
    trackingNumber: flags.trackingNumber?.trim() ?? null,
  };
}

export interface ShipmentCreateInput {
  orgId: string;
  salesOrderId: string;
  lines?: ShipmentRequestLine[];
  notes?: string;
  carrier?: string;
  trackingNumber?: string;
}

export async function createShipment(
  input: ShipmentCreateInput,
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const texts = shipmentTexts(input);
  const id = newId();
  const at = context.now.toISOString();
  // Drawn beside the first read and kept for the retries: only the order is read and decided again.
  const nextNumber = numberDrawer(orgId, SHIPMENT_SEQUENCE);
  return writeOptimistically({
    run: async () => {
      const [order, number] = await Promise.all([
        readOrderToTransition(orgId, input.salesOrderId),
        nextNumber(),
      ]);
      const productIds = [...new Set(order.lines.filter((l) => !l.isServiceLine).map((l) => l.productId))];
      const b = readBatch();
      const reads = productIds.map((p) => b.get(productEntities, productKey(orgId, p)));
      await b.run();
      const products = reads.flatMap(({ value }) => (value ? [value] : []));
      const decision = newShipment(order, input.lines, {
        id,
        sequence: number,
        now: at,
        weights: new Map(products.map((p) => [p.id, p.weight])),
        manualAllocation: new Set(products.filter((p) => p.allocationPolicy === 'MANUAL').map((p) => p.id)),
        ...texts,
      });
      const { shipment } = decision;
      const detail = shipmentDetail(shipment);
      await transact([
        shipmentCreateItem(orgId, shipment),
        orderReplaceItem(orgId, decision.order, order, 'ship'),
        ...context.journal.items({
          response: { status: 201, body: detail },
          audit: [
            {
              resourceType: 'shipment',
              resourceId: shipment.id,
              action: 'create',
              changedFields: ['status', 'lines'],
            },
            {
              resourceType: 'sales_order',
              resourceId: order.id,
              action: 'create_shipment',
              changedFields: ['openShipments'],
            },
          ],
        }),
      ]);
      return detail;
    },
    onExhausted: () =>
      context.exhausted('The order or the shipment numbers kept changing while the shipment was created'),
  });
}
