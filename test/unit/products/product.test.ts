import { describe, expect, it } from 'vitest';
import {
  PRODUCT_DEFAULTS,
  PRODUCT_REFERENCES,
  checkUsageRules,
  createProduct,
  patchProduct,
  uniqueName,
  uniqueSku,
  usageChecksFor,
  type ProductCreateInput,
  type ProductState,
  type ProductUsage,
} from '../../../domain/products/product.js';
import { catchApiError } from '../../support/catch-api-error.js';

const CREATED = '2024-01-01T00:00:00.000Z';
const LATER = '2024-02-01T12:00:00.000Z';
const UOM_EACH = 'uom_each';
const UOM_BOX = 'uom_box';
const UOM_CASE = 'uom_case';

const create = (input: Partial<ProductCreateInput> = {}): ProductState =>
  createProduct({ sku: 'SKU-1', name: 'Widget', ...input }, { id: 'prod_1', now: CREATED });

const NO_USAGE: ProductUsage = {
  stockOnHand: 0,
  reservedQuantity: 0,
  lotQuantity: 0,
  openSalesOrderLines: 0,
  openPurchaseOrderLines: 0,
  stockReturningCredits: 0,
};
const usage = (overrides: Partial<ProductUsage>): ProductUsage => ({ ...NO_USAGE, ...overrides });

/** A product with every usage fact set, so any rule that looks at usage would block. */
const BUSY: ProductUsage = {
  stockOnHand: 5,
  reservedQuantity: 2,
  lotQuantity: 5,
  openSalesOrderLines: 1,
  openPurchaseOrderLines: 1,
  stockReturningCredits: 1,
};

describe('PRODUCT_DEFAULTS', () => {
  it('holds the documented defaults', () => {
    expect(PRODUCT_DEFAULTS).toMatchObject({
      productType: 'STOCKED',
      isBomProduct: false,
      isBatchTracked: false,
      requiresSerialTracking: false,
      requiresInspection: false,
      defaultPrice: 0,
      costPrice: 0,
      taxRate: 0,
      allocationPolicy: 'FEFO',
      containsAllergens: [],
      mayContainAllergens: [],
      requiresAllergenCheck: false,
      requiresFinalQC: false,
      requiresLineClearance: false,
    });
    for (const field of [
      'description',
      'categoryId',
      'unitOfMeasureId',
      'purchaseUomId',
      'saleUomId',
      'preferredSupplierId',
      'unitsPerPurchaseUom',
      'unitsPerSaleUom',
      'weight',
      'barcode',
      'minStockLevel',
      'maxStockLevel',
      'reorderQuantity',
      'notes',
      'imageUrl',
      'shelfLifeDays',
    ] as const) {
      expect(PRODUCT_DEFAULTS[field], field).toBeNull();
    }
  });

  it('names the record each reference field must point at', () => {
    expect(PRODUCT_REFERENCES).toEqual({
      categoryId: 'category',
      unitOfMeasureId: 'unit of measure',
      purchaseUomId: 'unit of measure',
      saleUomId: 'unit of measure',
      preferredSupplierId: 'supplier',
    });
  });
});

