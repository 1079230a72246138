import { describe, expect, it } from 'vitest';
import {
  decideReceipt,
  MAX_RECEIPT_SERIALS,
  newLotExpiry,
  type ReceiptFacts,
  type ReceiptInput,
  type ReceivableOrder,
} from '../../../domain/goods-receipts/receipt.js';
import { catchApiError } from '../../support/catch-api-error.js';

const NOW = '2026-05-10T12:00:00.000Z';

const order = (overrides: Partial<ReceivableOrder> = {}): ReceivableOrder => ({
  id: 'po1',
  orderNumber: 'PO-000007',
  status: 'APPROVED',
  orderDate: '2026-05-01T08:00:00.000Z',
  currency: 'NZD',
  receivedDate: null,
  receiptCount: 0,
  supplierId: 's1',
  supplier: { id: 's1', code: 'SUP', name: 'Supplies Ltd' },
  lines: [
    {
      id: 'l1',
      productId: 'p1',
      product: { sku: 'PLAIN', name: 'Plain' },
      quantity: 10,
      receivedQty: 0,
      unitPrice: 2.5,
    },
    {
      id: 'l2',
      productId: 'p2',
      product: { sku: 'LOT', name: 'Lotted' },
      quantity: 5,
      receivedQty: 0,
      unitPrice: 4,
    },
    {
      id: 'l3',
      productId: 'p3',
      product: { sku: 'SER', name: 'Serial' },
      quantity: 3,
      receivedQty: 0,
      unitPrice: 100,
    },
  ],
  updatedAt: '2026-05-02T00:00:00.000Z',
  version: 3,
  ...overrides,
});

const facts = (overrides: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  baseCurrency: 'NZD',
  exchangeRate: null,
  warehouse: { isActive: true },
  bins: new Map([
    ['bin1', { warehouseId: 'w1' }],
    ['binX', { warehouseId: 'w2' }],
  ]),
  products: new Map([
    [
      'p1',
      {
        sku: 'PLAIN',
        productType: 'STOCKED',
        isBatchTracked: false,
        requiresSerialTracking: false,
        uomType: 'WEIGHT',
        expiryRequired: false,
        shelfLifeDays: null,
      },
    ],
    [
      'p2',
      {
        sku: 'LOT',
        productType: 'STOCKED',
        isBatchTracked: true,
        requiresSerialTracking: false,
        uomType: null,
        expiryRequired: false,
        shelfLifeDays: null,
      },
    ],
    [
      'p3',
      {
        sku: 'SER',
        productType: 'STOCKED',
        isBatchTracked: false,
        requiresSerialTracking: true,
        uomType: 'UNIT',
        expiryRequired: false,
        shelfLifeDays: null,
      },
    ],
  ]),
  batchesById: new Map(),
  batchesByNumber: new Map(),
  ...overrides,
});

let counter = 0;
const context = () => {
  counter = 0;
  return { receiptId: 'r1', sequence: 12, now: NOW, newId: () => `id${++counter}` };
};

const body = (lines: ReceiptInput['lines'], extra: Partial<ReceiptInput> = {}): ReceiptInput => ({
  warehouseId: 'w1',
  lines,
  ...extra,
});

const decide = (input: ReceiptInput, f: ReceiptFacts = facts(), o: ReceivableOrder = order()) =>
  decideReceipt(o, input, f, context());

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const e = error as { code: string; message: string; details?: unknown };
    return { code: e.code, message: e.message, details: e.details };
  }
  throw new Error('expected the decision to fail');
};

