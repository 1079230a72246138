import { describe, expect, it } from 'vitest';
import { decideConfirm, type ConfirmFacts } from '../../../domain/sales-orders/confirm.js';
import { newSalesOrder, type SalesOrder } from '../../../domain/sales-orders/order.js';
import type { StockLevels } from '../../../domain/inventory/stock.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { customerFacts } from '../../support/customer-facts.js';

let n = 0;
const order = (
  lines: { productId: string; quantity: number }[],
  extra: Partial<SalesOrder> = {},
): SalesOrder => ({
  ...newSalesOrder(
    { customerId: 'c', warehouseId: 'w1', lines: lines.map((l) => ({ ...l, unitPrice: 10 })) },
    {
      customer: customerFacts({ id: 'c', code: 'C', name: 'Cafe' }),
      warehouse: { isActive: true },
      products: new Map([
        ['p1', { sku: 'FLOUR', name: 'Flour', isActive: true, productType: 'STOCKED' as const }],
        ['p2', { sku: 'SUGAR', name: 'Sugar', isActive: true, productType: 'STOCKED' as const }],
        ['svc', { sku: 'DEL', name: 'Delivery', isActive: true, productType: 'NON_STOCKED' as const }],
      ]),
    },
    { id: 'so', sequence: 1, now: '2026-11-23T00:00:00.000Z', newId: () => `l${++n}` },
  ),
  ...extra,
});

const level = (
  warehouseId: string,
  batchId: string | null,
  onHand: number,
  reserved = 0,
  binId: string | null = null,
) => ({
  [`${warehouseId}|${binId ?? ''}|${batchId ?? ''}`]: {
    warehouseId,
    binId,
    batchId,
    onHand,
    reserved,
    updatedAt: 't',
  },
});

const facts = (stock: Record<string, StockLevels>, extra: Partial<ConfirmFacts> = {}): ConfirmFacts => ({
  customer: { name: 'Cafe', creditHold: false, creditLimit: null },
  outstandingBalance: 0,
  creditLimitMode: 'WARN',
  stock: new Map(Object.entries(stock)),
  batches: new Map([
    ['early', { batchNumber: 'E-1', status: 'ACTIVE', expiryDate: '2026-12-01' }],
    ['late', { batchNumber: 'L-1', status: 'ACTIVE', expiryDate: '2027-06-01' }],
    ['held', { batchNumber: 'H-1', status: 'QUARANTINED', expiryDate: '2026-11-30' }],
  ]),
  ...extra,
});

describe('decideConfirm', () => {
  it('reserves each stocked product from unreserved stock of the order warehouse, earliest expiry first', () => {
    const decision = decideConfirm(
      order([
        { productId: 'p1', quantity: 7 },
        { productId: 'svc', quantity: 1 },
      ]),
      facts({ p1: { ...level('w1', 'late', 10), ...level('w1', 'early', 5, 1), ...level('w2', null, 100) } }),
      '2024-01-01T00:00:00.000Z',
    );
    const lineId = decision.reservations[0]!.lineId;
    expect(decision.reservations).toEqual([
      {
        lineId,
        productId: 'p1',
        warehouseId: 'w1',
        binId: null,
        batchId: 'early',
        batchNumber: 'E-1',
        quantity: 4,
      },
      {
        lineId,
        productId: 'p1',
        warehouseId: 'w1',
        binId: null,
        batchId: 'late',
        batchNumber: 'L-1',
        quantity: 3,
      },
    ]);
    expect(decision.warnings).toEqual([]);
  });

  it('adds up lines of one product and names product, available and required when short', () => {
    const error = catchApiError(() =>
      decideConfirm(
        order([
          { productId: 'p1', quantity: 3 },
          { productId: 'p1', quantity: 3 },
        ]),
        facts({ p1: { ...level('w1', null, 8, 3), ...level('w1', 'held', 50) } }),
        '2024-01-01T00:00:00.000Z',
      ),
    );
    expect(error.code).toBe('unprocessable');
    expect(error.message).toBe('Insufficient stock for FLOUR (Flour): available 5, required 6');
  });

  it('two lines of one product each hold their own share, in line order', () => {
    const o = order([
      { productId: 'p2', quantity: 2 },
      { productId: 'p2', quantity: 5 },
    ]);
    const decision = decideConfirm(
      o,
      facts({ p2: { ...level('w1', 'early', 4), ...level('w1', 'late', 10) } }),
      '2024-01-01T00:00:00.000Z',
    );
    expect(decision.reservations.map((r) => [r.lineId, r.batchId, r.quantity])).toEqual([
      [o.lines[0]!.id, 'early', 2],
      [o.lines[1]!.id, 'early', 2],
      [o.lines[1]!.id, 'late', 3],
    ]);
  });

  it('never checks or reserves service lines', () => {
    expect(
      decideConfirm(order([{ productId: 'svc', quantity: 5 }]), facts({}), '2024-01-01T00:00:00.000Z')
        .reservations,
    ).toEqual([]);
  });

  it('needs a warehouse', () => {
    const error = catchApiError(() =>
      decideConfirm(
        order([{ productId: 'p1', quantity: 1 }], { warehouseId: null }),
        facts({}),
        '2024-01-01T00:00:00.000Z',
      ),
    );
    expect(error.message).toContain('no warehouse');
  });

  it('refuses a customer on credit hold', () => {
    const error = catchApiError(() =>
      decideConfirm(
        order([{ productId: 'svc', quantity: 1 }]),
        facts({}, { customer: { name: 'Cafe', creditHold: true, creditLimit: null } }),
        '2024-01-01T00:00:00.000Z',
      ),
    );
    expect(error.message).toBe('Customer Cafe is on credit hold');
  });

  it('BLOCK refuses outstanding + order over the limit; WARN confirms with a warning; at the limit is fine', () => {
    const o = order([{ productId: 'svc', quantity: 1 }]); // total 10
    const limited = (mode: 'BLOCK' | 'WARN', limit: number) =>
      facts(
        {},
        {
          customer: { name: 'Cafe', creditHold: false, creditLimit: limit },
          outstandingBalance: 95,
          creditLimitMode: mode,
        },
      );
    expect(
      catchApiError(() => decideConfirm(o, limited('BLOCK', 100), '2024-01-01T00:00:00.000Z')).message,
    ).toContain('Credit limit exceeded');
    expect(decideConfirm(o, limited('WARN', 100), '2024-01-01T00:00:00.000Z').warnings[0]).toMatch(
      /^CREDIT_LIMIT_EXCEEDED: /,
    );
    expect(decideConfirm(o, limited('BLOCK', 105), '2024-01-01T00:00:00.000Z').warnings).toEqual([]);
  });
});
