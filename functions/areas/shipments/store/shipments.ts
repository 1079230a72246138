/**
 * The shipment entity. One item per shipment holds its header, lines (at most the order's 100) and picks,
 * so a detail read and every transition touch one item, conditioned on its status and version.
 *   GSI1 createdAt (the list's newest-first order)   GSI2 updatedAt
 *   GSI3 status + createdAt                          GSI4 sales order + createdAt
 */
import {
  SHIPMENT_RESOURCE,
  SHIPMENT_TRANSITIONS,
  type Shipment,
  type ShipmentAction,
  type ShipmentStatus,
} from '../../../../domain/shipments/shipment.js';
import { notFound } from '../../../../domain/errors.js';
import { transitionRefused } from '../../../../domain/workflow/transitions.js';
import { documentProjection } from '../../../platform/dynamo/document-projection.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem } from '../../../platform/dynamo/transact.js';

export const SHIPMENT_SEQUENCE = 'SHIPMENT';

const SHIPMENT_FIELDS = [
  'id',
  'shipmentNumber',
  'status',
  'salesOrderId',
  'salesOrder',
  'warehouseId',
  'carrier',
  'trackingNumber',
  'totalWeight',
  'shipDate',
  'notes',
  'lines',
  'picks',
  'cancelledAt',
  'cancelReason',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof Shipment)[];

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#SHIPMENT`;
export const shipmentPartitions = {
  all: collection,
  status: (orgId: string, status: ShipmentStatus) => `${collection(orgId)}#STATUS#${status}`,
  salesOrder: (orgId: string, salesOrderId: string) => `${collection(orgId)}#ORDER#${salesOrderId}`,
};

export const shipmentKey = (orgId: string, id: string): Key => ({
  PK: `${collection(orgId)}#${id}`,
  SK: 'SHIPMENT',
});

/**
 * The shipment's slim row (GSI5): what GET /shipments filters (status, sales order, updatedAt) and sorts
 * on (createdAt). docs/architecture.md "Search and filtered lists".
 */
export const shipmentProjection = documentProjection<Shipment>({
  collection,
  key: shipmentKey,
  row: (shipment) => ({
    id: shipment.id,
    s: shipment.status,
    p: shipment.salesOrderId,
    c: shipment.createdAt,
    u: shipment.updatedAt,
  }),
  sorts: { createdAt: 'c' },
});

export const shipments = entity<Shipment>({
  name: 'Shipment',
  fields: SHIPMENT_FIELDS,
  key: (orgId, shipment) => shipmentKey(orgId, shipment.id),
  indexes: (orgId, shipment) => ({
    GSI1PK: shipmentPartitions.all(orgId),
    GSI1SK: sortKey(shipment.createdAt, shipment.id),
    GSI2PK: shipmentPartitions.all(orgId),
    GSI2SK: sortKey(shipment.updatedAt, shipment.id),
    GSI3PK: shipmentPartitions.status(orgId, shipment.status),
    GSI3SK: sortKey(shipment.createdAt, shipment.id),
    GSI4PK: shipmentPartitions.salesOrder(orgId, shipment.salesOrderId),
    GSI4SK: sortKey(shipment.createdAt, shipment.id),
    ...shipmentProjection.attributes(orgId, shipment),
  }),
});

export const getShipment = (orgId: string, id: string): Promise<Shipment | null> =>
  shipments.getByKey(shipmentKey(orgId, id));

/** Puts a new shipment; the id is fresh, so only a duplicate id (never expected) fails. */
export function shipmentCreateItem(orgId: string, shipment: Shipment): GuardedItem {
  return guard(shipments.createItem(orgId, shipment), () => 'retry');
}

/**
 * Replaces the shipment with `next` (its status and updatedAt index keys move with it), conditioned on the
 * status and version it was read at. When the condition fails, the shipment as it stood tells which: a
 * status `action` cannot start from is the 422 naming it (a racing pack or dispatch won), the same status
 * with a new version a race to re-read.
 */
export function shipmentTransitionItem(
  orgId: string,
  next: Shipment,
  read: Pick<Shipment, 'status' | 'version'>,
  action: ShipmentAction,
): GuardedItem {
  const from = SHIPMENT_TRANSITIONS[action].from as readonly string[];
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: shipments.toItem(orgId, next),
        ConditionExpression: '#status = :status AND #version = :version',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':status': read.status, ':version': read.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => {
      if (!old) return notFound(SHIPMENT_RESOURCE);
      const actual = old.status as string;
      if (!from.includes(actual)) return transitionRefused(SHIPMENT_RESOURCE, actual, action, from);
      return 'retry';
    },
  );
}