describe('createProduct', () => {
  it('applies every default and the server-owned fields', () => {
    expect(create()).toEqual({
      ...PRODUCT_DEFAULTS,
      sku: 'SKU-1',
      name: 'Widget',
      id: 'prod_1',
      isActive: true,
      storageCondition: null,
      version: 1,
      createdAt: CREATED,
      updatedAt: CREATED,
    });
  });

  it('keeps the values it is given', () => {
    const product = create({
      description: 'A widget',
      productType: 'ASSEMBLED',
      isBomProduct: true,
      defaultPrice: 12.5,
      costPrice: 7.25,
      taxRate: 0.2,
      reorderQuantity: 40,
      notes: 'fragile',
    });
    expect(product).toMatchObject({
      description: 'A widget',
      productType: 'ASSEMBLED',
      isBomProduct: true,
      defaultPrice: 12.5,
      costPrice: 7.25,
      taxRate: 0.2,
      reorderQuantity: 40,
      notes: 'fragile',
    });
  });

  it('treats keys given as undefined as omitted (defaults still apply)', () => {
    const product = create({ productType: undefined, description: undefined, defaultPrice: undefined });
    expect(product.productType).toBe('STOCKED');
    expect(product.description).toBeNull();
    expect(product.defaultPrice).toBe(0);
  });

  it('dedupes allergen arrays keeping first-seen order, without touching the input', () => {
    const contains = ['MILK', 'EGGS', 'MILK'] as const;
    const input = {
      containsAllergens: [...contains],
      mayContainAllergens: [...(['SESAME', 'SESAME'] as const)],
    };
    const product = create(input);
    expect(product.containsAllergens).toEqual(['MILK', 'EGGS']);
    expect(product.mayContainAllergens).toEqual(['SESAME']);
    expect(input.containsAllergens).toEqual(['MILK', 'EGGS', 'MILK']);
  });

  it('does not share the default allergen arrays with the product', () => {
    const product = create();
    product.containsAllergens.push('MILK');
    expect(PRODUCT_DEFAULTS.containsAllergens).toEqual([]);
    expect(create().containsAllergens).toEqual([]);
  });

  it('always stores FEFO for a product without batch tracking', () => {
    expect(create({ allocationPolicy: 'MANUAL' }).allocationPolicy).toBe('FEFO');
    expect(create({ allocationPolicy: 'MANUAL', isBatchTracked: false }).allocationPolicy).toBe('FEFO');
  });

  it('keeps MANUAL for a batch-tracked product', () => {
    expect(create({ allocationPolicy: 'MANUAL', isBatchTracked: true }).allocationPolicy).toBe('MANUAL');
    expect(create({ isBatchTracked: true }).allocationPolicy).toBe('FEFO');
  });

  it('always starts active, with no storage condition, at version 1', () => {
    const product = create();
    expect(product.isActive).toBe(true);
    expect(product.storageCondition).toBeNull();
    expect(product.version).toBe(1);
  });

  describe('rule 2: purchase and sale units', () => {
    it('accepts a purchase unit with its factor, distinct from the base unit', () => {
      const product = create({ unitOfMeasureId: UOM_EACH, purchaseUomId: UOM_BOX, unitsPerPurchaseUom: 12 });
      expect(product).toMatchObject({ purchaseUomId: UOM_BOX, unitsPerPurchaseUom: 12 });
    });

    it('accepts a sale unit with its factor, distinct from the base unit', () => {
      const product = create({ unitOfMeasureId: UOM_EACH, saleUomId: UOM_CASE, unitsPerSaleUom: 6 });
      expect(product).toMatchObject({ saleUomId: UOM_CASE, unitsPerSaleUom: 6 });
    });

    it('accepts purchase and sale units that are the same unit as each other', () => {
      expect(() =>
        create({
          unitOfMeasureId: UOM_EACH,
          purchaseUomId: UOM_BOX,
          unitsPerPurchaseUom: 12,
          saleUomId: UOM_BOX,
          unitsPerSaleUom: 12,
        }),
      ).not.toThrow();
    });

    it('accepts a purchase or sale unit when the product has no base unit', () => {
      expect(() => create({ purchaseUomId: UOM_BOX, unitsPerPurchaseUom: 12 })).not.toThrow();
    });

    it('accepts a factor without its unit', () => {
      expect(create({ unitsPerPurchaseUom: 12, unitsPerSaleUom: 6 })).toMatchObject({
        purchaseUomId: null,
        unitsPerPurchaseUom: 12,
      });
    });

    it('rejects a purchase unit without unitsPerPurchaseUom (422 unprocessable)', () => {
      const error = catchApiError(() => create({ unitOfMeasureId: UOM_EACH, purchaseUomId: UOM_BOX }));
      expect(error.code).toBe('unprocessable');
      expect(error.status).toBe(422);
      expect(error.message).toBe('unitsPerPurchaseUom is required when purchaseUomId is set');
    });

    it('rejects a sale unit without unitsPerSaleUom (422 unprocessable)', () => {
      const error = catchApiError(() => create({ saleUomId: UOM_CASE, unitsPerSaleUom: null }));
      expect(error.code).toBe('unprocessable');
      expect(error.status).toBe(422);
      expect(error.message).toBe('unitsPerSaleUom is required when saleUomId is set');
    });

    it('rejects a purchase unit equal to the base unit (422 unprocessable)', () => {
      const error = catchApiError(() =>
        create({ unitOfMeasureId: UOM_EACH, purchaseUomId: UOM_EACH, unitsPerPurchaseUom: 1 }),
      );
      expect(error.code).toBe('unprocessable');
      expect(error.status).toBe(422);
      expect(error.message).toBe('purchaseUomId must differ from unitOfMeasureId');
    });

    it('rejects a sale unit equal to the base unit (422 unprocessable)', () => {
      const error = catchApiError(() =>
        create({ unitOfMeasureId: UOM_EACH, saleUomId: UOM_EACH, unitsPerSaleUom: 1 }),
      );
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
      expect(error.message).toBe('saleUomId must differ from unitOfMeasureId');
    });
  });

  describe('rule 4: NON_STOCKED flags', () => {
    for (const flag of ['isBatchTracked', 'requiresSerialTracking', 'isBomProduct'] as const) {
      it(`rejects a NON_STOCKED product with ${flag} (422 unprocessable)`, () => {
        const error = catchApiError(() => create({ productType: 'NON_STOCKED', [flag]: true }));
        expect(error.code).toBe('unprocessable');
        expect(error.status).toBe(422);
        expect(error.message).toBe(`A NON_STOCKED product cannot have ${flag} set`);
      });

      it(`accepts a NON_STOCKED product with ${flag} false`, () => {
        expect(create({ productType: 'NON_STOCKED', [flag]: false }).productType).toBe('NON_STOCKED');
      });
    }

    it('lets STOCKED and ASSEMBLED products carry every tracking flag', () => {
      for (const productType of ['STOCKED', 'ASSEMBLED'] as const) {
        const product = create({
          productType,
          isBatchTracked: true,
          requiresSerialTracking: true,
          isBomProduct: true,
        });
        expect(product.productType).toBe(productType);
      }
    });

    it('lets a NON_STOCKED product require inspection and allergen checks', () => {
      const product = create({
        productType: 'NON_STOCKED',
        requiresInspection: true,
        requiresAllergenCheck: true,
      });
      expect(product).toMatchObject({ requiresInspection: true, requiresAllergenCheck: true });
    });
  });
});

