import { invalidParameter, notFound } from '../../../../domain/errors.js';
import { looksLikeCuid } from '../../../../domain/listing/list-filters.js';
import { paginate, pageOf } from '../../../../domain/listing/pagination.js';
import { SHIPMENT_RESOURCE } from '../../../../domain/shipments/shipment.js';
import type { OperationOf } from '../../../platform/http/types.js';
import type { SHIPMENT_ENDPOINTS } from '../endpoints.js';
import { listShipments } from '../store/list.js';
import { getShipment } from '../store/shipments.js';
import { shipmentDetail, shipmentSummary } from '../view.js';

export const getShipmentOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'getShipment'> = async ({
  auth,
  params,
}) => {
  const shipment = await getShipment(auth.orgId, params.id);
  if (!shipment) throw notFound(SHIPMENT_RESOURCE);
  return { body: shipmentDetail(shipment) };
};

export const listShipmentsOp: OperationOf<typeof SHIPMENT_ENDPOINTS, 'listShipments'> = async ({
  auth,
  query,
}) => {
  const page = pageOf(query);
  const salesOrderId = query.salesOrderId;
  // The spec asks for the cuid format here (else 400); an unknown order simply has no shipments.
  if (salesOrderId !== undefined && !looksLikeCuid(salesOrderId)) {
    throw invalidParameter('salesOrderId', 'must be a cuid');
  }
  const { items, total } = await listShipments(
    auth.orgId,
    {
      statuses: query.status,
      salesOrderId,
      modifiedSince: query.modifiedSince,
    },
    { offset: page.offset, limit: page.pageSize },
  );
  return { body: paginate(items.map(shipmentSummary), total, page) };
};
