/**
 * `bom set` and `PUT /products/{id}/bom` (design.md sections 5 and 7): replaces a product's bill of
 * materials. isBomProduct follows whether lines exist, and the change is a product change (new version,
 * product.updated event), all in one transaction. The answer is the BOM as GET shows it.
 */
import { invalidReference, notFound, unprocessable } from '../../../../domain/errors.js';
import { productUpdated } from '../../../../domain/products/events.js';
import type { SchemaTypes } from '../../../../schemas/input-types.js';
import { validateWith } from '../../../platform/http/validate.js';
import { rawItem, readBatch } from '../../../platform/dynamo/read-batch.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact, WriteRace } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { productBomView } from '../bom-view.js';
import { getProduct, productBomPut, productItem, productKey, type BomLine } from '../store/products.js';

/**
 * `lines` as the CLI's file or the API's body (mapped to component ids) gives them: validated here
 * against BomLineInput, so both doors take the same bounds.
 */
export async function setBom(
  input: { orgId: string; productId: string; lines: unknown },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  // Its one validator module, not the back office's loaders of every schema: the products Lambda bundles this.
  const { BomLineInput } = await import('../../../generated/validators/BomLineInput.js');
  const parsed = validateWith<SchemaTypes['BomLineInput']>(BomLineInput, input.lines);
  const product = await getProduct(input.orgId, input.productId);
  if (!product) throw notFound('Product');
  if (product.productType === 'NON_STOCKED' && parsed.length > 0) {
    throw unprocessable(`Product ${product.sku} is NON_STOCKED; it cannot have a bill of materials`);
  }
  if (parsed.some((l) => l.componentProductId === product.id)) {
    throw unprocessable(`Product ${product.sku} cannot be a component of itself`);
  }
  const found = readBatch();
  for (const l of parsed) found.get(rawItem, productKey(input.orgId, l.componentProductId));
  await found.run();
  if (parsed.some((l) => !found.item(productKey(input.orgId, l.componentProductId)))) {
    throw invalidReference('componentProduct', 'Product');
  }
  const lines: BomLine[] = parsed.map((l, index) => ({
    componentProductId: l.componentProductId,
    quantity: l.quantity,
    wastagePercent: l.wastagePercent ?? 0,
    isPhantom: l.isPhantom ?? false,
    sortOrder: l.sortOrder ?? index,
    group: l.group ?? null,
  }));
  const now = context.now.toISOString();
  const next = { ...product, isBomProduct: lines.length > 0, version: product.version + 1, updatedAt: now };
  const body = await productBomView(input.orgId, next, lines);
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: productItem(input.orgId, next),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': product.version },
        },
      },
      productBomPut(input.orgId, product.id, lines),
      ...context.journal.items({
        events: [productUpdated(product.id)],
        audit: [
          {
            resourceType: 'product',
            resourceId: product.id,
            action: 'set-bom',
            changedFields: ['bom', 'isBomProduct'],
          },
        ],
        response: { status: 200, body },
      }),
    ]);
  } catch (error) {
    if (error instanceof WriteRace) throw context.exhausted('The product changed while its BOM was saved');
    throw error;
  }
  return body;
}