describe('patchProduct', () => {
  it('changes only the keys present, bumps the version and stamps updatedAt', () => {
    const current = create({ description: 'old', defaultPrice: 10 });
    const next = patchProduct(current, { name: 'Renamed' }, LATER);
    expect(next).toEqual({ ...current, name: 'Renamed', version: 2, updatedAt: LATER });
    expect(next.createdAt).toBe(CREATED);
    expect(next.id).toBe('prod_1');
  });

  it('does not modify the current product', () => {
    const current = create();
    const copy = structuredClone(current);
    patchProduct(current, { name: 'Renamed', containsAllergens: ['MILK'] }, LATER);
    expect(current).toEqual(copy);
  });

  it('ignores keys given as undefined', () => {
    const current = create({ description: 'keep me' });
    const next = patchProduct(current, { description: undefined, taxRate: undefined }, LATER);
    expect(next.description).toBe('keep me');
    expect(next.taxRate).toBe(0);
  });

  it('clears nullable fields set to null', () => {
    const current = create({ description: 'x', barcode: '123', shelfLifeDays: 30 });
    const next = patchProduct(current, { description: null, barcode: null, shelfLifeDays: null }, LATER);
    expect(next).toMatchObject({ description: null, barcode: null, shelfLifeDays: null });
  });

  it('increments the version from the current one', () => {
    const v1 = create();
    const v2 = patchProduct(v1, {}, LATER);
    const v3 = patchProduct(v2, { notes: 'n' }, '2024-03-01T00:00:00.000Z');
    expect([v1.version, v2.version, v3.version]).toEqual([1, 2, 3]);
    expect(v3.updatedAt).toBe('2024-03-01T00:00:00.000Z');
  });

  it('deactivates and reactivates through isActive', () => {
    const inactive = patchProduct(create(), { isActive: false }, LATER);
    expect(inactive.isActive).toBe(false);
    expect(patchProduct(inactive, { isActive: true }, LATER).isActive).toBe(true);
  });

  it('dedupes allergen arrays', () => {
    const next = patchProduct(create(), { mayContainAllergens: ['LUPIN', 'FISH', 'LUPIN', 'FISH'] }, LATER);
    expect(next.mayContainAllergens).toEqual(['LUPIN', 'FISH']);
  });

  describe('allocationPolicy', () => {
    it('resets to FEFO when batch tracking is disabled', () => {
      const current = create({ isBatchTracked: true, allocationPolicy: 'MANUAL' });
      expect(current.allocationPolicy).toBe('MANUAL');
      const next = patchProduct(current, { isBatchTracked: false }, LATER);
      expect(next.allocationPolicy).toBe('FEFO');
    });

    it('stays FEFO when batch tracking is enabled again without a policy', () => {
      const current = create({ isBatchTracked: true, allocationPolicy: 'MANUAL' });
      const off = patchProduct(current, { isBatchTracked: false }, LATER);
      expect(patchProduct(off, { isBatchTracked: true }, LATER).allocationPolicy).toBe('FEFO');
    });

    it('stores FEFO when MANUAL is written to a non-batch-tracked product', () => {
      expect(patchProduct(create(), { allocationPolicy: 'MANUAL' }, LATER).allocationPolicy).toBe('FEFO');
    });

    it('accepts MANUAL together with enabling batch tracking', () => {
      const next = patchProduct(create(), { isBatchTracked: true, allocationPolicy: 'MANUAL' }, LATER);
      expect(next.allocationPolicy).toBe('MANUAL');
    });
  });

  describe('rule 2 against the merged values', () => {
    const withUnits = () =>
      create({
        unitOfMeasureId: UOM_EACH,
        purchaseUomId: UOM_BOX,
        unitsPerPurchaseUom: 12,
        saleUomId: UOM_CASE,
        unitsPerSaleUom: 6,
      });

    it('rejects clearing unitsPerPurchaseUom while purchaseUomId stays set', () => {
      const error = catchApiError(() => patchProduct(withUnits(), { unitsPerPurchaseUom: null }, LATER));
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
      expect(error.message).toBe('unitsPerPurchaseUom is required when purchaseUomId is set');
    });

    it('rejects clearing unitsPerSaleUom while saleUomId stays set', () => {
      const error = catchApiError(() => patchProduct(withUnits(), { unitsPerSaleUom: null }, LATER));
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
    });

    it('rejects a base unit changed to the existing purchase unit', () => {
      const error = catchApiError(() => patchProduct(withUnits(), { unitOfMeasureId: UOM_BOX }, LATER));
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
      expect(error.message).toBe('purchaseUomId must differ from unitOfMeasureId');
    });

    it('rejects a sale unit changed to the existing base unit', () => {
      const error = catchApiError(() => patchProduct(withUnits(), { saleUomId: UOM_EACH }, LATER));
      expect(error.message).toBe('saleUomId must differ from unitOfMeasureId');
    });

    it('rejects setting a purchase unit on a product that has no factor', () => {
      const error = catchApiError(() => patchProduct(create(), { purchaseUomId: UOM_BOX }, LATER));
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
    });

    it('accepts setting a purchase unit when the factor is already stored', () => {
      const current = create({ unitsPerPurchaseUom: 24 });
      expect(patchProduct(current, { purchaseUomId: UOM_BOX }, LATER).purchaseUomId).toBe(UOM_BOX);
    });

    it('accepts clearing the units while the factors stay', () => {
      const next = patchProduct(withUnits(), { purchaseUomId: null, saleUomId: null }, LATER);
      expect(next).toMatchObject({ purchaseUomId: null, unitsPerPurchaseUom: 12, saleUomId: null });
    });

    it('accepts changing a factor', () => {
      expect(patchProduct(withUnits(), { unitsPerPurchaseUom: 24 }, LATER).unitsPerPurchaseUom).toBe(24);
    });
  });

  describe('rule 4 against the merged values', () => {
    it('rejects turning on a tracking flag of a NON_STOCKED product', () => {
      const current = create({ productType: 'NON_STOCKED' });
      const error = catchApiError(() => patchProduct(current, { requiresSerialTracking: true }, LATER));
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
      expect(error.message).toBe('A NON_STOCKED product cannot have requiresSerialTracking set');
    });

    it('rejects making a batch-tracked product NON_STOCKED while the flag stays on', () => {
      const current = create({ isBatchTracked: true });
      const error = catchApiError(() => patchProduct(current, { productType: 'NON_STOCKED' }, LATER));
      expect([error.code, error.status]).toEqual(['unprocessable', 422]);
      expect(error.message).toBe('A NON_STOCKED product cannot have isBatchTracked set');
    });

    it('accepts making a product NON_STOCKED when the same patch clears its flags', () => {
      const current = create({ isBatchTracked: true, isBomProduct: true, allocationPolicy: 'MANUAL' });
      const next = patchProduct(
        current,
        { productType: 'NON_STOCKED', isBatchTracked: false, isBomProduct: false },
        LATER,
      );
      expect(next).toMatchObject({
        productType: 'NON_STOCKED',
        isBatchTracked: false,
        allocationPolicy: 'FEFO',
      });
    });
  });
});

