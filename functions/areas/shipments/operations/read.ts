import { invalidParameter, notFound } from '../../../../domain/errors.js';
import { looksLikeCuid } from '../../../../domain/listing/list-filters.js';
import { paginate, pageWindow } from '../../../../domain/listing/pagination.js';
import { SHIPMENT_RESOURCE, type ShipmentStatus } from '../../../../domain/shipments/shipment.js';
import type { Operation } from '../../../platform/http/types.js';
import { listShipments } from '../store/list.js';
import { getShipment } from '../store/shipments.js';
import { shipmentDetail, shipmentSummary } from '../view.js';

export const getShipmentOp: Operation = async ({ auth, params }) => {
  const shipment = await getShipment(auth.orgId, params.id!);
  if (!shipment) throw notFound(SHIPMENT_RESOURCE);
  return { body: shipmentDetail(shipment) };
};

export const listShipmentsOp: Operation = async ({ auth, query }) => {
  const page = pageWindow(query.page as number, query.pageSize as number);
  const salesOrderId = query.salesOrderId as string | undefined;
  // The spec asks for the cuid format here (else 400); an unknown order simply has no shipments.
  if (salesOrderId !== undefined && !looksLikeCuid(salesOrderId)) {
    throw invalidParameter('salesOrderId', 'must be a cuid');
  }
  const { items, total } = await listShipments(
    auth.orgId,
    {
      statuses: query.status as ShipmentStatus[] | undefined,
      salesOrderId,
      modifiedSince: query.modifiedSince as Date | undefined,
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(shipmentSummary), total, page) };
};
