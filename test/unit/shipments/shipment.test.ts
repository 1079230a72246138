import { describe, expect, it } from 'vitest';
import { decidePick } from '../../../domain/sales-orders/fulfilment.js';
import {
  refuseCancelWithOpenShipments,
  refuseWhileShipmentsOpen,
} from '../../../domain/sales-orders/open-shipments.js';
import {
  formatShipmentNumber,
  MAX_OPEN_SHIPMENTS,
  newShipment,
  shippableBalances,
  totalWeightOf,
} from '../../../domain/shipments/shipment.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { confirmedOrder, context, pickFacts } from '../../support/shipment-fixtures.js';

describe('shippable balances', () => {
  it('stocked lines only: ordered less picked less what unpicked shipments claim', () => {
    const order = confirmedOrder([
      { productId: 'p1', quantity: 7 },
      { productId: 'svc', quantity: 1 },
      { productId: 'p2', quantity: 4 },
    ]);
    const [l1, , l3] = order.lines;
    expect([...shippableBalances(order)]).toEqual([
      [l1!.id, 7],
      [l3!.id, 4],
    ]);
    const { order: claimed } = newShipment(order, [{ soLineId: l1!.id, quantity: 3 }], context(1));
    expect(shippableBalances(claimed).get(l1!.id)).toBe(4);
    // Once picked, the shipment's units count in pickedQty instead (not twice).
    const picked = {
      ...decidePick(claimed, [{ soLineId: l1!.id, quantity: 3 }], pickFacts, 't').order,
      openShipments: claimed.openShipments!.map((s) => ({ ...s, picked: true })),
    };
    expect(shippableBalances(picked).get(l1!.id)).toBe(4);
    // Units the order picked itself are not shippable either (they leave through the order's dispatch).
    const orderPicked = decidePick(order, [{ soLineId: l3!.id, quantity: 1 }], pickFacts, 't').order;
    expect(shippableBalances(orderPicked).get(l3!.id)).toBe(3);
  });
});