describe('usageChecksFor', () => {
  const current = create();

  it('needs no look-up for ordinary edits', () => {
    expect(usageChecksFor(current, patchProduct(current, { name: 'x', defaultPrice: 3 }, LATER))).toBe(false);
  });

  it('needs no look-up when the same type or flag is written back', () => {
    const next = patchProduct(
      current,
      { productType: 'STOCKED', isBatchTracked: false, isActive: true },
      LATER,
    );
    expect(usageChecksFor(current, next)).toBe(false);
  });

  it('needs no look-up between STOCKED and ASSEMBLED', () => {
    expect(usageChecksFor(current, patchProduct(current, { productType: 'ASSEMBLED' }, LATER))).toBe(false);
  });

  it('needs a look-up when the type crosses NON_STOCKED, in either direction', () => {
    const nonStocked = patchProduct(current, { productType: 'NON_STOCKED' }, LATER);
    expect(usageChecksFor(current, nonStocked)).toBe(true);
    expect(usageChecksFor(nonStocked, patchProduct(nonStocked, { productType: 'ASSEMBLED' }, LATER))).toBe(
      true,
    );
  });

  it('needs a look-up when isBatchTracked changes, in either direction', () => {
    const tracked = patchProduct(current, { isBatchTracked: true }, LATER);
    expect(usageChecksFor(current, tracked)).toBe(true);
    expect(usageChecksFor(tracked, patchProduct(tracked, { isBatchTracked: false }, LATER))).toBe(true);
  });

  it('needs a look-up on deactivation but not on reactivation', () => {
    const inactive = patchProduct(current, { isActive: false }, LATER);
    expect(usageChecksFor(current, inactive)).toBe(true);
    expect(usageChecksFor(inactive, patchProduct(inactive, { isActive: true }, LATER))).toBe(false);
    expect(usageChecksFor(inactive, patchProduct(inactive, { name: 'still off' }, LATER))).toBe(false);
  });
});

