import { operationsFor } from '../../../platform/http/operations-for.js';
import type { SHIPMENT_ENDPOINTS } from '../endpoints.js';
import { dispatchShipmentOp } from './dispatch.js';
import { packShipmentOp } from './pack.js';
import { getShipmentOp, listShipmentsOp } from './read.js';
import { cancelShipmentOp, createShipmentOp, pickShipmentOp } from './steps.js';

export const shipmentOperations = operationsFor<typeof SHIPMENT_ENDPOINTS>({
  listShipments: listShipmentsOp,
  getShipment: getShipmentOp,
  packShipment: packShipmentOp,
  dispatchShipment: dispatchShipmentOp,
  createShipment: createShipmentOp,
  pickShipment: pickShipmentOp,
  cancelShipment: cancelShipmentOp,
});
