/**
 * What a shipment's dispatch writes beside its status (spec: POST /shipments/{id}/dispatch): the carrier
 * and tracking number. The patterns are the request schema's too (schemas/shipments.ts), so the API's 400
 * and the back office's refusal say the same.
 */
import { validationError, type ErrorDetail } from '../errors.js';
import type { Shipment } from './shipment.js';

export interface ShipmentDispatchBody {
  carrier?: string;
  trackingNumber?: string;
}

/** 1-100 characters once leading and trailing white space is trimmed. */
export const CARRIER_PATTERN = '^\\s*\\S(?:[\\s\\S]{0,98}\\S)?\\s*$';
export const CARRIER_RULE = 'must be 1-100 characters after trimming';
/** At least one of them not a space (a blank tracking number tracks nothing). */
export const TRACKING_NUMBER_PATTERN = '^(?=.*[A-Za-z0-9._-])[A-Za-z0-9 ._-]{1,100}$';
export const TRACKING_NUMBER_RULE = 'must be 1-100 letters, digits, spaces, hyphens, underscores or dots';

/** The carrier and tracking number a dispatch writes, trimmed; a bad one is 400 validation_error. */
export function dispatchDetails(
  shipment: Pick<Shipment, 'carrier' | 'trackingNumber'>,
  body: ShipmentDispatchBody,
): { carrier: string | null; trackingNumber: string | null } {
  const details: ErrorDetail[] = [];
  if (body.carrier !== undefined && !new RegExp(CARRIER_PATTERN).test(body.carrier)) {
    details.push({ path: 'carrier', message: CARRIER_RULE });
  }
  if (body.trackingNumber !== undefined && !new RegExp(TRACKING_NUMBER_PATTERN).test(body.trackingNumber)) {
    details.push({ path: 'trackingNumber', message: TRACKING_NUMBER_RULE });
  }
  if (details.length > 0) throw validationError(details);
  return {
    carrier: body.carrier === undefined ? shipment.carrier : body.carrier.trim(),
    trackingNumber: body.trackingNumber === undefined ? shipment.trackingNumber : body.trackingNumber.trim(),
  };
}
