import { invalidReference } from '../../../domain/errors.js';
import {
  PRODUCT_REFERENCES,
  type ProductFields,
  type ProductReferenceField,
} from '../../../domain/products/product.js';
import { type NamedRef, type ProductRecord, type UomRef } from './store/products.js';
import { rawItem, readBatch, type Key } from '../../platform/dynamo/read-batch.js';
import { categories, categoryFromItem, unitsOfMeasure, uomFromItem } from './store/reference-data.js';
import { productPorts } from './ports.js';

type Embeds = Pick<ProductRecord, 'category' | 'unitOfMeasure' | 'purchaseUom' | 'saleUom'>;

const keyFor = (orgId: string, field: ProductReferenceField, id: string): Key => {
  switch (field) {
    case 'categoryId':
      return categories.key(orgId, id);
    case 'preferredSupplierId':
      return productPorts().supplierKey(orgId, id);
    default:
      return unitsOfMeasure.key(orgId, id);
  }
};

const uomEmbed = (item: Record<string, unknown> | undefined): UomRef | null =>
  item ? uomFromItem(item) : null;

/**
 * Checks, in one batch read, that every referenced id changed by this write exists in the organisation and
 * is active (422 invalid_reference naming the field otherwise), and returns the embeds the product shows.
 * Unchanged references keep the embeds already stored.
 */
export async function resolveReferences(
  orgId: string,
  next: ProductFields,
  previous: ProductRecord | null,
): Promise<Embeds> {
  const fields = Object.keys(PRODUCT_REFERENCES) as ProductReferenceField[];
  const changed = fields.filter((f) => next[f] !== null && next[f] !== previous?.[f]);
  const b = readBatch();
  for (const field of changed) b.get(rawItem, keyFor(orgId, field, next[field]!));
  await b.run();
  const itemFor = (field: ProductReferenceField): Record<string, unknown> | undefined => {
    const id = next[field];
    return id === null ? undefined : b.item(keyFor(orgId, field, id));
  };
  for (const field of changed) {
    const item = itemFor(field);
    if (!item || item.isActive === false) throw invalidReference(field, PRODUCT_REFERENCES[field]);
  }
  const keep = <K extends keyof Embeds>(embed: K, field: ProductReferenceField, build: () => Embeds[K]) =>
    next[field] === null ? null : changed.includes(field) ? build() : (previous?.[embed] ?? null);
  return {
    category: keep('category', 'categoryId', () => {
      const category = categoryFromItem(itemFor('categoryId')!);
      return { id: category.id, name: category.name } satisfies NamedRef;
    }),
    unitOfMeasure: keep('unitOfMeasure', 'unitOfMeasureId', () => uomEmbed(itemFor('unitOfMeasureId'))),
    purchaseUom: keep('purchaseUom', 'purchaseUomId', () => uomEmbed(itemFor('purchaseUomId'))),
    saleUom: keep('saleUom', 'saleUomId', () => uomEmbed(itemFor('saleUomId'))),
  };
}
