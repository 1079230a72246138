/**
 * Type tests, checked by `npm run typecheck` (tsc includes test/): every @ts-expect-error below must meet
 * an error, so an event with a member missing, a member too many or an unknown type stops compiling.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { event, EVENT_TYPES, type Event, type EventData, type EventType } from '../../../domain/events.js';
import { salesOrderDispatched } from '../../../domain/sales-orders/events.js';
import type { JournalEntry } from '../../../functions/platform/journal/journal.js';

const order = { id: 'so1', orderNumber: 'SO-000001', status: 'DISPATCHED' as const, shippedDate: 't' };

describe('event types', () => {
  it('has one EventData entry per catalogue string', () => {
    expectTypeOf<keyof EventData>().toEqualTypeOf<EventType>();
    expect(EVENT_TYPES).toHaveLength(18);
  });

  it('refuses a missing member, an unknown member and an unknown type', () => {
    const partial = { id: 'so1', orderNumber: 'SO-1', status: 'DISPATCHED', shippedDate: null } as const;
    // @ts-expect-error shipment and lines are missing
    const missing: JournalEntry = { events: [event('sales_order.dispatched', partial)] };
    // @ts-expect-error sku is no member of product.created
    const extra = event('product.created', { id: 'p1', sku: 'P-1' });
    // @ts-expect-error an event literal must carry its type's whole data
    const literal: JournalEntry = { events: [{ event: 'sales_order.completed', data: { id: 'so1' } }] };
    // @ts-expect-error not a catalogue event
    const unknown = event('sales_order.shipped', { id: 'so1' });
    // @ts-expect-error status is a sales-order status
    const mistyped = event('sales_order.completed', { id: 'so1', orderNumber: 'SO-1', status: 'SHIPPED' });
    // @ts-expect-error the data of one type does not pass for another
    const swapped: Event<'product.created'> = event('customer.created', { id: 'c1' });
    expect([missing, extra, literal, unknown, mistyped, swapped]).toHaveLength(6);
  });

  it('gives both dispatch paths one shape', () => {
    const lines = [{ lineId: 'l1', quantity: 2 }];
    const own = salesOrderDispatched(order, lines, null);
    const shipped = salesOrderDispatched(order, lines, { id: 'sh1', shipmentNumber: 'SH-000001' });
    expectTypeOf(own).toEqualTypeOf<Event<'sales_order.dispatched'>>();
    expect(Object.keys(own.data)).toEqual(Object.keys(shipped.data));
    expect(own.data).toEqual({
      id: 'so1',
      orderNumber: 'SO-000001',
      status: 'DISPATCHED',
      shippedDate: 't',
      shipment: null,
      lines: [{ soLineId: 'l1', quantity: 2 }],
    });
  });
});
