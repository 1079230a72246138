/** Warehouse structure: zones with a workflow role and an optional category, and bins inside zones. */

/** The workflow role of a zone (the spec names seven values without listing them; docs/decisions.md). */
export const ZONE_TYPES = [
  'RECEIVING',
  'STORAGE',
  'PICKING',
  'PACKING',
  'DISPATCH',
  'QUARANTINE',
  'PRODUCTION',
] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export const ZONE_CATEGORY_KEYS = [
  'FREEZER',
  'COOL_ROOM',
  'REFRIGERATED',
  'AMBIENT',
  'RACKING',
  'PICKING',
  'QUARANTINE',
] as const;
export type ZoneCategoryKey = (typeof ZONE_CATEGORY_KEYS)[number];

export interface ZoneCategory {
  id: string;
  name: string;
  builtInKey: ZoneCategoryKey | null;
  needsTemperatureRecords: boolean;
}

/** Spec Limits: embedded caps, enforced on the writes as well as in the embed. */
export const MAX_ZONES_PER_WAREHOUSE = 50;
export const MAX_BINS_PER_ZONE = 500;

const CATEGORY_NAMES: Record<ZoneCategoryKey, string> = {
  FREEZER: 'Freezer',
  COOL_ROOM: 'Cool room',
  REFRIGERATED: 'Refrigerated',
  AMBIENT: 'Ambient',
  RACKING: 'Racking',
  PICKING: 'Picking',
  QUARANTINE: 'Quarantine',
};
const TEMPERATURE_CONTROLLED = new Set<ZoneCategoryKey>(['FREEZER', 'COOL_ROOM', 'REFRIGERATED']);

/** Built-in categories are the same fixed records in every organisation, so their ids are stable. */
export const builtInZoneCategory = (key: ZoneCategoryKey): ZoneCategory => ({
  id: `zc_${key.toLowerCase()}`,
  name: CATEGORY_NAMES[key],
  builtInKey: key,
  needsTemperatureRecords: TEMPERATURE_CONTROLLED.has(key),
});

export const isZoneType = (value: string): value is ZoneType =>
  (ZONE_TYPES as readonly string[]).includes(value);
export const isZoneCategoryKey = (value: string): value is ZoneCategoryKey =>
  (ZONE_CATEGORY_KEYS as readonly string[]).includes(value);

/** Warehouse codes are unique per organisation, case-insensitively. */
export const uniqueWarehouseCode = (code: string): string => code.trim().toLowerCase();
