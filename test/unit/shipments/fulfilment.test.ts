import { describe, expect, it } from 'vitest';
import { dispatchDetails } from '../../../domain/shipments/dispatch-details.js';
import {
  decideShipmentDispatch,
  decideShipmentPack,
  decideShipmentPick,
  picksAdded,
} from '../../../domain/shipments/fulfilment.js';
import { newShipment } from '../../../domain/shipments/shipment.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { confirmedOrder, context, pickFacts } from '../../support/shipment-fixtures.js';

/** An order of 7 p1 (lots A 5 and B 10), 4 p2 and a service line, with two shipments: 5 p1, then the rest. */
function twoShipments() {
  const order = confirmedOrder([
    { productId: 'p1', quantity: 7 },
    { productId: 'svc', quantity: 1 },
    { productId: 'p2', quantity: 4 },
  ]);
  const first = newShipment(order, [{ soLineId: order.lines[0]!.id, quantity: 5 }], context(1));
  const second = newShipment(first.order, undefined, context(2));
  return { order: second.order, first: first.shipment, second: second.shipment };
}

describe('shipment pick', () => {
  it("is the order's pick of the shipment's lines: FEFO lots, order PICKING, the shipment keeps its lots", () => {
    const { order, first, second } = twoShipments();
    const step = decideShipmentPick(first, order, pickFacts, 't5');
    expect(step.deltas).toEqual([
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'A', onHandDelta: -5, reservedDelta: -5 },
    ]);
    expect(step.shipment).toMatchObject({ status: 'PICKED', updatedAt: 't5', version: 2 });
    expect(step.shipment.picks).toEqual([
      {
        lineId: order.lines[0]!.id,
        productId: 'p1',
        warehouseId: 'w',
        binId: null,
        batchId: 'A',
        batchNumber: 'LOT-A',
        quantity: 5,
      },
    ]);
    expect(step.order.status).toBe('PICKING');
    expect(step.order.lines.map((l) => l.pickedQty)).toEqual([5, 1, 0]);
    expect(step.order.openShipments!.map((s) => [s.shipmentNumber, s.picked])).toEqual([
      ['SH-000001', true],
      ['SH-000002', false],
    ]);
    // The second shipment's pick takes what the reservation holds next: lot B, then the unbatched p2.
    const next = decideShipmentPick(second, step.order, pickFacts, 't6');
    expect(next.deltas.map((d) => [d.productId, d.batchId, d.onHandDelta])).toEqual([
      ['p1', 'B', -2],
      ['p2', null, -4],
    ]);
    expect(next.order.lines.map((l) => l.pickedQty)).toEqual([7, 1, 4]);
  });

  it('only from PICKING (422 naming the status), and only for an order that can ship', () => {
    const { order, first } = twoShipments();
    expect(
      catchApiError(() => decideShipmentPick({ ...first, status: 'PACKED' }, order, pickFacts, 't')).message,
    ).toBe('Shipment is PACKED; pick needs PICKING');
    expect(
      catchApiError(() => decideShipmentPick(first, { ...order, status: 'CANCELLED' }, pickFacts, 't'))
        .message,
    ).toBe('Sales order is CANCELLED; ship needs CONFIRMED or PICKING or PACKED or PARTIALLY_DISPATCHED');
  });

  it('picksAdded is what a pick added per line and location', () => {
    const base = {
      lineId: 'l',
      productId: 'p',
      warehouseId: 'w',
      binId: null,
      batchId: 'A',
      batchNumber: 'A',
    };
    expect(
      picksAdded(
        [{ ...base, quantity: 2 }],
        [
          { ...base, quantity: 5 },
          { ...base, batchId: 'B', quantity: 1 },
        ],
      ),
    ).toEqual([
      { ...base, quantity: 3 },
      { ...base, batchId: 'B', quantity: 1 },
    ]);
  });
});

describe('shipment pack', () => {
  it("PICKED -> PACKED: the order's packedQty counts the shipment's units, its status stays", () => {
    const { order, first } = twoShipments();
    const picked = decideShipmentPick(first, order, pickFacts, 't5');
    const packed = decideShipmentPack(picked.shipment, picked.order, null, 't6');
    expect(packed.shipment).toMatchObject({ status: 'PACKED', version: 3, updatedAt: 't6' });
    expect(packed.deltas).toEqual([]);
    expect(packed.order.status).toBe('PICKING');
    expect(packed.order.lines.map((l) => [l.pickedQty, l.packedQty])).toEqual([
      [5, 5],
      [1, 0],
      [0, 0],
    ]);
    expect(packed.order.version).toBe(picked.order.version + 1);
  });

  it('PICKING -> PACKED picks first (the same deltas as a pick), so nothing ships unpicked', () => {
    const { order, first } = twoShipments();
    const packed = decideShipmentPack(first, order, pickFacts, 't5');
    expect(packed.deltas).toEqual(decideShipmentPick(first, order, pickFacts, 't5').deltas);
    expect(packed.shipment).toMatchObject({ status: 'PACKED', version: 2 });
    expect(packed.shipment.picks.map((p) => [p.batchNumber, p.quantity])).toEqual([['LOT-A', 5]]);
    expect(packed.order.lines[0]).toMatchObject({ pickedQty: 5, packedQty: 5 });
    expect(packed.order.openShipments![0]!.picked).toBe(true);
    expect(packed.order.version).toBe(order.version + 1);
    expect(() => decideShipmentPack(first, order, null, 't')).toThrow(/needs the pick facts/);
  });

  it('a PACKED or DISPATCHED shipment cannot be packed (422 naming the status)', () => {
    const { order, first } = twoShipments();
    for (const status of ['PACKED', 'DISPATCHED'] as const) {
      expect(catchApiError(() => decideShipmentPack({ ...first, status }, order, null, 't')).message).toBe(
        `Shipment is ${status}; pack needs PICKING or PICKED`,
      );
    }
  });
});

