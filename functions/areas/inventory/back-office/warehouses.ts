/**
 * What only the CLI does for warehouses: reading its flags into the step's input (the API's schemas do
 * the same for a body). The steps are in steps/warehouses.ts.
 */
import {
  isZoneCategoryKey,
  isZoneType,
  ZONE_CATEGORY_KEYS,
  ZONE_TYPES,
  type ZoneCategoryKey,
  type ZoneType,
} from '../../../../domain/inventory/warehouse.js';
import { BackOfficeError } from '../../../platform/back-office/actor.js';

export function parseZoneFlags(flags: { 'zone-type'?: string; category?: string }): {
  zoneType: ZoneType;
  category?: ZoneCategoryKey;
} {
  const zoneType = flags['zone-type'] ?? '';
  if (!isZoneType(zoneType)) throw new BackOfficeError(`--zone-type must be one of ${ZONE_TYPES.join(', ')}`);
  const { category } = flags;
  if (category !== undefined && !isZoneCategoryKey(category)) {
    throw new BackOfficeError(`--category must be one of ${ZONE_CATEGORY_KEYS.join(', ')}`);
  }
  return { zoneType, category };
}
