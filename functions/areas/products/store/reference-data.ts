import { PutCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

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

const strip = <T>(item: Record<string, unknown>, fields: readonly (keyof T & string)[]): T =>
  Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as T;

const CATEGORY_FIELDS = ['id', 'name', 'parentId', 'sortOrder'] as const;
const UOM_FIELDS = ['id', 'name', 'abbreviation', 'type'] as const;

export const categoryFromItem = (item: Record<string, unknown>) => strip<Category>(item, CATEGORY_FIELDS);
export const uomFromItem = (item: Record<string, unknown>) => strip<UnitOfMeasure>(item, UOM_FIELDS);

/** Reference collections are small and live in one partition each; a list reads the partition. */
export async function listCategories(orgId: string): Promise<Category[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.categoryCollection(orgId) },
  });
  return items.map(categoryFromItem);
}

export async function listUnitsOfMeasure(orgId: string): Promise<UnitOfMeasure[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.unitOfMeasureCollection(orgId) },
  });
  return items.map(uomFromItem);
}

export async function putCategory(orgId: string, category: Category): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.category(orgId, category.id), entity: 'Category', orgId, ...category },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function putUnitOfMeasure(orgId: string, uom: UnitOfMeasure): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.unitOfMeasure(orgId, uom.id), entity: 'UnitOfMeasure', orgId, ...uom },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}
