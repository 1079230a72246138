import { tenantPrefix } from '../../../platform/dynamo/keys.js';
import { smallCollection } from '../../../platform/dynamo/entity.js';

export interface Category {
  id: string;
  name: string;
  parentId: string | null;
  sortOrder: number;
}

export type UomType = 'WEIGHT' | 'VOLUME' | 'LENGTH' | 'AREA' | 'UNIT' | 'TIME';
export interface UnitOfMeasure {
  id: string;
  name: string;
  abbreviation: string;
  type: UomType;
}

/** Reference collections are small and live in one partition each; a list reads the partition. */
export const categories = smallCollection<Category>({
  name: 'Category',
  fields: ['id', 'name', 'parentId', 'sortOrder'],
  collection: (orgId) => `${tenantPrefix(orgId)}#CATEGORY`,
});

export const unitsOfMeasure = smallCollection<UnitOfMeasure>({
  name: 'UnitOfMeasure',
  fields: ['id', 'name', 'abbreviation', 'type'],
  collection: (orgId) => `${tenantPrefix(orgId)}#UOM`,
});

export const categoryFromItem = categories.fromItem;
export const uomFromItem = unitsOfMeasure.fromItem;
export const listCategories = categories.list;
export const listUnitsOfMeasure = unitsOfMeasure.list;
export const putCategory = categories.create;
export const putUnitOfMeasure = unitsOfMeasure.create;
