import { describe, expect, it } from 'vitest';
import { outputLot } from '../../../domain/production-orders/output-lot.js';
import {
  cancelProductionOrder,
  completeProductionOrder,
  createProductionOrder,
  startProductionOrder,
  type Consumption,
} from '../../../domain/production-orders/production-order.js';
import { catchApiError } from '../../support/catch-api-error.js';
import { exploded, NOW, order, ref } from './fixtures.js';

const LATER = '2030-01-16T08:00:00.000Z';

describe('createProductionOrder', () => {
  it('numbers a PLANNED order MO-000001, OUTPUT line first, INPUT lines with planned quantities', () => {
    const o = order([exploded('flour', 0.5, 10), exploded('eggs', 2)], 10, { sequence: 42 });
    expect(o).toMatchObject({
      orderNumber: 'MO-000042',
      status: 'PLANNED',
      productId: 'cake',
      plannedQuantity: 10,
      actualQuantity: null,
      plannedStartDate: NOW,
      priority: 0,
      salesOrderId: null,
      startedAt: null,
      completedAt: null,
      version: 1,
    });
    expect(o.lines.map((l) => [l.id, l.lineType, l.productId, l.plannedQuantity, l.actualQuantity])).toEqual([
      ['out', 'OUTPUT', 'cake', 10, null],
      ['in1', 'INPUT', 'flour', 5.5, null],
      ['in2', 'INPUT', 'eggs', 20, null],
    ]);
  });

  it('refuses a quantity outside (0, 999999], a bad priority and an empty recipe', () => {
    const draft = {
      product: ref('cake'),
      plannedQuantity: 1,
      warehouse: { id: 'w1', code: 'MAIN' },
      plannedStartDate: '2030-02-01T00:00:00.000Z',
      priority: 5,
      salesOrder: { id: 'so1', orderNumber: 'SO-000001' },
      inputs: [exploded('flour', 1)],
    };
    const ctx = { id: 'mo', sequence: 1, now: NOW, lineIds: ['a', 'b'] };
    expect(createProductionOrder(draft, ctx)).toMatchObject({
      plannedStartDate: '2030-02-01T00:00:00.000Z',
      priority: 5,
      salesOrderId: 'so1',
      salesOrder: { orderNumber: 'SO-000001' },
    });
    for (const plannedQuantity of [0, -1, 1_000_000]) {
      expect(catchApiError(() => createProductionOrder({ ...draft, plannedQuantity }, ctx)).message).toBe(
        'quantity must be greater than 0 and at most 999999',
      );
    }
    for (const priority of [-1, 1.5, 1000]) {
      expect(catchApiError(() => createProductionOrder({ ...draft, priority }, ctx)).status).toBe(422);
    }
    expect(catchApiError(() => createProductionOrder({ ...draft, inputs: [] }, ctx)).status).toBe(422);
  });
});