describe('shipment dispatch and the order roll-up', () => {
  const packedBoth = () => {
    const { order, first, second } = twoShipments();
    const a = decideShipmentPack(first, order, pickFacts, 't1');
    const b = decideShipmentPack(second, a.order, pickFacts, 't2');
    return { order: b.order, first: a.shipment, second: b.shipment };
  };

  it('the first of two shipments: dispatchedQty and shippedDate advance, the order stays PICKING', () => {
    const { order, first } = packedBoth();
    const d = decideShipmentDispatch(
      first,
      order,
      { carrier: '  NZ Post ', trackingNumber: 'NZ 123-4' },
      't3',
    );
    expect(d.shipment).toMatchObject({
      status: 'DISPATCHED',
      carrier: 'NZ Post',
      trackingNumber: 'NZ 123-4',
      shipDate: 't3',
      updatedAt: 't3',
    });
    expect(d.rolledUp).toBe(false);
    expect(d.order.status).toBe('PICKING');
    expect(d.order.shippedDate).toBe('t3');
    expect(d.order.lines.map((l) => [l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [7, 7, 5],
      [1, 0, 0],
      [4, 4, 0],
    ]);
    expect(d.order.openShipments!.map((s) => s.shipmentNumber)).toEqual(['SH-000002']);
    expect(d.dispatched).toEqual([{ lineId: order.lines[0]!.id, quantity: 5 }]);
    expect(d.serialNumberIds).toEqual([]);
  });

  it('the second: every stocked line shipped, DISPATCHED, service lines shipped whole, first shippedDate kept', () => {
    const { order, first, second } = packedBoth();
    const one = decideShipmentDispatch(first, order, {}, 't3');
    const two = decideShipmentDispatch(second, one.order, {}, 't4');
    expect(two.rolledUp).toBe(true);
    expect(two.order).toMatchObject({ status: 'DISPATCHED', shippedDate: 't3', openShipments: [] });
    expect(two.order.lines.map((l) => [l.quantity, l.pickedQty, l.packedQty, l.dispatchedQty])).toEqual([
      [7, 7, 7, 7],
      [1, 1, 1, 1],
      [4, 4, 4, 4],
    ]);
    expect(two.dispatched).toEqual([
      { lineId: order.lines[0]!.id, quantity: 2 },
      { lineId: order.lines[2]!.id, quantity: 4 },
      { lineId: order.lines[1]!.id, quantity: 1 },
    ]);
    expect(two.shipment).toMatchObject({ carrier: null, trackingNumber: null, shipDate: 't4' });
  });

  it('omitted carrier and tracking number keep the values the shipment has', () => {
    const { order, first } = packedBoth();
    const d = decideShipmentDispatch(
      { ...first, carrier: 'DHL', trackingNumber: 'X1' },
      order,
      { trackingNumber: 'Y2' },
      't',
    );
    expect([d.shipment.carrier, d.shipment.trackingNumber]).toEqual(['DHL', 'Y2']);
  });

  it('only a PACKED shipment dispatches; the order must be CONFIRMED, PICKING or PACKED', () => {
    const { order, first } = packedBoth();
    for (const status of ['PICKING', 'PICKED', 'DISPATCHED'] as const) {
      expect(catchApiError(() => decideShipmentDispatch({ ...first, status }, order, {}, 't')).message).toBe(
        `Shipment is ${status}; dispatch needs PACKED`,
      );
    }
    expect(
      catchApiError(() => decideShipmentDispatch(first, { ...order, status: 'CANCELLED' }, {}, 't')).message,
    ).toBe('Sales order is CANCELLED; rollUp needs CONFIRMED or PICKING or PACKED');
  });
});

describe('carrier and tracking number', () => {
  const none = { carrier: null, trackingNumber: null };
  it('carrier: 1-100 characters after trimming', () => {
    expect(dispatchDetails(none, { carrier: ` ${'c'.repeat(100)}  ` }).carrier).toBe('c'.repeat(100));
    expect(dispatchDetails(none, { carrier: 'a  b' }).carrier).toBe('a  b');
    for (const carrier of ['', '   ', 'c'.repeat(101), ` ${'c'.repeat(99)} c `]) {
      const e = catchApiError(() => dispatchDetails(none, { carrier }));
      expect([e.code, e.message]).toEqual([
        'validation_error',
        'carrier: must be 1-100 characters after trimming',
      ]);
    }
  });

  it('trackingNumber: 1-100 letters, digits, spaces, hyphens, underscores and dots', () => {
    expect(dispatchDetails(none, { trackingNumber: 'Ab 12-3_4.5' }).trackingNumber).toBe('Ab 12-3_4.5');
    expect(dispatchDetails(none, { trackingNumber: ' X ' }).trackingNumber).toBe('X');
    for (const trackingNumber of ['', '   ', 'A#1', 'é1', 'x'.repeat(101)]) {
      const e = catchApiError(() => dispatchDetails(none, { trackingNumber }));
      expect(e.details).toEqual([
        {
          path: 'trackingNumber',
          message: 'must be 1-100 letters, digits, spaces, hyphens, underscores or dots',
        },
      ]);
    }
  });
});