describe('decideReceipt: the receipt, stock and order', () => {
  it('a partial receipt: costed stock change, receipt lines, PARTIALLY_RECEIVED, no warnings', () => {
    const d = decide(
      body([{ poLineId: 'l1', productId: 'p1', quantity: 4.5, binId: 'bin1' }], { notes: 'dock 2' }),
    );
    expect(d.receipt).toEqual({
      id: 'r1',
      reference: 'GR-000012',
      purchaseOrderId: 'po1',
      receivedAt: NOW,
      warehouseId: 'w1',
      notes: 'dock 2',
      currency: 'NZD',
      exchangeRate: 1,
      lines: [
        {
          poLineId: 'l1',
          productId: 'p1',
          quantity: 4.5,
          batchId: null,
          batchNumber: null,
          binId: 'bin1',
          serialNumbers: [],
          unitCost: 2.5,
        },
      ],
      createdAt: NOW,
    });
    expect(d.changes).toEqual([
      {
        productId: 'p1',
        warehouseId: 'w1',
        binId: 'bin1',
        batchId: null,
        onHandDelta: 4.5,
        reservedDelta: 0,
        unitCost: 2.5,
      },
    ]);
    expect(d.order.status).toBe('PARTIALLY_RECEIVED');
    expect(d.order.receivedDate).toBeNull();
    expect(d.order.lines.map((l) => l.receivedQty)).toEqual([4.5, 0, 0]);
    expect([d.order.receiptCount, d.order.version, d.order.updatedAt]).toEqual([1, 4, NOW]);
    expect([d.batches, d.serials, d.warnings]).toEqual([[], [], []]);
  });

  it('the receipt that completes every line makes the order RECEIVED, receivedDate = receivedAt', () => {
    const o = order({
      status: 'PARTIALLY_RECEIVED',
      lines: order().lines.map((l) => ({ ...l, receivedQty: l.id === 'l1' ? 4 : l.quantity })),
    });
    const d = decide(
      body([{ poLineId: 'l1', productId: 'p1', quantity: 6 }], { receivedAt: '2026-05-09T10:00:00+02:00' }),
      facts(),
      o,
    );
    expect(d.order.status).toBe('RECEIVED');
    expect(d.order.receivedDate).toBe('2026-05-09T08:00:00.000Z');
    expect(d.receipt.receivedAt).toBe('2026-05-09T08:00:00.000Z');
  });

  it('over-receipt is allowed and warned: OVER_RECEIPT per line taken above its ordered quantity', () => {
    const d = decide(
      body([
        { poLineId: 'l1', productId: 'p1', quantity: 8 },
        { poLineId: 'l1', productId: 'p1', quantity: 4, binId: 'bin1' },
      ]),
    );
    expect(d.order.lines[0]!.receivedQty).toBe(12);
    expect(d.warnings).toEqual(['OVER_RECEIPT: line l1 (PLAIN) ordered 10, received 12']);
    expect(d.changes).toHaveLength(2);
  });

  it('a foreign-currency order costs each unit at unitPrice x rate (4 dp) in the base currency', () => {
    const d = decide(
      body([{ poLineId: 'l1', productId: 'p1', quantity: 2 }]),
      facts({ exchangeRate: 1.654321 }),
      order({ currency: 'USD' }),
    );
    expect(d.receipt.exchangeRate).toBe(1.654321);
    expect(d.receipt.currency).toBe('USD');
    expect(d.receipt.lines[0]!.unitCost).toBe(4.1358);
    expect(d.changes[0]!.unitCost).toBe(4.1358);
  });

  it('a NON_STOCKED product is received on the order but moves no stock', () => {
    const f = facts();
    f.products.set('p1', { ...f.products.get('p1')!, productType: 'NON_STOCKED' });
    const d = decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 10 }]), f);
    expect(d.changes).toEqual([]);
    expect(d.order.lines[0]!.receivedQty).toBe(10);
  });
});

