import { describe, expect, it } from 'vitest';
import {
  MAX_SERIAL_HISTORY,
  normaliseSerial,
  receivedSerial,
  serialCountDeltas,
  transitionSerial,
  type SerialNumber,
} from '../../../domain/inventory/serial.js';

const received = (): SerialNumber =>
  receivedSerial(
    {
      serialNumber: '  SN-001 ',
      productId: 'p1',
      batchId: 'b1',
      warehouseId: 'w1',
      binId: null,
      purchaseOrderId: 'po1',
      poLineId: 'l1',
      receiptId: 'r1',
      receivedAt: '2026-03-01T09:00:00.000Z',
    },
    { id: 's1', now: '2026-03-01T09:00:01.000Z' },
  );

describe('receivedSerial', () => {
  it('is AVAILABLE, linked to the order line and receipt, with the creation as its first entry', () => {
    expect(received()).toEqual({
      id: 's1',
      serialNumber: 'SN-001',
      status: 'AVAILABLE',
      productId: 'p1',
      batchId: 'b1',
      warehouseId: 'w1',
      binId: null,
      purchaseOrderId: 'po1',
      poLineId: 'l1',
      receiptId: 'r1',
      receivedAt: '2026-03-01T09:00:00.000Z',
      soldAt: null,
      returnedAt: null,
      notes: null,
      createdAt: '2026-03-01T09:00:01.000Z',
      updatedAt: '2026-03-01T09:00:01.000Z',
      version: 1,
      history: [
        {
          fromStatus: null,
          toStatus: 'AVAILABLE',
          at: '2026-03-01T09:00:00.000Z',
          sourceType: 'goods_receipt',
          sourceId: 'r1',
        },
      ],
      historyTotal: 1,
    });
  });

  it('normalises for uniqueness and exact search: trimmed, case-insensitive', () => {
    expect(normaliseSerial(' Sn-001 ')).toBe(normaliseSerial('SN-001'));
  });
});

describe('transitionSerial', () => {
  it('appends { fromStatus, toStatus, at, sourceType, sourceId } and moves the version on', () => {
    const sold = transitionSerial(
      transitionSerial(received(), 'ALLOCATED', '2026-03-02T00:00:00.000Z', {
        type: 'sales_order',
        id: 'so1',
      }),
      'SOLD',
      '2026-03-03T00:00:00.000Z',
      { type: 'sales_order', id: 'so1' },
    );
    expect(sold.status).toBe('SOLD');
    expect(sold.soldAt).toBe('2026-03-03T00:00:00.000Z');
    expect(sold.updatedAt).toBe('2026-03-03T00:00:00.000Z');
    expect(sold.version).toBe(3);
    expect(sold.historyTotal).toBe(3);
    expect(sold.history.slice(1)).toEqual([
      {
        fromStatus: 'AVAILABLE',
        toStatus: 'ALLOCATED',
        at: '2026-03-02T00:00:00.000Z',
        sourceType: 'sales_order',
        sourceId: 'so1',
      },
      {
        fromStatus: 'ALLOCATED',
        toStatus: 'SOLD',
        at: '2026-03-03T00:00:00.000Z',
        sourceType: 'sales_order',
        sourceId: 'so1',
      },
    ]);
  });

  it('stamps returnedAt on RETURNED and leaves the input untouched', () => {
    const serial = received();
    const returned = transitionSerial(serial, 'RETURNED', '2026-04-01T00:00:00.000Z', {
      type: 'back_office',
      id: null,
    });
    expect(returned.returnedAt).toBe('2026-04-01T00:00:00.000Z');
    expect(serial.status).toBe('AVAILABLE');
    expect(serial.history).toHaveLength(1);
  });

  it('refuses a move to the status it already has (422)', () => {
    expect(() => transitionSerial(received(), 'AVAILABLE', 'x', { type: 't', id: null })).toThrow(
      expect.objectContaining({
        code: 'unprocessable',
        message: 'Serial number SN-001 is already AVAILABLE',
      }),
    );
  });

  it('keeps the last 500 entries and counts them all', () => {
    let serial = received();
    for (let i = 0; i < MAX_SERIAL_HISTORY + 10; i += 1) {
      serial = transitionSerial(serial, i % 2 === 0 ? 'DAMAGED' : 'AVAILABLE', `t${i}`, {
        type: 'back_office',
        id: null,
      });
    }
    expect(serial.history).toHaveLength(MAX_SERIAL_HISTORY);
    expect(serial.historyTotal).toBe(MAX_SERIAL_HISTORY + 11);
    expect(serial.history.at(-1)!.at).toBe(`t${MAX_SERIAL_HISTORY + 9}`);
    expect(serial.history[0]!.at).toBe('t10');
  });
});

describe('serialCountDeltas', () => {
  const src = { type: 'sales_order', id: 'so1' };
  const at = '2026-03-02T09:00:00.000Z';
  const of = (id: string, productId: string) => ({ ...received(), id, productId });

  it('counts created units in all and AVAILABLE, per product', () => {
    expect(serialCountDeltas([of('a', 'p1'), of('b', 'p1'), of('c', 'p2')])).toEqual(
      new Map([
        ['p1', { all: 2, AVAILABLE: 2 }],
        ['p2', { all: 1, AVAILABLE: 1 }],
      ]),
    );
  });

  it('moves a changed unit from its old status to its new one; all stays', () => {
    const allocated = transitionSerial(of('a', 'p1'), 'ALLOCATED', at, src);
    const sold = transitionSerial(allocated, 'SOLD', at, src);
    expect(serialCountDeltas([allocated, transitionSerial(of('b', 'p1'), 'DAMAGED', at, src)])).toEqual(
      new Map([['p1', { all: 0, AVAILABLE: -2, ALLOCATED: 1, DAMAGED: 1 }]]),
    );
    expect(serialCountDeltas([sold])).toEqual(new Map([['p1', { all: 0, ALLOCATED: -1, SOLD: 1 }]]));
  });

  it('leaves out moves that cancel, and a product whose moves all do', () => {
    const out = transitionSerial(of('a', 'p1'), 'DAMAGED', at, src);
    const back = transitionSerial(transitionSerial(of('b', 'p1'), 'DAMAGED', at, src), 'AVAILABLE', at, src);
    expect(serialCountDeltas([out, back])).toEqual(new Map());
    expect(serialCountDeltas([])).toEqual(new Map());
  });
});
