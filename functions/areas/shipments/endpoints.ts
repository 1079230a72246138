import { SHIPMENT_RESOURCE, SHIPMENT_STATUSES } from '../../../domain/shipments/shipment.js';
import { declare, modifiedSince, PAGE_PARAMS, type Declared } from '../../platform/catalogue/endpoint.js';

/** Shipments are created and picked in the back office (`shipment create`, `shipment pick`). */
export const SHIPMENT_ENDPOINTS = [
  declare({
    operationId: 'listShipments',
    method: 'GET',
    path: '/shipments',
    summary: 'List shipments, newest first (createdAt desc)',
    permission: 'shipments.view',
    response: 'ShipmentList',
    query: [
      ...PAGE_PARAMS,
      {
        name: 'status',
        type: 'enum-list',
        values: SHIPMENT_STATUSES,
        caseInsensitive: true,
        maxLength: 200,
        description: 'Comma list of statuses, case-insensitive (any of them matches).',
      },
      {
        name: 'salesOrderId',
        type: 'id',
        description:
          'Shipments of this sales order (cuid format, else 400; an unknown id gives an empty page).',
      },
      modifiedSince,
    ],
  }),
  declare({
    operationId: 'getShipment',
    method: 'GET',
    path: '/shipments/{id}',
    resources: { id: SHIPMENT_RESOURCE },
    summary: 'Read a shipment with its lines (and the lots picked for them)',
    permission: 'shipments.view',
    response: 'ShipmentDetail',
  }),
  declare({
    operationId: 'packShipment',
    method: 'POST',
    path: '/shipments/{id}/pack',
    resources: { id: SHIPMENT_RESOURCE },
    summary:
      'Pack a PICKING or PICKED shipment (one still PICKING is picked first; no body, one sent is ignored)',
    permission: 'shipments.create',
    response: 'ShipmentDetail',
    status: 200,
    errors: [409, 422],
  }),
  declare({
    operationId: 'dispatchShipment',
    method: 'POST',
    path: '/shipments/{id}/dispatch',
    resources: { id: SHIPMENT_RESOURCE },
    summary:
      'Dispatch a PACKED shipment: carrier and tracking written, shipDate stamped, the sales order rolled up',
    permission: 'shipments.dispatch',
    body: 'ShipmentDispatch',
    bodyOptional: true,
    status: 200,
    response: 'ShipmentDetail',
    idempotent: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'createShipment',
    method: 'POST',
    path: '/shipments',
    summary:
      "Create a PICKING shipment for an order's unshipped stocked balances (omitted lines: all of them), as `shipment create` does",
    permission: 'shipments.create',
    body: 'ShipmentCreate',
    response: 'ShipmentDetail',
    status: 201,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
  declare({
    operationId: 'pickShipment',
    method: 'POST',
    path: '/shipments/{id}/pick',
    resources: { id: SHIPMENT_RESOURCE },
    summary: 'Pick a PICKING shipment FEFO (no body; one sent is ignored), as `shipment pick` does',
    permission: 'shipments.create',
    response: 'ShipmentDetail',
    status: 200,
    idempotent: true,
    beyondSpec: true,
    errors: [409, 422],
  }),
] as const satisfies readonly Declared[];