describe('newShipment', () => {
  const order = confirmedOrder([
    { productId: 'p1', quantity: 7 },
    { productId: 'svc', quantity: 1 },
    { productId: 'p2', quantity: 4 },
  ]);
  const [l1, svc, l3] = order.lines;

  it('by default ships every unshipped stocked balance, in PICKING, claiming it on the order', () => {
    const { shipment, order: next } = newShipment(order, undefined, context(12));
    expect(shipment).toEqual({
      id: 'sh12',
      shipmentNumber: 'SH-000012',
      status: 'PICKING',
      salesOrderId: order.id,
      salesOrder: { id: order.id, orderNumber: order.orderNumber },
      warehouseId: 'w',
      carrier: null,
      trackingNumber: null,
      totalWeight: null,
      shipDate: null,
      notes: null,
      lines: [
        {
          soLineId: l1!.id,
          productId: 'p1',
          product: { sku: 'FLOUR', name: 'Flour' },
          quantity: 7,
          unitPrice: 2,
          taxRate: 0.15,
          serialNumberIds: [],
        },
        {
          soLineId: l3!.id,
          productId: 'p2',
          product: { sku: 'SUGAR', name: 'Sugar' },
          quantity: 4,
          unitPrice: 2,
          taxRate: 0.15,
          serialNumberIds: [],
        },
      ],
      picks: [],
      createdAt: 't12',
      updatedAt: 't12',
      version: 1,
    });
    expect(next.openShipments).toEqual([
      {
        id: 'sh12',
        shipmentNumber: 'SH-000012',
        picked: false,
        lines: [
          { soLineId: l1!.id, quantity: 7 },
          { soLineId: l3!.id, quantity: 4 },
        ],
      },
    ]);
    expect(next.version).toBe(order.version + 1);
    expect(next.status).toBe('CONFIRMED');
    expect(formatShipmentNumber(1234567)).toBe('SH-1234567');
  });

  it('named lines add up per order line; more than the balance, counting open shipments, is 422', () => {
    const first = newShipment(
      order,
      [
        { soLineId: l1!.id, quantity: 2 },
        { soLineId: l1!.id, quantity: 3 },
      ],
      context(1),
    );
    expect(first.shipment.lines.map((l) => [l.soLineId, l.quantity])).toEqual([[l1!.id, 5]]);
    const over = catchApiError(() =>
      newShipment(first.order, [{ soLineId: l1!.id, quantity: 3 }], context(2)),
    );
    expect([over.code, over.message]).toEqual([
      'unprocessable',
      'Line 1 (FLOUR) has 2 left to ship; 3 asked',
    ]);
    const rest = newShipment(first.order, undefined, context(2));
    expect(rest.shipment.lines.map((l) => [l.soLineId, l.quantity])).toEqual([
      [l1!.id, 2],
      [l3!.id, 4],
    ]);
    const nothing = catchApiError(() => newShipment(rest.order, undefined, context(3)));
    expect(nothing.message).toBe(
      `Nothing to ship: every stocked line of sales order ${order.orderNumber} is picked or on a shipment`,
    );
  });

  it('a service line, a line of another order or a zero quantity is refused', () => {
    const service = catchApiError(() => newShipment(order, [{ soLineId: svc!.id, quantity: 1 }], context(1)));
    expect([service.code, service.message]).toEqual([
      'invalid_reference',
      'lines[0].soLineId does not reference an existing stocked line of this sales order',
    ]);
    expect(
      catchApiError(() =>
        newShipment(
          order,
          [
            { soLineId: l1!.id, quantity: 1 },
            { soLineId: 'elsewhere', quantity: 1 },
          ],
          context(1),
        ),
      ).message,
    ).toBe('lines[1].soLineId does not reference an existing stocked line of this sales order');
    expect(
      catchApiError(() => newShipment(order, [{ soLineId: l1!.id, quantity: 0 }], context(1))).message,
    ).toBe('lines[0].quantity must be above 0');
  });

  it('the order must be CONFIRMED, PICKING, PACKED or PARTIALLY_DISPATCHED (422 naming its status)', () => {
    for (const status of ['PICKING', 'PACKED', 'PARTIALLY_DISPATCHED'] as const) {
      expect(newShipment({ ...order, status }, undefined, context(1)).shipment.status).toBe('PICKING');
    }
    for (const status of ['DRAFT', 'DISPATCHED', 'COMPLETED', 'CANCELLED'] as const) {
      expect(catchApiError(() => newShipment({ ...order, status }, undefined, context(1))).message).toBe(
        `Sales order is ${status}; ship needs CONFIRMED or PICKING or PACKED or PARTIALLY_DISPATCHED`,
      );
    }
  });

  it(`at most ${MAX_OPEN_SHIPMENTS} shipments of one order are open at once`, () => {
    let current = order;
    for (let i = 1; i <= MAX_OPEN_SHIPMENTS; i += 1) {
      current = newShipment(current, [{ soLineId: l3!.id, quantity: 0.1 }], context(i)).order;
    }
    expect(catchApiError(() => newShipment(current, undefined, context(99))).message).toBe(
      `Sales order ${order.orderNumber} already has ${MAX_OPEN_SHIPMENTS} shipments not yet dispatched (at most ${MAX_OPEN_SHIPMENTS}); dispatch some first`,
    );
  });

  it('totalWeight: weight x quantity summed when every product has a weight, else null', () => {
    const weighed = newShipment(
      order,
      undefined,
      context(
        1,
        new Map([
          ['p1', 0.5],
          ['p2', 1.25],
        ]),
      ),
    );
    expect(weighed.shipment.totalWeight).toBe(8.5);
    const partly = newShipment(
      order,
      undefined,
      context(
        1,
        new Map([
          ['p1', 0.5],
          ['p2', null],
        ]),
      ),
    );
    expect(partly.shipment.totalWeight).toBeNull();
    expect(totalWeightOf([{ productId: 'x', quantity: 3 }], new Map([['x', 0.1]]))).toBe(0.3);
    expect(totalWeightOf([{ productId: 'x', quantity: 3 }], new Map())).toBeNull();
  });

  it('MANUAL-allocation products are left out by default and refused when named', () => {
    const manual = { ...context(1), manualAllocation: new Set(['p1']) };
    expect(newShipment(order, undefined, manual).shipment.lines.map((l) => l.productId)).toEqual(['p2']);
    expect(catchApiError(() => newShipment(order, [{ soLineId: l1!.id, quantity: 1 }], manual)).message).toBe(
      'Line 1 (FLOUR) is allocated MANUAL: its lots are named at picking, which a shipment does not do; pick it through the order (sales-order pick)',
    );
  });

  it('notes, carrier and tracking number are kept as given', () => {
    const { shipment } = newShipment(order, undefined, {
      ...context(1),
      notes: 'Fragile',
      carrier: 'NZ Post',
      trackingNumber: 'AB-1',
    });
    expect([shipment.notes, shipment.carrier, shipment.trackingNumber]).toEqual([
      'Fragile',
      'NZ Post',
      'AB-1',
    ]);
  });
});

describe('orders with open shipments', () => {
  const order = confirmedOrder([{ productId: 'p2', quantity: 4 }]);
  const withShipments = newShipment(
    newShipment(order, [{ soLineId: order.lines[0]!.id, quantity: 1 }], context(1)).order,
    undefined,
    context(2),
  ).order;

  it("refuse the order's own pick, pack and dispatch, naming the shipments", () => {
    expect(() => refuseWhileShipmentsOpen(order, 'pick')).not.toThrow();
    const refused = catchApiError(() => refuseWhileShipmentsOpen(withShipments, 'dispatch'));
    expect([refused.code, refused.message]).toEqual([
      'unprocessable',
      `Sales order ${order.orderNumber} has shipments not yet dispatched (SH-000001, SH-000002); dispatch them through the shipments until they are dispatched`,
    ]);
  });

  it('refuse a cancel', () => {
    expect(() => refuseCancelWithOpenShipments(order)).not.toThrow();
    expect(catchApiError(() => refuseCancelWithOpenShipments(withShipments)).message).toBe(
      `Sales order ${order.orderNumber} has shipments not yet dispatched (SH-000001, SH-000002) and cannot be cancelled; cancel the shipments first`,
    );
  });
});
