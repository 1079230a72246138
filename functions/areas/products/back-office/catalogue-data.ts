import { createId } from '@paralleldrive/cuid2';
import { ApiError } from '../../../../domain/errors.js';
import { productUpdated } from '../../../../domain/products/events.js';
import { UOM_TYPES } from '../../../../schemas/products.js';
import { validateAgainst } from '../../../platform/back-office/validate-input.js';
import { getProduct, productBomPut, productItem, productKey, type BomLine } from '../store/products.js';
import { rawItem, readBatch } from '../../../platform/dynamo/read-batch.js';
import {
  categories,
  putCategory,
  putUnitOfMeasure,
  type Category,
  type UnitOfMeasure,
  type UomType,
} from '../store/reference-data.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { backOfficeJournal, BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';
import { requireOrganisation } from '../../organisations/public.js';

export async function createCategory(input: {
  orgId: string;
  name: string;
  parentId?: string;
  sortOrder?: number;
}): Promise<Category> {
  await requireOrganisation(input.orgId);
  if (input.parentId) {
    const parent = await categories.getByKey(categories.key(input.orgId, input.parentId));
    if (!parent) throw new BackOfficeError(`parent category ${input.parentId} not found`);
  }
  const category: Category = {
    id: createId(),
    name: input.name,
    parentId: input.parentId ?? null,
    sortOrder: input.sortOrder ?? 0,
  };
  await putCategory(input.orgId, category);
  return category;
}

export async function createUnitOfMeasure(input: {
  orgId: string;
  name: string;
  abbreviation: string;
  type: string;
}): Promise<UnitOfMeasure> {
  await requireOrganisation(input.orgId);
  if (!(UOM_TYPES as readonly string[]).includes(input.type)) {
    throw new BackOfficeError(`type must be one of ${UOM_TYPES.join(', ')}`);
  }
  const uom: UnitOfMeasure = {
    id: createId(),
    name: input.name,
    abbreviation: input.abbreviation,
    type: input.type as UomType,
  };
  await putUnitOfMeasure(input.orgId, uom);
  return uom;
}

/**
 * Replaces a product's bill of materials. isBomProduct follows whether lines exist, and the change is a
 * product change (new version, product.updated event), all in one transaction.
 */
export async function setBom(input: { orgId: string; productId: string; lines: unknown }) {
  let parsed: Array<Partial<BomLine> & { componentProductId: string; quantity: number }>;
  try {
    parsed = validateAgainst('BomLineInput', input.lines);
  } catch (error) {
    if (error instanceof ApiError) throw new BackOfficeError(`invalid BOM lines: ${error.message}`);
    throw error;
  }
  const product = await getProduct(input.orgId, input.productId);
  if (!product) throw new BackOfficeError(`product ${input.productId} not found`);
  if (product.productType === 'NON_STOCKED' && parsed.length > 0) {
    throw new BackOfficeError('a NON_STOCKED product cannot have a bill of materials');
  }
  if (parsed.some((l) => l.componentProductId === product.id)) {
    throw new BackOfficeError('a product cannot be a component of itself');
  }
  const found = readBatch();
  for (const l of parsed) found.get(rawItem, productKey(input.orgId, l.componentProductId));
  await found.run();
  const missing = parsed.find((l) => !found.item(productKey(input.orgId, l.componentProductId)));
  if (missing) throw new BackOfficeError(`component product ${missing.componentProductId} not found`);
  const lines: BomLine[] = parsed.map((l, index) => ({
    componentProductId: l.componentProductId,
    quantity: l.quantity,
    wastagePercent: l.wastagePercent ?? 0,
    isPhantom: l.isPhantom ?? false,
    sortOrder: l.sortOrder ?? index,
    group: l.group ?? null,
  }));
  const now = new Date().toISOString();
  const next = { ...product, isBomProduct: lines.length > 0, version: product.version + 1, updatedAt: now };
  await transactOrRefuse(
    [
      {
        Put: {
          TableName: tableName(),
          Item: productItem(input.orgId, next),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': product.version },
        },
      },
      productBomPut(input.orgId, product.id, lines),
      ...backOfficeJournal(input.orgId, new Date(now)).items({
        events: [productUpdated(product.id)],
        audit: [
          {
            resourceType: 'product',
            resourceId: product.id,
            action: 'set-bom',
            changedFields: ['bom', 'isBomProduct'],
          },
        ],
      }),
    ],
    'the product changed while saving its BOM; try again',
  );
  return { productId: product.id, isBomProduct: next.isBomProduct, lines };
}
