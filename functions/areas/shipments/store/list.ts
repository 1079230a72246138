/**
 * GET /shipments, newest first (createdAt desc): selected, counted and paged on the slim projection, then
 * the page's shipments read by key (listDocuments). A collection too large for the projection reads the
 * narrowest index range (the order's GSI4 partition for salesOrderId, one status's GSI3 partition, else
 * GSI1) with the other filters as filter expressions, counting the matching range.
 */
import type { Shipment, ShipmentStatus } from '../../../../domain/shipments/shipment.js';
import { listDocuments } from '../../../platform/dynamo/document-query.js';
import { shipmentPartitions, shipmentProjection, shipments } from './shipments.js';

export interface ShipmentFilter {
  statuses?: ShipmentStatus[];
  salesOrderId?: string;
  modifiedSince?: Date;
}

export const listShipments = (
  orgId: string,
  filter: ShipmentFilter,
  window: { offset: number; limit: number },
): Promise<{ items: Shipment[]; total: number }> =>
  listDocuments<Shipment, ShipmentStatus>({
    orgId,
    // listDocuments' owner partition (GSI4) is the customer's for orders and invoices; a shipment's owner
    // is its sales order, so its `customerId` filter carries the order id.
    partitions: { ...shipmentPartitions, customer: shipmentPartitions.salesOrder },
    filter: {
      statuses: filter.statuses,
      customerId: filter.salesOrderId,
      modifiedSince: filter.modifiedSince,
    },
    sort: { by: 'createdAt', ascending: false },
    window,
    dateAttribute: 'createdAt',
    indexSort: 'createdAt',
    fromItem: shipments.fromItem,
    partyParameter: 'salesOrderId',
    projection: shipmentProjection,
  });