describe('decideReceipt: lots (rule 1)', () => {
  it('a new batch number creates one ACTIVE lot with the line dates, shared by lines naming it', () => {
    const d = decide(
      body([
        {
          poLineId: 'l2',
          productId: 'p2',
          quantity: 2,
          batchNumber: ' LOT-A ',
          manufactureDate: '2026-04-01T00:00:00.000Z',
          expiryDate: '2027-04-01T00:00:00.000Z',
        },
        { poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: 'lot-a', binId: 'bin1' },
      ]),
    );
    expect(d.batches).toHaveLength(1);
    expect(d.batches[0]).toMatchObject({
      id: 'id1',
      batchNumber: 'LOT-A',
      status: 'ACTIVE',
      productId: 'p2',
      manufactureDate: '2026-04-01',
      expiryDate: '2027-04-01',
      unitCost: 4,
    });
    expect(d.changes.map((c) => c.batchId)).toEqual(['id1', 'id1']);
    expect(d.receipt.lines.map((l) => [l.batchId, l.batchNumber])).toEqual([
      ['id1', 'LOT-A'],
      ['id1', 'LOT-A'],
    ]);
  });

  it('an existing batch number is reused (a CONSUMED lot too), a batchId names one directly', () => {
    const lot = { id: 'b9', batchNumber: 'LOT-9', productId: 'p2', status: 'CONSUMED' as const };
    const d = decide(
      body([
        { poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: 'lot-9' },
        { poLineId: 'l2', productId: 'p2', quantity: 1, batchId: 'b8', isBatchTracked: true },
      ]),
      facts({
        batchesByNumber: new Map([['lot-9', { ...lot, pending: false }]]),
        batchesById: new Map([['b8', { id: 'b8', batchNumber: 'LOT-8', productId: 'p2', status: 'ACTIVE' }]]),
      }),
    );
    expect(d.batches).toEqual([]);
    expect(d.receipt.lines.map((l) => [l.batchId, l.batchNumber])).toEqual([
      ['b9', 'LOT-9'],
      ['b8', 'LOT-8'],
    ]);
  });

  it.each(['QUARANTINED', 'EXPIRED', 'RECALLED'] as const)('a %s lot is refused (422)', (status) => {
    const lot = { id: 'b9', batchNumber: 'LOT-9', productId: 'p2', status };
    expect(
      failure(() =>
        decide(
          body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: 'LOT-9' }]),
          facts({
            batchesByNumber: new Map([['lot-9', { ...lot, pending: false }]]),
          }),
        ),
      ),
    ).toEqual({
      code: 'unprocessable',
      message: `lines[0]: batch LOT-9 is ${status} and cannot receive stock`,
      details: undefined,
    });
    expect(
      failure(() =>
        decide(
          body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchId: 'b9' }]),
          facts({
            batchesById: new Map([['b9', lot]]),
          }),
        ),
      ).code,
    ).toBe('unprocessable');
  });

  it('batchId with batchNumber is 400; a blank batchNumber is 400', () => {
    expect(
      failure(() =>
        decide(body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchId: 'b1', batchNumber: 'X' }])),
      ),
    ).toEqual({
      code: 'validation_error',
      message: 'lines[0].batchNumber: must not be sent with batchId (name the lot one way)',
      details: [
        { path: 'lines[0].batchNumber', message: 'must not be sent with batchId (name the lot one way)' },
      ],
    });
    expect(
      failure(() => decide(body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: '  ' }]))).code,
    ).toBe('validation_error');
  });

  it('a batch-tracked line without a lot is 422; a lot on an untracked product is 422', () => {
    expect(failure(() => decide(body([{ poLineId: 'l2', productId: 'p2', quantity: 1 }])))).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0].batchNumber is required: product LOT is batch-tracked',
    });
    expect(
      failure(() => decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 1, batchNumber: 'X' }]))),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0] names a lot but product PLAIN is not batch-tracked',
    });
  });

  it('a lot of another product: batchId is 422 invalid_reference, batchNumber 422 unprocessable', () => {
    const other = { id: 'b5', batchNumber: 'OTHER', productId: 'p9', status: 'ACTIVE' as const };
    expect(
      failure(() =>
        decide(
          body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchId: 'b5' }]),
          facts({
            batchesById: new Map([['b5', other]]),
          }),
        ),
      ),
    ).toMatchObject({
      code: 'invalid_reference',
      message: 'lines[0].batchId references a batch of another product',
    });
    expect(
      failure(() => decide(body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchId: 'nope' }]))),
    ).toMatchObject({
      code: 'invalid_reference',
      message: 'lines[0].batchId does not reference an existing batch',
    });
    expect(
      failure(() =>
        decide(
          body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: 'other' }]),
          facts({
            batchesByNumber: new Map([['other', { ...other, pending: false }]]),
          }),
        ),
      ),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0].batchNumber other is a lot of another product',
    });
  });

  it('a new number shared by lines of two products is 422; a lot another receipt is creating is 409', () => {
    const f = facts();
    f.products.set('p1', { ...f.products.get('p1')!, isBatchTracked: true });
    expect(
      failure(() =>
        decide(
          body([
            { poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: 'SHARED' },
            { poLineId: 'l1', productId: 'p1', quantity: 1, batchNumber: 'shared' },
          ]),
          f,
        ),
      ),
    ).toMatchObject({
      code: 'unprocessable',
      message: "lines[1].batchNumber shared names a lot of another line's product",
    });
    const pending = {
      id: 'b7',
      batchNumber: 'LOT-7',
      productId: 'p2',
      status: 'ACTIVE' as const,
      pending: true,
    };
    expect(
      failure(() =>
        decide(
          body([{ poLineId: 'l2', productId: 'p2', quantity: 1, batchNumber: 'LOT-7' }]),
          facts({
            batchesByNumber: new Map([['lot-7', pending]]),
          }),
        ),
      ).code,
    ).toBe('conflict');
  });

  it('an expiryDate before the manufactureDate of a new lot is 422', () => {
    expect(
      failure(() =>
        decide(
          body([
            {
              poLineId: 'l2',
              productId: 'p2',
              quantity: 1,
              batchNumber: 'N',
              manufactureDate: '2026-05-01T00:00:00.000Z',
              expiryDate: '2026-04-01T00:00:00.000Z',
            },
          ]),
        ),
      ).code,
    ).toBe('unprocessable');
  });
});

