import { describe, expect, it } from 'vitest';
import { newSalesOrder, type OrderFacts, type SalesOrderInput } from '../../../domain/sales-orders/order.js';
import { catchApiError } from '../../support/catch-api-error.js';

const address = {
  id: 'addr1',
  label: 'Depot',
  address: '1 Quay St',
  city: 'Auckland',
  region: null,
  suburb: null,
  postcode: '1010',
  country: 'NZ',
  type: 'BOTH' as const,
  isDefaultShipping: true,
  isDefaultBilling: true,
  createdAt: 't',
  updatedAt: 't',
};

const facts = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  customer: {
    id: 'c1',
    code: 'CAFE',
    name: 'Cafe',
    isActive: true,
    currency: 'AUD',
    discountPct: 0.1,
    taxExempt: false,
    salesRepId: 'rep1',
    addresses: [address],
  },
  warehouse: { isActive: true },
  assignedTo: { isActive: true },
  products: new Map([
    ['p1', { sku: 'FLOUR', name: 'Flour', isActive: true, productType: 'STOCKED' as const }],
    ['svc', { sku: 'DELIV', name: 'Delivery', isActive: true, productType: 'NON_STOCKED' as const }],
  ]),
  ...overrides,
});

const input = (overrides: Partial<SalesOrderInput> = {}): SalesOrderInput => ({
  customerId: 'c1',
  warehouseId: 'w1',
  lines: [
    { productId: 'p1', quantity: 2, unitPrice: 10, taxRate: 0.15 },
    { productId: 'svc', quantity: 1, unitPrice: 5 },
  ],
  ...overrides,
});

let n = 0;
const context = { id: 'so1', sequence: 42, now: '2026-11-23T10:00:00.000Z', newId: () => `id${++n}` };

describe('newSalesOrder', () => {
  it('creates a DRAFT with the number, the customer snapshot, its currency and rep, lines in order', () => {
    const order = newSalesOrder(input(), facts(), context);
    expect(order).toMatchObject({
      id: 'so1',
      orderNumber: 'SO-000042',
      status: 'DRAFT',
      customer: { id: 'c1', code: 'CAFE', name: 'Cafe' },
      currency: 'AUD',
      orderDate: '2026-11-23T10:00:00.000Z',
      assignedToId: 'rep1',
      discountPct: 0.1,
      shippedDate: null,
      version: 1,
    });
    expect(order.lines.map((l) => [l.sortOrder, l.productId, l.isServiceLine])).toEqual([
      [1, 'p1', false],
      [2, 'svc', true],
    ]);
    // 20 + 5 = 25; 10% order discount = 2.5; tax 15% of 18 = 2.7
    expect([order.subtotal, order.discountTotal, order.taxTotal, order.totalAmount]).toEqual([
      25, 2.5, 2.7, 25.2,
    ]);
  });

  it('explicit null discountPct means no order discount; an explicit value wins over the customer', () => {
    expect(newSalesOrder(input({ discountPct: null }), facts(), context).discountTotal).toBe(0);
    expect(newSalesOrder(input({ discountPct: 0.2 }), facts(), context).discountTotal).toBe(5);
  });

  it('snapshots the ship-to and bill-to addresses of the customer', () => {
    const order = newSalesOrder(input({ shipToAddressId: 'addr1' }), facts(), context);
    expect(order.shipToAddress).toMatchObject({ id: 'addr1', city: 'Auckland', type: 'BOTH' });
    expect(order.billToAddress).toBeNull();
  });

  it.each([
    ['customerId', input(), facts({ customer: undefined })],
    ['customerId', input(), facts({ customer: { ...facts().customer!, isActive: false } })],
    ['warehouseId', input(), facts({ warehouse: { isActive: false } })],
    ['warehouseId', input(), facts({ warehouse: undefined })],
    ['assignedToId', input({ assignedToId: 'x' }), facts({ assignedTo: undefined })],
    ['shipToAddressId', input({ shipToAddressId: 'other' }), facts()],
    ['billToAddressId', input({ billToAddressId: 'other' }), facts()],
    [
      'lines[1].productId',
      input({ lines: [input().lines[0]!, { productId: 'nope', quantity: 1, unitPrice: 1 }] }),
      facts(),
    ],
  ])('%s that is not an active record of the organisation is 422 invalid_reference', (field, body, f) => {
    const error = catchApiError(() => newSalesOrder(body, f, context));
    expect(error.code).toBe('invalid_reference');
    expect(error.message).toContain(field);
  });

  it('a tax-exempt customer forces tax rates to 0 on lines and charges', () => {
    const order = newSalesOrder(
      input({ charges: [{ chargeType: 'FREIGHT', description: 'Freight', amount: 10, taxRate: 0.15 }] }),
      facts({ customer: { ...facts().customer!, taxExempt: true } }),
      context,
    );
    expect(order.lines[0]!.taxRate).toBe(0);
    expect(order.charges[0]).toMatchObject({ taxRate: 0, taxAmount: 0, chargeType: 'FREIGHT' });
    expect(order.taxTotal).toBe(0);
  });
});
