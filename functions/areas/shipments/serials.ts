/**
 * THE place where a shipment's steps move its serial numbers: picking (a shipment's pick, or its pack of a
 * shipment still PICKING) allocates the serial-tracked units it takes, the oldest AVAILABLE of the lots
 * picked (inventory/serial-moves.ts), onto the shipment's lines and the order's; dispatch sells the
 * shipment's serials (ALLOCATED -> SOLD, soldAt, a history entry naming the shipment). Each is one
 * conditional put per serial in the step's own transaction (shipmentStepItems counts them).
 */
import type { ShipmentStep } from '../../../domain/shipments/fulfilment.js';
import type { Shipment } from '../../../domain/shipments/shipment.js';
import type { SalesOrder } from '../../../domain/sales-orders/order.js';
import type { WriteItem } from '../../platform/dynamo/transact.js';
import { pickSerials, sellAllocated, withSerials } from '../inventory/public.js';
import type { LoadedStockFacts } from '../inventory/public.js';

/** The step with the serials its pick allocates on the shipment's and the order's lines, and their writes. */
export async function shipmentPickSerials(
  orgId: string,
  read: { shipment: Shipment; order: SalesOrder },
  step: ShipmentStep,
  loaded: LoadedStockFacts,
  at: string,
): Promise<{ step: ShipmentStep; items: WriteItem[] }> {
  const serials = await pickSerials(orgId, {
    read: read.order,
    decided: step.order,
    request: undefined,
    records: loaded.records,
    at,
    source: { type: 'shipment', id: read.shipment.id },
  });
  if (serials.items.length === 0) return { step, items: [] };
  return {
    step: {
      ...step,
      shipment: {
        ...step.shipment,
        lines: withSerials(step.shipment.lines, (l) => l.soLineId, serials.byLine),
      },
      order: { ...step.order, lines: withSerials(step.order.lines, (l) => l.id, serials.byLine) },
    },
    items: serials.items,
  };
}

export function serialsSoldItems(
  orgId: string,
  shipment: Pick<Shipment, 'id' | 'shipmentNumber'>,
  serialNumberIds: readonly string[],
  at: string,
): Promise<WriteItem[]> {
  return sellAllocated(orgId, serialNumberIds, at, { type: 'shipment', id: shipment.id });
}