describe('decideReceipt: serial numbers (rule 2)', () => {
  it('given serials become AVAILABLE records linked to the order line, receipt and placement', () => {
    const d = decide(
      body([{ poLineId: 'l3', productId: 'p3', quantity: 2, serialNumbers: [' A1 ', 'A2'], binId: 'bin1' }]),
    );
    expect(d.receipt.lines[0]!.serialNumbers).toEqual(['A1', 'A2']);
    expect(d.serials.map((s) => [s.id, s.serialNumber, s.status])).toEqual([
      ['id1', 'A1', 'AVAILABLE'],
      ['id2', 'A2', 'AVAILABLE'],
    ]);
    expect(d.serials[0]).toMatchObject({
      productId: 'p3',
      warehouseId: 'w1',
      binId: 'bin1',
      batchId: null,
      purchaseOrderId: 'po1',
      poLineId: 'l3',
      receiptId: 'r1',
      receivedAt: NOW,
      history: [
        { fromStatus: null, toStatus: 'AVAILABLE', at: NOW, sourceType: 'goods_receipt', sourceId: 'r1' },
      ],
    });
  });

  it('autoGenerateSerials numbers the units <reference>-<n> across the receipt', () => {
    const d = decide(
      body([
        { poLineId: 'l3', productId: 'p3', quantity: 2, autoGenerateSerials: true },
        {
          poLineId: 'l3',
          productId: 'p3',
          quantity: 1,
          autoGenerateSerials: true,
          requiresSerialTracking: true,
        },
      ]),
    );
    expect(d.receipt.lines.map((l) => l.serialNumbers)).toEqual([
      ['GR-000012-0001', 'GR-000012-0002'],
      ['GR-000012-0003'],
    ]);
  });

  it('a count other than the quantity, a fractional quantity and a duplicate in the body are 422', () => {
    expect(
      failure(() => decide(body([{ poLineId: 'l3', productId: 'p3', quantity: 2, serialNumbers: ['A'] }]))),
    ).toMatchObject({
      code: 'unprocessable',
      message:
        'lines[0].serialNumbers has 1 serial numbers; product SER is serial-tracked, so it needs one per unit (2)',
    });
    const f = facts();
    f.products.set('p3', { ...f.products.get('p3')!, uomType: 'WEIGHT' });
    expect(
      failure(() =>
        decide(body([{ poLineId: 'l3', productId: 'p3', quantity: 1.5, autoGenerateSerials: true }]), f),
      ),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0].quantity (1.5) must be a whole number: product SER is serial-tracked',
    });
    expect(
      failure(() =>
        decide(
          body([
            { poLineId: 'l3', productId: 'p3', quantity: 1, serialNumbers: ['dup'] },
            { poLineId: 'l3', productId: 'p3', quantity: 1, serialNumbers: [' DUP'] },
          ]),
        ),
      ),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[1]: serial number DUP of product SER appears more than once in the receipt',
    });
  });

  it('serials on an untracked product, or a tracking flag the product lacks, are 422', () => {
    expect(
      failure(() => decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 1, serialNumbers: ['A'] }]))),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0] carries serial numbers but product PLAIN is not serial-tracked',
    });
    expect(
      failure(() =>
        decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 1, requiresSerialTracking: true }])),
      ),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0].requiresSerialTracking is true but product PLAIN is not serial-tracked',
    });
    expect(
      failure(() => decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 1, isBatchTracked: true }]))),
    ).toMatchObject({
      code: 'unprocessable',
      message: 'lines[0].isBatchTracked is true but product PLAIN is not batch-tracked',
    });
  });

  it('serialNumbers with autoGenerateSerials, a blank serial, a fractional UNIT quantity are 400 together', () => {
    const f = failure(() =>
      decide(
        body([
          { poLineId: 'l3', productId: 'p3', quantity: 1, serialNumbers: ['A'], autoGenerateSerials: true },
          { poLineId: 'l3', productId: 'p3', quantity: 1.5, serialNumbers: [' '] },
        ]),
      ),
    );
    expect(f.code).toBe('validation_error');
    expect(f.details).toEqual([
      { path: 'lines[0].serialNumbers', message: 'must not be sent with autoGenerateSerials true' },
      { path: 'lines[1].serialNumbers[0]', message: 'must not be blank' },
      { path: 'lines[1].quantity', message: 'must be a whole number for a product measured in units' },
    ]);
  });

  it('more than 1000 units on a serial line, or more than the receipt cap in all, are 422', () => {
    expect(
      failure(() =>
        decide(body([{ poLineId: 'l3', productId: 'p3', quantity: 1001, autoGenerateSerials: true }])),
      ).message,
    ).toBe('lines[0].quantity (1001) is above 1000, the most serial numbers one line can receive');
    const lines = Array.from({ length: MAX_RECEIPT_SERIALS / 1000 + 1 }, () => ({
      poLineId: 'l3',
      productId: 'p3',
      quantity: 1000,
      autoGenerateSerials: true,
    }));
    expect(failure(() => decide(body(lines))).message).toBe(
      `The receipt carries ${MAX_RECEIPT_SERIALS + 1000} serial numbers; at most ${MAX_RECEIPT_SERIALS} fit in one receipt, split it`,
    );
  });
});

