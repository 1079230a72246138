import { describe, expect, it } from 'vitest';
import { unallocateSerial, type SerialNumber } from '../../../domain/inventory/serial.js';
import { ReadsDisagree } from '../../../domain/errors.js';
import { decideShipmentCancel } from '../../../domain/shipments/cancel.js';
import {
  decideShipmentDispatch,
  decideShipmentPack,
  decideShipmentPick,
} from '../../../domain/shipments/fulfilment.js';
import { newShipment } from '../../../domain/shipments/shipment.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { confirmedOrder, context, pickFacts } from '../../support/shipment-fixtures.js';

/** An order of 7 p1 (reserved 5 in lot A, 2 in lot B), a service line and 4 p2; shipment 1 takes 6 p1. */
function orderWithShipments() {
  const order = confirmedOrder([
    { productId: 'p1', quantity: 7 },
    { productId: 'svc', quantity: 1 },
    { productId: 'p2', quantity: 4 },
  ]);
  const first = newShipment(order, [{ soLineId: order.lines[0]!.id, quantity: 6 }], context(1));
  const second = newShipment(first.order, undefined, context(2));
  return { confirmed: second.order, first: first.shipment, second: second.shipment };
}

const reservationsOf = (order: { reservations: { batchId: string | null; quantity: number }[] }) =>
  order.reservations.map((r) => [r.batchId, r.quantity]);

describe('shipment cancel', () => {
  it('a PICKED shipment: its units back on hand and reserved at their lots, the order CONFIRMED as before the pick', () => {
    const { confirmed, first } = orderWithShipments();
    const picked = decideShipmentPick(first, confirmed, pickFacts, 't5');
    // The pick drew lot A whole and 1 of lot B's 2 reserved.
    expect(reservationsOf(picked.order)).toEqual([
      ['B', 1],
      [null, 4],
    ]);
    const cancel = decideShipmentCancel(picked.shipment, picked.order, 'Customer rang', 't6');
    expect(cancel.deltas).toEqual([
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'A', onHandDelta: 5, reservedDelta: 5 },
      { productId: 'p1', warehouseId: 'w', binId: null, batchId: 'B', onHandDelta: 1, reservedDelta: 1 },
    ]);
    expect(cancel.shipment).toMatchObject({
      status: 'CANCELLED',
      picks: [],
      cancelledAt: 't6',
      cancelReason: 'Customer rang',
      updatedAt: 't6',
      version: picked.shipment.version + 1,
    });
    // Lot A back ahead of lot B, B's partly drawn reservation whole again: the reservations as confirmed.
    expect(cancel.order.reservations).toEqual(confirmed.reservations);
    expect(cancel.order.picks).toEqual([]);
    expect(cancel.order.status).toBe('CONFIRMED');
    expect(cancel.order.lines.map((l) => [l.pickedQty, l.packedQty])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(cancel.order.openShipments!.map((s) => s.shipmentNumber)).toEqual(['SH-000002']);
    expect(cancel.order.version).toBe(picked.order.version + 1);
    // The balances reopen: a new shipment may claim the cancelled one's units.
    expect(newShipment(cancel.order, undefined, context(3)).shipment.lines.map((l) => l.quantity)).toEqual([
      6,
    ]);
  });

  it('a picked shipment read beside its order as another cancel left it: ReadsDisagree (read again), not a 500', () => {
    const { confirmed, first } = orderWithShipments();
    const picked = decideShipmentPick(first, confirmed, pickFacts, 't5');
    const cancelled = decideShipmentCancel(picked.shipment, picked.order, null, 't6');
    // The racing cancel committed between the reads: the shipment still PICKED, the order without its pick.
    expect(() => decideShipmentCancel(picked.shipment, cancelled.order, null, 't7')).toThrow(ReadsDisagree);
  });

  it('a PACKED shipment gives back packedQty too; another shipment still picked keeps the order PICKING', () => {
    const { confirmed, first, second } = orderWithShipments();
    const one = decideShipmentPack(first, confirmed, pickFacts, 't1');
    const two = decideShipmentPick(second, one.order, pickFacts, 't2');
    const cancel = decideShipmentCancel(one.shipment, two.order, null, 't3');
    expect(cancel.order.status).toBe('PICKING');
    expect(cancel.order.lines.map((l) => [l.pickedQty, l.packedQty])).toEqual([
      [1, 0],
      [1, 0],
      [4, 0],
    ]);
    expect(cancel.order.picks.map((p) => [p.batchId, p.quantity])).toEqual([
      ['B', 1],
      [null, 4],
    ]);
    expect(reservationsOf(cancel.order)).toEqual([
      ['A', 5],
      ['B', 1],
    ]);
    expect(cancel.shipment.cancelReason).toBeNull();
  });

  it('a PICKING shipment moves no stock: it only leaves the open shipments', () => {
    const { confirmed, second } = orderWithShipments();
    const cancel = decideShipmentCancel(second, confirmed, null, 't');
    expect(cancel.deltas).toEqual([]);
    expect(cancel.order.status).toBe('CONFIRMED');
    expect(cancel.order.reservations).toEqual(confirmed.reservations);
    expect(cancel.order.lines).toEqual(confirmed.lines);
    expect(cancel.order.openShipments!.map((s) => s.shipmentNumber)).toEqual(['SH-000001']);
  });

  it("the serials the pick allocated leave the shipment's and the order's lines", () => {
    const { confirmed, first } = orderWithShipments();
    const picked = decideShipmentPick(first, confirmed, pickFacts, 't5');
    const lineId = confirmed.lines[0]!.id;
    const shipment = {
      ...picked.shipment,
      lines: picked.shipment.lines.map((l) => ({ ...l, serialNumberIds: ['s1', 's2'] })),
    };
    const order = {
      ...picked.order,
      lines: picked.order.lines.map((l) =>
        l.id === lineId ? { ...l, serialNumberIds: ['s0', 's1', 's2'] } : l,
      ),
    };
    const cancel = decideShipmentCancel(shipment, order, null, 't6');
    expect(cancel.serialNumberIds).toEqual(['s1', 's2']);
    expect(cancel.shipment.lines[0]!.serialNumberIds).toEqual([]);
    expect(cancel.order.lines[0]!.serialNumberIds).toEqual(['s0']);
  });

  it('a DISPATCHED or CANCELLED shipment is 422 naming its status; so is an order that cannot take units back', () => {
    const { confirmed, first } = orderWithShipments();
    const packed = decideShipmentPack(first, confirmed, pickFacts, 't1');
    const dispatched = decideShipmentDispatch(packed.shipment, packed.order, {}, 't2');
    expect(
      catchApiError(() => decideShipmentCancel(dispatched.shipment, dispatched.order, null, 't')).message,
    ).toBe('Shipment is DISPATCHED; cancel needs PICKING or PICKED or PACKED');
    const cancelled = decideShipmentCancel(packed.shipment, packed.order, null, 't3');
    expect(
      catchApiError(() => decideShipmentCancel(cancelled.shipment, cancelled.order, null, 't')).message,
    ).toBe('Shipment is CANCELLED; cancel needs PICKING or PICKED or PACKED');
    expect(
      catchApiError(() => decideShipmentCancel(first, { ...confirmed, status: 'CANCELLED' }, null, 't'))
        .message,
    ).toBe('Sales order is CANCELLED; unship needs CONFIRMED or PICKING or PACKED or PARTIALLY_DISPATCHED');
  });
});

