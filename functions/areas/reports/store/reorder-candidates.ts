/**
 * The low-stock report's products: active, stock-holding products with a minStockLevel, read from the
 * product collection's SKU index with the conditions as a FilterExpression (the product indexes hold the
 * list sorts, so there is no narrower key: the read covers the organisation's products once).
 */
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { productCollection } from '../../products/public.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

export interface ReorderCandidate {
  id: string;
  sku: string;
  name: string;
  category: { id: string; name: string } | null;
  costPrice: number;
  minStockLevel: number;
  maxStockLevel: number | null;
}

export async function reorderCandidates(orgId: string, categoryId?: string): Promise<ReorderCandidate[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    FilterExpression: [
      'isActive = :true',
      'productType <> :nonStocked',
      'attribute_type(minStockLevel, :number)',
      ...(categoryId ? ['categoryId = :category'] : []),
    ].join(' AND '),
    ProjectionExpression: 'id, sku, #name, category, costPrice, minStockLevel, maxStockLevel',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: {
      ':pk': productCollection(orgId),
      ':true': true,
      ':nonStocked': 'NON_STOCKED',
      ':number': 'N',
      ...(categoryId ? { ':category': categoryId } : {}),
    },
  });
  return items.map((item) => ({
    id: item.id as string,
    sku: item.sku as string,
    name: item.name as string,
    category: (item.category as ReorderCandidate['category'] | undefined) ?? null,
    costPrice: (item.costPrice as number | undefined) ?? 0,
    minStockLevel: item.minStockLevel as number,
    maxStockLevel: (item.maxStockLevel as number | null | undefined) ?? null,
  }));
}