describe('decideReceipt: order, references and rules', () => {
  const plain = [{ poLineId: 'l1', productId: 'p1', quantity: 1 }];

  it.each(['DRAFT', 'SUBMITTED', 'RECEIVED', 'COMPLETED', 'CANCELLED'] as const)(
    'an order %s is 422 naming it',
    (status) => {
      expect(failure(() => decide(body(plain), facts(), order({ status })))).toEqual({
        code: 'unprocessable',
        message: `Purchase order is ${status}; receive needs APPROVED or PARTIALLY_RECEIVED`,
        details: undefined,
      });
    },
  );

  it('receivedAt before the order date, or more than 5 minutes ahead, is 422', () => {
    expect(failure(() => decide(body(plain, { receivedAt: '2026-04-30T23:59:59Z' })))).toMatchObject({
      code: 'unprocessable',
      message: 'receivedAt (2026-04-30T23:59:59.000Z) is before the order date (2026-05-01T08:00:00.000Z)',
    });
    expect(failure(() => decide(body(plain, { receivedAt: '2026-05-10T12:06:00Z' }))).code).toBe(
      'unprocessable',
    );
    expect(decide(body(plain, { receivedAt: '2026-05-10T12:04:00Z' })).receipt.receivedAt).toBe(
      '2026-05-10T12:04:00.000Z',
    );
  });

  it('a missing or inactive warehouse is 422 invalid_reference', () => {
    expect(failure(() => decide(body(plain), facts({ warehouse: null })))).toMatchObject({
      code: 'invalid_reference',
      message: 'warehouseId does not reference an existing active warehouse',
    });
    expect(failure(() => decide(body(plain), facts({ warehouse: { isActive: false } }))).code).toBe(
      'invalid_reference',
    );
  });

  it('a foreign-currency order without a rate is 422', () => {
    expect(failure(() => decide(body(plain), facts(), order({ currency: 'USD' })))).toMatchObject({
      code: 'unprocessable',
      message:
        'No exchange rate from USD to the base currency NZD; the stock of purchase order PO-000007 cannot be costed',
    });
  });

  it('a poLineId of another order, a product other than the line’s and a bin of another warehouse are 422 invalid_reference', () => {
    expect(failure(() => decide(body([{ poLineId: 'zz', productId: 'p1', quantity: 1 }])))).toMatchObject({
      code: 'invalid_reference',
      message: 'lines[0].poLineId does not reference an existing line of purchase order PO-000007',
    });
    expect(failure(() => decide(body([{ poLineId: 'l1', productId: 'p2', quantity: 1 }])))).toMatchObject({
      code: 'invalid_reference',
      message: 'lines[0].productId does not match the product of purchase-order line l1 (PLAIN)',
    });
    expect(
      failure(() => decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 1, binId: 'binX' }]))),
    ).toMatchObject({
      code: 'invalid_reference',
      message: 'lines[0].binId does not reference a bin of warehouse w1',
    });
    expect(
      failure(() => decide(body([{ poLineId: 'l1', productId: 'p1', quantity: 1, binId: 'nope' }]))).code,
    ).toBe('invalid_reference');
  });
});

