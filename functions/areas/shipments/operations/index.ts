import type { OperationsOf } from '../../../platform/http/types.js';
import type { SHIPMENT_ENDPOINTS } from '../endpoints.js';
import { dispatchShipmentOp } from './dispatch.js';
import { packShipmentOp } from './pack.js';
import { getShipmentOp, listShipmentsOp } from './read.js';

export const shipmentOperations: OperationsOf<typeof SHIPMENT_ENDPOINTS> = {
  listShipments: listShipmentsOp,
  getShipment: getShipmentOp,
  packShipment: packShipmentOp,
  dispatchShipment: dispatchShipmentOp,
};
