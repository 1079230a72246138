/**
 * A product's bill of materials as `GET /products/{id}/bom` shows it (and `PUT` answers it): each line
 * names its component (null once that product is gone), in sort order.
 */
import { readBatch } from '../../platform/dynamo/read-batch.js';
import { productKey, products, type BomLine } from './store/products.js';

export async function productBomView(
  orgId: string,
  product: { id: string; isBomProduct: boolean },
  bom: readonly BomLine[],
) {
  const b = readBatch();
  const components = new Map(
    bom.map((l) => [l.componentProductId, b.get(products, productKey(orgId, l.componentProductId))]),
  );
  await b.run();
  const lines = [...bom]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((line) => {
      const component = components.get(line.componentProductId)?.value;
      return {
        componentProduct: component ? { id: component.id, sku: component.sku, name: component.name } : null,
        quantity: line.quantity,
        wastagePercent: line.wastagePercent,
        isPhantom: line.isPhantom,
        sortOrder: line.sortOrder,
        group: line.group,
      };
    });
  return { productId: product.id, isBomProduct: product.isBomProduct, lines };
}
