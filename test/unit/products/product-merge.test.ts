/**
 * The merge a PUT without If-Match writes after a lost race (productMergeItem, issue 29 item 2): its
 * independent fields are last writer wins, so what each of them writes must be its own (no derived value
 * reads two of them), and every other field a written value reads must be in its condition.
 */
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../domain/products/product.js';
import {
  productItem,
  productMergeItem,
  type ProductRecord,
} from '../../../functions/areas/products/store/products.js';
import { isGuardedItem, type TransactItem } from '../../../functions/platform/dynamo/transact.js';

type Update = NonNullable<TransactItem['Update']>;

const ORG = 'org1';
const base: ProductRecord = {
  ...createProduct(
    { sku: 'SKU-1', name: 'Flour', barcode: '9400000000017', description: 'Plain', weight: 1 },
    { id: 'p1', now: '2026-11-26T10:00:00.000Z' },
  ),
  category: null,
  unitOfMeasure: null,
  purchaseUom: null,
  saleUom: null,
};

/** Another value of the same kind (null becomes a string: the item builder copies whatever it is given). */
const otherValue = (value: unknown): unknown => {
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}-changed`;
  if (Array.isArray(value)) return [...(value as unknown[]), 'MILK'];
  return 'changed';
};

const withChanged = (field: keyof ProductRecord): ProductRecord => ({
  ...base,
  [field]: otherValue(base[field]),
  version: base.version + 1,
});

/** Attributes (slim fields as `slim.x`) set or removed by an update, resolved through its names. */
function written(update: Update): Set<string> {
  const names = update.ExpressionAttributeNames!;
  const paths = update!
    .UpdateExpression!.replace(/^SET /, '')
    .split(/ REMOVE |, /)
    .map((clause) => clause.split(' = ')[0]!.trim());
  return new Set(
    paths.map((path) =>
      path
        .split('.')
        .map((n) => names[n] ?? n)
        .join('.'),
    ),
  );
}

/** Attributes of the stored item (slim fields as `slim.x`) that differ between two records. */
function itemChanges(a: ProductRecord, b: ProductRecord): Set<string> {
  const flat = (record: ProductRecord) => {
    const item = productItem(ORG, record);
    const slim = item.slim as Record<string, unknown>;
    return Object.fromEntries([
      ...Object.entries(item).filter(([k]) => k !== 'slim'),
      ...Object.entries(slim).map(([k, v]) => [`slim.${k}`, v]),
    ]);
  };
  const [x, y] = [flat(a), flat(b)];
  return new Set(
    [...new Set([...Object.keys(x), ...Object.keys(y)])].filter(
      (k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]),
    ),
  );
}

/** Moved by every write whatever it changes (the version, the write's time and what sorts by it). */
const EVERY_WRITE = new Set(['version', 'updatedAt', 'GSI4SK', 'GSI5SK', 'slim.u']);
const own = (attributes: Set<string>) => [...attributes].filter((a) => !EVERY_WRITE.has(a));

const fields = Object.keys(base) as (keyof ProductRecord)[];
const merged = fields.flatMap((field) => {
  const item = productMergeItem(ORG, base, withChanged(field));
  if (!item) return [];
  const update = isGuardedItem(item) ? item.item.Update : item.Update;
  return update ? [{ field, update }] : [];
});
const conditioned = (update: Update) => {
  const names = update.ExpressionAttributeNames!;
  return new Set([...update.ConditionExpression!.matchAll(/#\w+/g)].map((m) => names[m[0]]!).filter(Boolean));
};

describe('productMergeItem', () => {
  it('merges exactly the independent fields', () => {
    expect(merged.map((m) => m.field).sort()).toEqual(
      [
        'allergenReviewed',
        'barcode',
        'containsAllergens',
        'costPrice',
        'defaultPrice',
        'description',
        'expiryRequired',
        'imageUrl',
        'maxStockLevel',
        'mayContainAllergens',
        'minStockLevel',
        'notes',
        'reorderQuantity',
        'requiresAllergenCheck',
        'requiresFinalQC',
        'requiresInspection',
        'requiresLineClearance',
        'shelfLifeDays',
        'storageCondition',
        'taxRate',
        'weight',
      ].sort(),
    );
  });

  it('writes every attribute the field moves, and no two independent fields write the same one', () => {
    const claimed = new Map<string, string>();
    for (const { field, update } of merged) {
      const writes = written(update);
      expect(own(writes).sort()).toEqual(own(itemChanges(base, withChanged(field))).sort());
      for (const attribute of own(writes)) {
        expect(claimed.get(attribute), `${attribute} written by ${field}`).toBeUndefined();
        claimed.set(attribute, field);
      }
    }
    // The barcode moves its derived values with it.
    expect(claimed.get('searchText')).toBe('barcode');
    expect(claimed.get('slim.b')).toBe('barcode');
  });

  it('conditions on no independent field, and on every other field a written value reads', () => {
    const independent = new Set<string>(merged.map((m) => m.field));
    for (const { field, update } of merged) {
      const condition = conditioned(update);
      for (const other of independent) expect(condition.has(other), `${field} on ${other}`).toBe(false);
      const writes = own(written(update));
      for (const rule of fields.filter((f) => !independent.has(f))) {
        const reads = own(itemChanges(base, withChanged(rule))).filter((a) => writes.includes(a));
        // A field whose change moves an attribute this merge writes must hold the value it was decided on.
        if (reads.length > 0)
          expect(condition.has(rule), `${field} writes ${reads.join()} read from ${rule}`).toBe(true);
      }
    }
    const barcode = merged.find((m) => m.field === 'barcode')!;
    expect([...conditioned(barcode.update)]).toEqual(expect.arrayContaining(['name', 'sku', 'isActive']));
  });
});