describe('transitions', () => {
  const consumption: Consumption = {
    lines: [
      {
        lineId: 'in1',
        quantity: 5,
        unitCost: 2,
        totalCost: 10,
        lots: [{ batchId: 'b1', batchNumber: 'L1', quantity: 5 }],
      },
    ],
    takes: [],
    totalCost: 10,
    outputUnitCost: 2.5,
  };

  it('start: PLANNED -> IN_PROGRESS with startedAt; anything else is 422 naming the status', () => {
    const started = startProductionOrder(order([exploded('flour', 1)]), LATER);
    expect(started).toMatchObject({ status: 'IN_PROGRESS', startedAt: LATER, updatedAt: LATER, version: 2 });
    expect(catchApiError(() => startProductionOrder(started, LATER)).message).toBe(
      'Production order is IN_PROGRESS; start needs PLANNED',
    );
  });

  it('complete: IN_PROGRESS only; fills the lines, output cost and minted lot', () => {
    const planned = order([exploded('flour', 0.5)], 10);
    expect(
      catchApiError(() => completeProductionOrder(planned, consumption, { quantity: 4, lot: null }, LATER))
        .message,
    ).toBe('Production order is PLANNED; complete needs IN_PROGRESS');
    const done = completeProductionOrder(
      startProductionOrder(planned, NOW),
      consumption,
      { quantity: 4, lot: { batchId: 'out-lot', batchNumber: 'MO-000001' } },
      LATER,
    );
    expect(done).toMatchObject({ status: 'COMPLETED', actualQuantity: 4, completedAt: LATER, version: 3 });
    expect(done.lines[0]).toMatchObject({
      lineType: 'OUTPUT',
      actualQuantity: 4,
      unitCost: 2.5,
      totalCost: 10,
      lotsMinted: [{ batchId: 'out-lot', batchNumber: 'MO-000001', quantity: 4 }],
      lotsConsumed: [],
    });
    expect(done.lines[1]).toMatchObject({
      lineType: 'INPUT',
      actualQuantity: 5,
      unitCost: 2,
      totalCost: 10,
      lotsConsumed: [{ batchId: 'b1', quantity: 5 }],
    });
    expect(catchApiError(() => cancelProductionOrder(done, LATER)).message).toBe(
      'Production order is COMPLETED; cancel needs PLANNED or IN_PROGRESS',
    );
  });

  it('cancel: PLANNED or IN_PROGRESS -> CANCELLED with the reason (at most 500 characters)', () => {
    const planned = order([exploded('flour', 1)]);
    expect(cancelProductionOrder(planned, LATER, '  no flour  ')).toMatchObject({
      status: 'CANCELLED',
      cancelledAt: LATER,
      cancelReason: 'no flour',
    });
    expect(cancelProductionOrder(startProductionOrder(planned, NOW), LATER)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: null,
    });
    expect(catchApiError(() => cancelProductionOrder(planned, LATER, 'x'.repeat(501))).status).toBe(422);
  });
});

describe('outputLot', () => {
  const o = { orderNumber: 'MO-000007', productId: 'cake' };
  it('is numbered after the order unless a number is given, costed, made now, expiring after the shelf life', () => {
    const lot = outputLot(
      o,
      { sku: 'CAKE', expiryRequired: false, shelfLifeDays: 10, storageCondition: 'CHILLED' },
      { unitCost: 2.5 },
      { id: 'l1', now: NOW },
    );
    expect(lot).toMatchObject({
      id: 'l1',
      batchNumber: 'MO-000007',
      status: 'ACTIVE',
      productId: 'cake',
      manufactureDate: NOW,
      expiryDate: '2030-01-25T10:00:00.000Z',
      storageCondition: 'CHILLED',
      unitCost: 2.5,
      notes: 'Produced by MO-000007',
    });
    const named = outputLot(
      o,
      { sku: 'CAKE', expiryRequired: false, shelfLifeDays: null, storageCondition: null },
      { batchNumber: ' B-1 ', unitCost: 1 },
      { id: 'l2', now: NOW },
    );
    expect(named).toMatchObject({ batchNumber: 'B-1', expiryDate: null });
    expect(
      catchApiError(() =>
        outputLot(
          o,
          { sku: 'CAKE', expiryRequired: false, shelfLifeDays: null, storageCondition: null },
          { batchNumber: ' ', unitCost: 1 },
          { id: 'l3', now: NOW },
        ),
      ).status,
    ).toBe(422);
  });

  it('refuses an expiryRequired product without shelfLifeDays, naming it (issue 25 item 12)', () => {
    const product = { sku: 'CAKE', expiryRequired: true, shelfLifeDays: null, storageCondition: null };
    expect(catchApiError(() => outputLot(o, product, { unitCost: 1 }, { id: 'l4', now: NOW }))).toMatchObject(
      {
        code: 'unprocessable',
        message:
          "Product CAKE requires an expiry date on its lots but has no shelfLifeDays to derive it from; set the product's shelfLifeDays",
      },
    );
    const withShelfLife = outputLot(
      o,
      { ...product, shelfLifeDays: 1 },
      { unitCost: 1 },
      { id: 'l5', now: NOW },
    );
    expect(withShelfLife.expiryDate).toBe('2030-01-16T10:00:00.000Z');
  });
});