describe('unallocateSerial', () => {
  const serial = (history: SerialNumber['history'], status: SerialNumber['status']): SerialNumber => ({
    id: 's1',
    serialNumber: 'SN-1',
    status,
    productId: 'p1',
    batchId: null,
    warehouseId: 'w',
    binId: null,
    purchaseOrderId: null,
    poLineId: null,
    receiptId: null,
    receivedAt: null,
    soldAt: null,
    returnedAt: null,
    notes: null,
    createdAt: 't0',
    updatedAt: 't1',
    version: 2,
    history,
    historyTotal: history.length,
  });
  const received = {
    fromStatus: null,
    toStatus: 'AVAILABLE' as const,
    at: 't0',
    sourceType: 'goods_receipt',
    sourceId: 'gr',
  };
  const allocated = {
    fromStatus: 'AVAILABLE' as const,
    toStatus: 'ALLOCATED' as const,
    at: 't1',
    sourceType: 'shipment',
    sourceId: 'sh1',
  };

  it('puts a serial the shipment allocated back to the status the allocation took it from', () => {
    const back = unallocateSerial(serial([received, allocated], 'ALLOCATED'), 'sh1', 't2', {
      type: 'shipment',
      id: 'sh1',
    });
    expect(back).toMatchObject({ status: 'AVAILABLE', version: 3, updatedAt: 't2', historyTotal: 3 });
    expect(back!.history.at(-1)).toEqual({
      fromStatus: 'ALLOCATED',
      toStatus: 'AVAILABLE',
      at: 't2',
      sourceType: 'shipment',
      sourceId: 'sh1',
    });
  });

  it('leaves a serial another holder allocated, or one that moved on, alone (null)', () => {
    expect(
      unallocateSerial(serial([received, allocated], 'ALLOCATED'), 'sh2', 't', {
        type: 'shipment',
        id: 'sh2',
      }),
    ).toBeNull();
    const sold = { ...allocated, fromStatus: 'ALLOCATED' as const, toStatus: 'SOLD' as const, at: 't2' };
    expect(
      unallocateSerial(serial([received, allocated, sold], 'SOLD'), 'sh1', 't', {
        type: 'shipment',
        id: 'sh1',
      }),
    ).toBeNull();
  });
});
