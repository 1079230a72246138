import { describe, expect, it } from 'vitest';
import {
  isOpenPurchaseOrderStatus,
  newPurchaseOrder,
  productIdsOf,
  type PurchaseOrder,
  type PurchaseOrderFacts,
  type PurchaseOrderInput,
} from '../../../domain/purchase-orders/purchase-order.js';
import {
  decideApprove,
  decideCancel,
  decideComplete,
  decideSubmit,
  supplierNotActive,
} from '../../../domain/purchase-orders/status.js';
import { catchApiError } from '../../support/catch-api-error.js';

const now = '2026-01-02T10:00:00.000Z';
const later = '2026-01-03T10:00:00.000Z';

const facts = (overrides: Partial<PurchaseOrderFacts> = {}): PurchaseOrderFacts => ({
  supplier: { id: 's1', code: 'MILL', name: 'Mill Co', isActive: true, currency: 'AUD' },
  warehouse: { isActive: true },
  shipToLocation: { id: 'loc1' },
  products: new Map([
    ['p1', { sku: 'P1', name: 'Flour', isActive: true }],
    ['p2', { sku: 'P2', name: 'Sugar', isActive: true }],
  ]),
  ...overrides,
});

const input = (overrides: Partial<PurchaseOrderInput> = {}): PurchaseOrderInput => ({
  supplierId: 's1',
  lines: [
    { productId: 'p1', quantity: 3, unitPrice: 1.005, taxRate: 0.2 },
    { productId: 'p2', quantity: 1, unitPrice: 10 },
    { productId: 'p1', quantity: 2, unitPrice: 4.12345 },
  ],
  ...overrides,
});

let n = 0;
const context = { id: 'po1', sequence: 42, now, newId: () => `l${(n += 1)}` };
const create = (i = input(), f = facts()) => newPurchaseOrder(i, f, context);

describe('newPurchaseOrder', () => {
  it('numbers the order, prices lines at 4 dp (half away from zero) and sums headers at 2 dp', () => {
    const order = create();
    expect(order).toMatchObject({
      orderNumber: 'PO-000042',
      status: 'DRAFT',
      supplierId: 's1',
      supplier: { id: 's1', code: 'MILL', name: 'Mill Co' },
      currency: 'AUD',
      orderDate: now,
      createdAt: now,
      updatedAt: now,
      receivedDate: null,
      receiptCount: 0,
      version: 1,
    });
    expect(order.lines.map((l) => [l.sortOrder, l.lineTotal, l.taxAmount, l.taxRate, l.receivedQty])).toEqual(
      [
        [1, 3.015, 0.603, 0.2, 0],
        [2, 10, 0, 0, 0],
        // 8.2469 exactly
        [3, 8.2469, 0, 0, 0],
      ],
    );
    // 3.015 + 10 + 8.2469 = 21.2619 -> 21.26; tax 0.603 -> 0.6; total 21.86
    expect(order).toMatchObject({ subtotal: 21.26, taxTotal: 0.6, totalAmount: 21.86 });
    expect(productIdsOf(order)).toEqual(['p1', 'p2']);
  });

  it('keeps the purchase unit as a snapshot that prices nothing', () => {
    const order = create(
      input({
        lines: [
          { productId: 'p1', quantity: 24, unitPrice: 0.5, purchaseUomFactor: 12, purchaseUomAbbrev: 'ctn' },
        ],
      }),
    );
    expect(order.lines[0]).toMatchObject({ lineTotal: 12, purchaseUomFactor: 12, purchaseUomAbbrev: 'ctn' });
  });

  it('422 invalid_reference naming the field for each unusable reference', () => {
    const cases: [string, PurchaseOrderInput, PurchaseOrderFacts][] = [
      ['supplierId', input(), facts({ supplier: undefined })],
      ['supplierId', input(), facts({ supplier: { ...facts().supplier!, isActive: false } })],
      ['warehouseId', input({ warehouseId: 'w1' }), facts({ warehouse: undefined })],
      ['warehouseId', input({ warehouseId: 'w1' }), facts({ warehouse: { isActive: false } })],
      ['shipToLocationId', input({ shipToLocationId: 'loc2' }), facts()],
      ['shipToLocationId', input({ shipToLocationId: 'loc1' }), facts({ shipToLocation: undefined })],
      [
        'lines[1].productId',
        input(),
        facts({ products: new Map([['p1', { sku: 'P1', name: 'F', isActive: true }]]) }),
      ],
      [
        'lines[0].productId',
        input(),
        facts({ products: new Map([['p1', { sku: 'P1', name: 'F', isActive: false }]]) }),
      ],
    ];
    for (const [field, i, f] of cases) {
      const error = catchApiError(() => create(i, f));
      expect([error.code, error.message.startsWith(field)]).toEqual(['invalid_reference', true]);
    }
    expect(create(input({ warehouseId: 'w1', shipToLocationId: 'loc1' })).shipToLocationId).toBe('loc1');
  });
});

