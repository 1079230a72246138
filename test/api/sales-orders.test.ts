import { beforeAll, describe, expect, it } from 'vitest';
import { createSalesRep, deactivateSalesRep } from '../../functions/areas/customers/steps/sales-reference.js';
import { deactivateWarehouse } from '../../functions/areas/inventory/steps/warehouses.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { product, warehouse } from '../support/inventory.js';
import { eventsFor } from '../support/outbox.js';
import { createOrder, customer, orderSetup } from '../support/sales.js';

let t: Tenant;
let other: Tenant;
let setup: Awaited<ReturnType<typeof orderSetup>>;

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Sales org'), newTenant('Other sales org')]);
  setup = await orderSetup(t, 0);
});

describe('POST /sales-orders', () => {
  it('creates a DRAFT with a number, priced lines and charges, the customer summary and an event; no stock moves', async () => {
    const fresh = await newTenant('Numbering sales org');
    const s = await orderSetup(fresh, 5);
    const service = await product(fresh, { productType: 'NON_STOCKED' });
    const body = {
      customerId: s.customer.id,
      warehouseId: s.warehouse.id,
      notes: 'Deliver before 9',
      lines: [
        { productId: s.product.id, quantity: 3, unitPrice: 9.99, taxRate: 0.15, discountPct: 0.1 },
        { productId: service.id, quantity: 1, unitPrice: 20, discountAmount: 5 },
      ],
      charges: [{ chargeType: 'FREIGHT', description: 'Courier', amount: 12.5, taxRate: 0.15 }],
      totalAmount: 1, // caller totals are ignored like any unknown key
    };
    const res = await createOrder(fresh, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orderNumber: 'SO-000001',
      status: 'DRAFT',
      customer: { id: s.customer.id, code: s.customer.code, name: s.customer.name },
      currency: 'NZD',
      warehouseId: s.warehouse.id,
      notes: 'Deliver before 9',
      discountPct: null,
      shippedDate: null,
      lineCount: 2,
      // 26.973 + 15 = 41.973 -> 41.97; tax 4.04595 -> 4.046 + 1.875; total 41.97 + 12.5 + 5.92
      subtotal: 41.97,
      discountTotal: 0,
      chargesTotal: 12.5,
      taxTotal: 5.92,
      totalAmount: 60.39,
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        sortOrder: 1,
        lineTotal: 26.973,
        taxAmount: 4.046,
        discountAmount: null,
        pickedQty: 0,
        lots: [],
      }),
      expect.objectContaining({
        sortOrder: 2,
        isServiceLine: true,
        lineTotal: 15,
        discountAmount: 5,
        discountPct: 0.25,
      }),
    ]);
    expect(res.body.charges[0]).toMatchObject({ chargeType: 'FREIGHT', amount: 12.5, taxAmount: 1.875 });
    expect(res.body.orderDate).toBe(res.body.createdAt);
    const second = await createOrder(fresh, {
      customerId: s.customer.id,
      lines: [{ productId: s.product.id, quantity: 1, unitPrice: 1 }],
    });
    expect(second.body.orderNumber).toBe('SO-000002');
    expect(await eventsFor(fresh.orgId, res.body.id)).toEqual([
      expect.objectContaining({ event: 'sales_order.created' }),
    ]);
    const stock = await call('GET', `/products/${s.product.id}`, { key: fresh.key });
    expect(stock.body.totalStockOnHand).toBe(5);
  });

  it("applies the customer's standing discount when discountPct is omitted, none when it is null, and its sales rep", async () => {
    const rep = await createSalesRep({ orgId: t.orgId, name: 'Rep', email: 'rep@example.com' });
    const c = await customer(t, { discountPct: 0.1, salesRepId: rep.id });
    const lines = [{ productId: setup.product.id, quantity: 2, unitPrice: 50 }];
    const standing = await createOrder(t, { customerId: c.id, lines });
    expect(standing.body).toMatchObject({
      discountPct: 0.1,
      discountTotal: 10,
      totalAmount: 90,
      assignedToId: rep.id,
    });
    const none = await createOrder(t, { customerId: c.id, lines, discountPct: null });
    expect(none.body).toMatchObject({ discountPct: null, discountTotal: 0, totalAmount: 100 });
  });

  it('a tax-exempt customer forces every tax rate to 0', async () => {
    const c = await customer(t, { taxExempt: true, taxExemptReason: 'Charity' });
    const res = await createOrder(t, {
      customerId: c.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 10, taxRate: 0.15 }],
      charges: [{ chargeType: 'HANDLING', description: 'Pack', amount: 2, taxRate: 0.15 }],
    });
    expect(res.body).toMatchObject({ taxTotal: 0, totalAmount: 12 });
    expect(res.body.lines[0].taxRate).toBe(0);
  });

  it('snapshots the ship-to and bill-to addresses of the customer', async () => {
    const c = await customer(t, { addresses: [{ label: 'Depot', city: 'Auckland' }] });
    const res = await createOrder(t, {
      customerId: c.id,
      shipToAddressId: c.addresses[0]!.id,
      billToAddressId: c.addresses[0]!.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 1 }],
    });
    expect(res.body.shipToAddress).toMatchObject({
      id: c.addresses[0]!.id,
      label: 'Depot',
      city: 'Auckland',
    });
    expect(res.body.billToAddress).toMatchObject({ id: c.addresses[0]!.id });
  });

  it("422 invalid_reference for references outside the organisation, inactive or not the customer's", async () => {
    const foreign = await orderSetup(other, 0);
    const closed = await warehouse(t);
    await deactivateWarehouse({ orgId: t.orgId, warehouseId: closed.id });
    const rep = await createSalesRep({ orgId: t.orgId, name: 'Gone', email: 'gone@example.com' });
    await deactivateSalesRep({ orgId: t.orgId, id: rep.id });
    const otherCustomer = await customer(t, { addresses: [{ label: 'Elsewhere' }] });
    const inactive = await product(t);
    await call('PUT', `/products/${inactive.id}`, { key: t.key, body: { isActive: false } });
    const line = { productId: setup.product.id, quantity: 1, unitPrice: 1 };
    const cases: [string, Record<string, unknown>][] = [
      ['customerId', { customerId: foreign.customer.id }],
      ['warehouseId', { warehouseId: foreign.warehouse.id }],
      ['warehouseId', { warehouseId: closed.id }],
      ['assignedToId', { assignedToId: rep.id }],
      ['shipToAddressId', { shipToAddressId: otherCustomer.addresses[0]!.id }],
      ['billToAddressId', { billToAddressId: 'ckzzzzzzzzzzzzzzzzzzzzzz' }],
      ['lines[0].productId', { lines: [{ ...line, productId: foreign.product.id }] }],
      ['lines[0].productId', { lines: [{ ...line, productId: inactive.id }] }],
    ];
    for (const [field, patch] of cases) {
      const res = await createOrder(t, { customerId: setup.customer.id, lines: [line], ...patch });
      expect([res.status, res.body.error.code, field]).toEqual([422, 'invalid_reference', field]);
      expect(res.body.error.message).toContain(field);
    }
  });

  it('422 when a line discount amount is larger than the line', async () => {
    const res = await createOrder(t, {
      customerId: setup.customer.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 5, discountAmount: 6 }],
    });
    expect([res.status, res.body.error.code]).toEqual([422, 'unprocessable']);
    expect(res.body.error.message).toContain('lines[0].discountAmount');
  });

  it.each([
    ['no lines', { lines: [] }, 'lines'],
    [
      '101 lines',
      { lines: Array.from({ length: 101 }, () => ({ productId: 'p', quantity: 1, unitPrice: 1 })) },
      'lines',
    ],
    ['quantity 0', { lines: [{ productId: 'p', quantity: 0, unitPrice: 1 }] }, 'lines[0].quantity'],
    [
      'quantity over 999999',
      { lines: [{ productId: 'p', quantity: 1_000_000, unitPrice: 1 }] },
      'lines[0].quantity',
    ],
    ['unitPrice missing', { lines: [{ productId: 'p', quantity: 1 }] }, 'lines[0].unitPrice'],
    ['unitPrice null', { lines: [{ productId: 'p', quantity: 1, unitPrice: null }] }, 'lines[0].unitPrice'],
    [
      'taxRate over 1',
      { lines: [{ productId: 'p', quantity: 1, unitPrice: 1, taxRate: 1.5 }] },
      'lines[0].taxRate',
    ],
    [
      'unknown chargeType',
      { charges: [{ chargeType: 'TIP', description: 'x', amount: 1 }] },
      'charges[0].chargeType',
    ],
    [
      '21 charges',
      { charges: Array.from({ length: 21 }, () => ({ chargeType: 'OTHER', description: 'x', amount: 1 })) },
      'charges',
    ],
    ['notes over 2000', { notes: 'x'.repeat(2001) }, 'notes'],
    ['discountPct over 1', { discountPct: 1.2 }, 'discountPct'],
  ])('400 validation_error: %s', async (_name, patch, path) => {
    const res = await createOrder(t, {
      customerId: setup.customer.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 1 }],
      ...patch,
    });
    expect([res.status, res.body.error.code]).toEqual([400, 'validation_error']);
    expect(res.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain(path);
  });

  it('replays an idempotent create without a second order', async () => {
    const body = {
      customerId: setup.customer.id,
      lines: [{ productId: setup.product.id, quantity: 1, unitPrice: 1 }],
    };
    const headers = { 'Idempotency-Key': `so-${Date.now()}` };
    const first = await createOrder(t, body, headers);
    const again = await createOrder(t, body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const reused = await createOrder(t, { ...body, notes: 'different' }, headers);
    expect([reused.status, reused.body.error.code]).toEqual([422, 'idempotency_key_reuse']);
  });

  it('parallel creates get distinct numbers, gapless when every create succeeds', async () => {
    const fresh = await newTenant('Parallel sales org');
    const s = await orderSetup(fresh, 0);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        createOrder(fresh, {
          customerId: s.customer.id,
          lines: [{ productId: s.product.id, quantity: 1, unitPrice: 1 }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(results.map((r) => r.body.orderNumber).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `SO-00000${i + 1}`),
    );
  });
});

describe('GET /sales-orders/{id}', () => {
  it("returns the detail; another organisation's order is 404", async () => {
    const res = await createOrder(t, {
      customerId: setup.customer.id,
      lines: [{ productId: setup.product.id, quantity: 2, unitPrice: 3 }],
    });
    const got = await call('GET', `/sales-orders/${res.body.id}`, { key: t.key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const foreign = await call('GET', `/sales-orders/${res.body.id}`, { key: other.key });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
  });
});
