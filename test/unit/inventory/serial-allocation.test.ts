import { describe, expect, it } from 'vitest';
import {
  allocateSerials,
  namedSerialKey,
  serialsToSell,
  type SerialPickLine,
} from '../../../domain/inventory/serial-allocation.js';
import {
  isAllocatedTo,
  receivedSerial,
  setSerialStatus,
  transitionSerial,
  SERIAL_STATUS_MOVES,
  type SerialNumber,
} from '../../../domain/inventory/serial.js';

const AT = '2026-04-01T10:00:00.000Z';
const SOURCE = { type: 'sales_order', id: 'so1' };

const serial = (id: string, batchId: string | null = null, warehouseId = 'w1'): SerialNumber =>
  receivedSerial(
    {
      serialNumber: id.toUpperCase(),
      productId: 'p1',
      batchId,
      warehouseId,
      binId: null,
      purchaseOrderId: 'po1',
      poLineId: 'l1',
      receiptId: 'r1',
      receivedAt: '2026-03-01T09:00:00.000Z',
    },
    { id, now: '2026-03-01T09:00:00.000Z' },
  );

const line = (picked: SerialPickLine['picked'], named: string[] | null = null): SerialPickLine => ({
  lineId: 'line1',
  label: 'Line 1 (SKU-1)',
  productId: 'p1',
  picked,
  named,
});

const facts = (serials: SerialNumber[]) => ({
  warehouseId: 'w1',
  named: new Map(serials.map((s) => [namedSerialKey('p1', s.serialNumber), s])),
  candidates: new Map([['p1', serials]]),
});

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('allocateSerials', () => {
  it('chooses the oldest AVAILABLE serials per lot in the warehouse, ALLOCATED with a history entry', () => {
    const pool = [serial('a', 'L1'), serial('b', 'L2'), serial('c', 'L1', 'w2'), serial('d', 'L1')];
    const out = allocateSerials(
      [
        line([
          { batchId: 'L1', batchNumber: 'LOT-1', quantity: 2 },
          { batchId: 'L2', batchNumber: 'LOT-2', quantity: 1 },
        ]),
      ],
      facts(pool),
      AT,
      SOURCE,
    );
    const chosen = out.get('line1')!;
    expect(chosen.map((s) => s.id)).toEqual(['a', 'd', 'b']);
    expect(chosen[0]).toMatchObject({ status: 'ALLOCATED', version: 2, historyTotal: 2, updatedAt: AT });
    expect(chosen[0]!.history[1]).toEqual({
      fromStatus: 'AVAILABLE',
      toStatus: 'ALLOCATED',
      at: AT,
      sourceType: 'sales_order',
      sourceId: 'so1',
    });
  });

  it('refuses fractions and too few serials naming the lot', () => {
    expect(
      failure(() =>
        allocateSerials([line([{ batchId: null, batchNumber: null, quantity: 1.5 }])], facts([]), AT, SOURCE),
      ),
    ).toBe('Line 1 (SKU-1) is serial-tracked: pick whole units (1.5 asked)');
    expect(
      failure(() =>
        allocateSerials(
          [line([{ batchId: 'L1', batchNumber: 'LOT-1', quantity: 2 }])],
          facts([serial('a', 'L1')]),
          AT,
          SOURCE,
        ),
      ),
    ).toBe(
      'Line 1 (SKU-1) is serial-tracked: 1 AVAILABLE serial number(s) of lot LOT-1 in the warehouse for 2 unit(s) picked',
    );
  });

  it('takes named serials when they match the lots picked; refuses a mismatch, a duplicate, another warehouse', () => {
    const pool = [serial('a', 'L1'), serial('b', 'L2'), serial('c', 'L1', 'w2')];
    const picked = [{ batchId: 'L1', batchNumber: 'LOT-1', quantity: 1 }];
    expect(
      allocateSerials([line(picked, ['a'])], facts(pool), AT, SOURCE)
        .get('line1')!
        .map((s) => s.id),
    ).toEqual(['a']);
    expect(failure(() => allocateSerials([line(picked, ['B'])], facts(pool), AT, SOURCE))).toBe(
      'Line 1 (SKU-1): the serial numbers given do not match the 1 unit(s) of lot LOT-1 picked',
    );
    expect(failure(() => allocateSerials([line(picked, ['C'])], facts(pool), AT, SOURCE))).toBe(
      "Serial number C is not in the order's warehouse",
    );
    expect(
      failure(() =>
        allocateSerials(
          [line([{ batchId: 'L1', batchNumber: 'LOT-1', quantity: 2 }], ['a', 'A'])],
          facts(pool),
          AT,
          SOURCE,
        ),
      ),
    ).toBe('Line 1 (SKU-1): serial number A is given twice');
  });
});

describe('serialsToSell and isAllocatedTo', () => {
  it('sells the ALLOCATED serials in order, whole units only', () => {
    const allocated = [serial('a'), serial('b'), serial('c')].map((s) =>
      transitionSerial(s, 'ALLOCATED', AT, SOURCE),
    );
    const sold = transitionSerial(allocated[0]!, 'SOLD', AT, SOURCE);
    expect(serialsToSell('L', [sold, allocated[1]!, allocated[2]!], 1).map((s) => s.id)).toEqual(['b']);
    expect(failure(() => serialsToSell('L', allocated, 0.5))).toBe(
      'L is serial-tracked: dispatch whole units (0.5 asked)',
    );
    expect(isAllocatedTo(allocated[1]!, new Set(['so1']))).toBe(true);
    expect(isAllocatedTo(allocated[1]!, new Set(['so2']))).toBe(false);
    expect(isAllocatedTo(sold, new Set(['so1']))).toBe(false);
  });
});

describe('setSerialStatus', () => {
  it('allows exactly the table of moves', () => {
    const statuses = [
      'AVAILABLE',
      'RESERVED',
      'ALLOCATED',
      'SOLD',
      'RETURNED',
      'DAMAGED',
      'SCRAPPED',
      'IN_PRODUCTION',
    ] as const;
    const allowed: string[] = [];
    for (const from of statuses) {
      for (const to of Object.keys(SERIAL_STATUS_MOVES) as (keyof typeof SERIAL_STATUS_MOVES)[]) {
        const s = { ...serial('x'), status: from };
        try {
          setSerialStatus(s, to, AT, { type: 'back_office', id: null });
          allowed.push(`${from}->${to}`);
        } catch {
          // refused
        }
      }
    }
    expect(allowed.sort()).toEqual(
      [
        'AVAILABLE->DAMAGED',
        'AVAILABLE->SCRAPPED',
        'DAMAGED->AVAILABLE',
        'DAMAGED->SCRAPPED',
        'RETURNED->AVAILABLE',
        'RETURNED->DAMAGED',
        'RETURNED->SCRAPPED',
        'SOLD->RETURNED',
      ].sort(),
    );
    const returned = setSerialStatus({ ...serial('x'), status: 'SOLD' }, 'RETURNED', AT, {
      type: 'back_office',
      id: null,
    });
    expect(returned.returnedAt).toBe(AT);
  });
});