describe('purchase-order transitions', () => {
  const draft = (): PurchaseOrder => create();
  const withStatus = (status: PurchaseOrder['status'], receivedQty = 0): PurchaseOrder => ({
    ...draft(),
    status,
    lines: draft().lines.map((l) => ({ ...l, receivedQty })),
  });

  it('submit, approve, cancel and complete move the status, stamp the action and the version', () => {
    const submitted = decideSubmit(draft(), later);
    expect(submitted).toMatchObject({
      status: 'SUBMITTED',
      submittedAt: later,
      updatedAt: later,
      version: 2,
    });
    const approved = decideApprove(submitted, later);
    expect(approved).toMatchObject({ status: 'APPROVED', approvedAt: later, version: 3 });
    expect(decideCancel(approved, later)).toMatchObject({
      status: 'CANCELLED',
      cancelledAt: later,
      version: 4,
    });
    expect(decideComplete(withStatus('RECEIVED', 3), later)).toMatchObject({
      status: 'COMPLETED',
      completedAt: later,
    });
  });

  it('422 naming the actual status from any other status', () => {
    expect(catchApiError(() => decideSubmit(withStatus('APPROVED'), later)).message).toBe(
      'Purchase order is APPROVED; submit needs DRAFT',
    );
    expect(catchApiError(() => decideApprove(draft(), later)).message).toBe(
      'Purchase order is DRAFT; approve needs SUBMITTED',
    );
    for (const status of ['PARTIALLY_RECEIVED', 'RECEIVED', 'COMPLETED', 'CANCELLED'] as const) {
      expect(catchApiError(() => decideCancel(withStatus(status), later)).message).toBe(
        `Purchase order is ${status}; cancel needs DRAFT or SUBMITTED or APPROVED`,
      );
    }
    expect(catchApiError(() => decideComplete(withStatus('PARTIALLY_RECEIVED'), later)).status).toBe(422);
  });

  it('submit needs a line; cancel needs nothing received', () => {
    const empty = { ...draft(), lines: [] };
    expect(catchApiError(() => decideSubmit(empty, later)).message).toContain('has no lines');
    expect(catchApiError(() => decideCancel(withStatus('APPROVED', 1), later)).message).toBe(
      'Purchase order PO-000042 has received goods (P1, P2); it cannot be cancelled',
    );
  });

  it('names the supplier in the approve (and receipt) refusal', () => {
    const error = supplierNotActive(draft(), 'approve');
    expect([error.code, error.message]).toEqual([
      'unprocessable',
      'Supplier MILL (Mill Co) is not active; purchase order PO-000042 cannot be approved',
    ]);
    expect(supplierNotActive(draft(), 'receive').message).toContain('cannot be received');
  });

  it('orders are open until COMPLETED or CANCELLED', () => {
    expect(
      (
        [
          'DRAFT',
          'SUBMITTED',
          'APPROVED',
          'PARTIALLY_RECEIVED',
          'RECEIVED',
          'COMPLETED',
          'CANCELLED',
        ] as const
      ).map(isOpenPurchaseOrderStatus),
    ).toEqual([true, true, true, true, true, false, false]);
  });
});