describe('checkUsageRules', () => {
  const stocked = create();
  const nonStocked = create({ productType: 'NON_STOCKED' });
  const toNonStocked = patchProduct(stocked, { productType: 'NON_STOCKED' }, LATER);
  const toStocked = patchProduct(nonStocked, { productType: 'STOCKED' }, LATER);

  it('accepts every change when nothing references the product', () => {
    expect(() => checkUsageRules(stocked, toNonStocked, NO_USAGE)).not.toThrow();
    expect(() => checkUsageRules(nonStocked, toStocked, NO_USAGE)).not.toThrow();
    const tracked = patchProduct(stocked, { isBatchTracked: true }, LATER);
    expect(() => checkUsageRules(stocked, tracked, NO_USAGE)).not.toThrow();
    const inactive = patchProduct(stocked, { isActive: false }, LATER);
    expect(() => checkUsageRules(stocked, inactive, NO_USAGE)).not.toThrow();
  });

  describe('rule 3: productType to or from NON_STOCKED', () => {
    const blockers: [keyof ProductUsage, string][] = [
      ['stockOnHand', 'stock on hand'],
      ['reservedQuantity', 'reservations'],
      ['lotQuantity', 'lot quantities'],
      ['openSalesOrderLines', 'open sales orders'],
      ['stockReturningCredits', 'stock-returning credits or returns'],
    ];

    for (const [fact, words] of blockers) {
      it(`is blocked by ${fact} (422 unprocessable), in both directions`, () => {
        const toError = catchApiError(() => checkUsageRules(stocked, toNonStocked, usage({ [fact]: 1 })));
        expect(toError.code).toBe('unprocessable');
        expect(toError.status).toBe(422);
        expect(toError.message).toBe(
          `productType cannot change from STOCKED to NON_STOCKED while the product has ${words}`,
        );
        const fromError = catchApiError(() => checkUsageRules(nonStocked, toStocked, usage({ [fact]: 1 })));
        expect([fromError.code, fromError.status]).toEqual(['unprocessable', 422]);
        expect(fromError.message).toContain('from NON_STOCKED to STOCKED');
      });
    }

    it('is blocked by negative stock and negative lot quantities', () => {
      expect(
        catchApiError(() => checkUsageRules(stocked, toNonStocked, usage({ stockOnHand: -3 }))).code,
      ).toBe('unprocessable');
      expect(
        catchApiError(() => checkUsageRules(stocked, toNonStocked, usage({ lotQuantity: -1 }))).code,
      ).toBe('unprocessable');
    });

    it('names every blocker in the message', () => {
      const error = catchApiError(() =>
        checkUsageRules(
          stocked,
          toNonStocked,
          usage({ stockOnHand: 4, reservedQuantity: 1, stockReturningCredits: 2 }),
        ),
      );
      expect(error.message).toBe(
        'productType cannot change from STOCKED to NON_STOCKED while the product has stock on hand, reservations, stock-returning credits or returns',
      );
    });

    it('is not blocked by open purchase order lines alone', () => {
      expect(() =>
        checkUsageRules(stocked, toNonStocked, usage({ openPurchaseOrderLines: 3 })),
      ).not.toThrow();
    });

    it('accepts writing the same type back whatever the usage', () => {
      const same = patchProduct(nonStocked, { productType: 'NON_STOCKED' }, LATER);
      expect(() => checkUsageRules(nonStocked, same, BUSY)).not.toThrow();
      const sameStocked = patchProduct(stocked, { productType: 'STOCKED' }, LATER);
      expect(() => checkUsageRules(stocked, sameStocked, BUSY)).not.toThrow();
    });

    it('accepts STOCKED to ASSEMBLED and back whatever the usage', () => {
      const assembled = patchProduct(stocked, { productType: 'ASSEMBLED' }, LATER);
      expect(() => checkUsageRules(stocked, assembled, BUSY)).not.toThrow();
      expect(() => checkUsageRules(assembled, stocked, BUSY)).not.toThrow();
    });

    it('covers ASSEMBLED to NON_STOCKED too', () => {
      const assembled = create({ productType: 'ASSEMBLED' });
      const next = patchProduct(assembled, { productType: 'NON_STOCKED' }, LATER);
      const error = catchApiError(() => checkUsageRules(assembled, next, usage({ openSalesOrderLines: 1 })));
      expect(error.message).toBe(
        'productType cannot change from ASSEMBLED to NON_STOCKED while the product has open sales orders',
      );
    });
  });

  describe('rule 5: isBatchTracked', () => {
    const untracked = create();
    const tracked = create({ isBatchTracked: true });
    const enable = patchProduct(untracked, { isBatchTracked: true }, LATER);
    const disable = patchProduct(tracked, { isBatchTracked: false }, LATER);

    for (const fact of ['stockOnHand', 'lotQuantity'] as const) {
      it(`cannot change while ${fact} is not zero (422 unprocessable), in both directions`, () => {
        for (const [from, to] of [
          [untracked, enable],
          [tracked, disable],
        ] as const) {
          const error = catchApiError(() => checkUsageRules(from, to, usage({ [fact]: 2 })));
          expect(error.code).toBe('unprocessable');
          expect(error.status).toBe(422);
          expect(error.message).toBe(
            'isBatchTracked cannot change while the product has stock on hand or lot quantities',
          );
        }
      });
    }

    it('is not blocked by reservations, orders or credits', () => {
      const others = usage({
        reservedQuantity: 1,
        openSalesOrderLines: 1,
        openPurchaseOrderLines: 1,
        stockReturningCredits: 1,
      });
      expect(() => checkUsageRules(untracked, enable, others)).not.toThrow();
    });

    it('accepts writing the same value back with stock on hand', () => {
      const same = patchProduct(tracked, { isBatchTracked: true }, LATER);
      expect(() => checkUsageRules(tracked, same, usage({ stockOnHand: 10, lotQuantity: 10 }))).not.toThrow();
    });
  });

  describe('deactivation', () => {
    const active = create();
    const deactivated = patchProduct(active, { isActive: false }, LATER);

    it('is blocked by open sales order lines (409 conflict)', () => {
      const error = catchApiError(() =>
        checkUsageRules(active, deactivated, usage({ openSalesOrderLines: 1 })),
      );
      expect(error.code).toBe('conflict');
      expect(error.status).toBe(409);
      expect(error.message).toBe(
        'The product is on lines of open sales or purchase orders and cannot be deactivated',
      );
    });

    it('is blocked by open purchase order lines (409 conflict)', () => {
      const error = catchApiError(() =>
        checkUsageRules(active, deactivated, usage({ openPurchaseOrderLines: 2 })),
      );
      expect([error.code, error.status]).toEqual(['conflict', 409]);
    });

    it('is not blocked by stock, reservations, lots or credits', () => {
      const stockOnly = usage({
        stockOnHand: 5,
        reservedQuantity: 1,
        lotQuantity: 5,
        stockReturningCredits: 1,
      });
      expect(() => checkUsageRules(active, deactivated, stockOnly)).not.toThrow();
    });

    it('does not apply to an already inactive product or to reactivation', () => {
      const stillInactive = patchProduct(deactivated, { name: 'Renamed' }, LATER);
      expect(() => checkUsageRules(deactivated, stillInactive, BUSY)).not.toThrow();
      const reactivated = patchProduct(deactivated, { isActive: true }, LATER);
      expect(() => checkUsageRules(deactivated, reactivated, BUSY)).not.toThrow();
    });
  });

  it('reports the productType rule before the deactivation block', () => {
    const next = patchProduct(stocked, { productType: 'NON_STOCKED', isActive: false }, LATER);
    const error = catchApiError(() => checkUsageRules(stocked, next, BUSY));
    expect([error.code, error.status]).toEqual(['unprocessable', 422]);
  });

  it('reports the productType rule before the isBatchTracked rule', () => {
    const tracked = create({ isBatchTracked: true });
    const next = patchProduct(tracked, { productType: 'NON_STOCKED', isBatchTracked: false }, LATER);
    const error = catchApiError(() => checkUsageRules(tracked, next, usage({ stockOnHand: 1 })));
    expect(error.message).toContain('productType cannot change');
  });
});

describe('uniqueness keys', () => {
  it('compare sku and name case-insensitively', () => {
    expect(uniqueSku('AbC-01')).toBe('abc-01');
    expect(uniqueSku('ABC-01')).toBe(uniqueSku('abc-01'));
    expect(uniqueName('Blue Widget')).toBe(uniqueName('BLUE widget'));
    expect(uniqueName('Blue Widget')).not.toBe(uniqueName('Blue Widgets'));
  });
});
