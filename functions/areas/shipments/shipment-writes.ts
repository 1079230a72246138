/**
 * Everything one shipment step commits, built from what the caller read and decided: the shipment put
 * (conditioned on the status and version read: a lost pack or dispatch is the 422 naming the status the
 * shipment now has), and through the order transition writer the order put (conditioned on its status and
 * version and on no confirm or cancel in parts), its counters when its status changes, the stock movement
 * of a pick (ledger rows with the shipment as their source) and the journal items.
 */
import { unprocessable } from '../../../domain/errors.js';
import type { ShipmentStep } from '../../../domain/shipments/fulfilment.js';
import type { Shipment, ShipmentAction } from '../../../domain/shipments/shipment.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import type { SalesOrderAction } from '../../../domain/sales-orders/status.js';
import {
  fitsOneTransaction,
  guard,
  isGuardedItem,
  MAX_TRANSACTION_ITEMS,
  type TransactItem,
  type WriteItem,
} from '../../platform/dynamo/transact.js';
import type { LoadedStockFacts } from '../inventory/public.js';
import { orderTransitionItems, type OrderEvents } from '../sales-orders/public.js';
import { shipmentTransitionItem } from './store/shipments.js';

export interface ShipmentStepWrite {
  orgId: string;
  read: { shipment: Shipment; order: SalesOrder };
  step: ShipmentStep;
  action: ShipmentAction;
  /** The order's side of the step: 'ship' (pick, pack), 'rollUp' (dispatch) or 'unship' (cancel). */
  orderAction: SalesOrderAction;
  at: string;
  /** The stock facts a pick's (or a cancel's) deltas were decided on. */
  stock?: LoadedStockFacts;
  /** Items beside the shipment and the order (serials allocated, sold or returned by the step). */
  extra?: WriteItem[];
  journal: (stockEvents: OrderEvents) => TransactItem[];
}

/**
 * The order's put (the first of the order's items) fails over to a re-read instead of its own error: when
 * a racing step on the same shipment wins, both the shipment and the order conditions fail, and which
 * failure DynamoDB reports first is not fixed. The re-read checks the shipment first, so the loser always
 * hears about the shipment (and a real refusal of the order is decided again from the fresh order).
 */
const rereadOnFailure = (item: WriteItem): WriteItem =>
  isGuardedItem(item)
    ? guard(item.item, (old) => {
        const meaning = item.onFail(old);
        return meaning instanceof Error ? 'retry' : meaning;
      })
    : item;

export function shipmentStepItems(write: ShipmentStepWrite): WriteItem[] {
  const { orgId, read, step } = write;
  const items: WriteItem[] = [
    shipmentTransitionItem(orgId, step.shipment, read.shipment, write.action),
    ...(write.extra ?? []),
    ...orderTransitionItems({
      orgId,
      read: read.order,
      next: step.order,
      action: write.orderAction,
      at: write.at,
      deltas: step.deltas,
      stock: write.stock,
      source: { type: 'shipment', id: read.shipment.id, number: read.shipment.shipmentNumber },
      journal: write.journal,
    }).map((item, i) => (i === 0 ? rereadOnFailure(item) : item)),
  ];
  if (!fitsOneTransaction(items)) {
    throw unprocessable(
      `Shipment ${read.shipment.shipmentNumber}: ${write.action} would write ${items.length} records, more ` +
        `than one transaction holds (${MAX_TRANSACTION_ITEMS}); ship fewer lines at a time`,
    );
  }
  return items;
}