describe('newLotExpiry (issue 25 item 12)', () => {
  const required = { sku: 'MILK', expiryRequired: true, shelfLifeDays: 14 };
  it('keeps a given expiry; derives manufactureDate + shelfLifeDays for an expiryRequired product', () => {
    expect(newLotExpiry('2027-01-01', '2026-12-01', required, 'lines[0]')).toBe('2027-01-01');
    expect(newLotExpiry(null, '2026-12-25', required, 'lines[0]')).toBe('2027-01-08');
  });
  it('leaves other products alone: no expiry stays null', () => {
    expect(newLotExpiry(null, '2026-12-25', { ...required, expiryRequired: false }, 'lines[0]')).toBeNull();
  });
  it('is 422 naming the line when neither expiryDate nor manufactureDate with a shelf life is known', () => {
    for (const [made, shelfLifeDays] of [
      [null, 14],
      ['2026-12-25', null],
    ] as const) {
      expect(
        catchApiError(() => newLotExpiry(null, made, { ...required, shelfLifeDays }, 'lines[2]')),
      ).toMatchObject({
        code: 'unprocessable',
        message:
          'lines[2].expiryDate is required: product MILK requires an expiry date on a new lot (send expiryDate, or manufactureDate when the product has shelfLifeDays)',
      });
    }
  });
});
