import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../domain/events.js';
import { encodeCursor, feedStart, takeEvents } from '../../../domain/webhooks/event-feed.js';

const NOW = new Date('2025-03-31T12:00:00.000Z');
const event = (id: string, type: DomainEvent['event'] = 'product.created'): DomainEvent => ({
  id,
  event: type,
  occurredAt: '2025-03-30T00:00:00.000Z',
  orgId: 'org',
  data: { id },
});
const entries = [
  {
    sk: '2025-03-30T00:00:00.000Z#evt_a',
    events: [event('a1'), event('a2', 'stock.level_changed'), event('a3')],
  },
  { sk: '2025-03-30T00:00:01.000Z#evt_b', events: [event('b1')] },
];
const ids = (events: DomainEvent[]) => events.map((e) => e.id);

describe('feedStart', () => {
  it('defaults to, and never goes before, 30 days ago', () => {
    expect(feedStart(undefined, NOW)).toEqual({ sk: '2025-03-01T12:00:00.000Z', skip: 0 });
    expect(feedStart('2020-01-01', NOW)).toEqual({ sk: '2025-03-01T12:00:00.000Z', skip: 0 });
  });
  it('takes a date, a date-time (UTC without a zone) or a cursor', () => {
    expect(feedStart('2025-03-20', NOW)).toEqual({ sk: '2025-03-20T00:00:00.000Z', skip: 0 });
    expect(feedStart('2025-03-20T10:00:00+02:00', NOW).sk).toBe('2025-03-20T08:00:00.000Z');
    const position = { sk: entries[0]!.sk, skip: 2 };
    expect(feedStart(encodeCursor(position), NOW)).toEqual(position);
  });
  it('refuses anything else with 400 invalid_parameter on since', () => {
    for (const bad of ['soon', 'ec1.', 'ec1.***', `ec1.${Buffer.from('x|1').toString('base64url')}`]) {
      expect(() => feedStart(bad, NOW), bad).toThrow(expect.objectContaining({ code: 'invalid_parameter' }));
    }
  });
});

describe('takeEvents', () => {
  it('stops inside an item and resumes there', () => {
    const first = takeEvents(entries, { sk: '2025-03-01', skip: 0 }, { pageSize: 2 });
    expect(ids(first.events)).toEqual(['a1', 'a2']);
    expect(first.full).toEqual({ sk: entries[0]!.sk, skip: 2 });
    const second = takeEvents(entries, first.full!, { pageSize: 2 });
    expect(ids(second.events)).toEqual(['a3', 'b1']);
    expect(second.full).toBeNull();
    expect(second.after).toEqual({ sk: entries[1]!.sk, skip: 1 });
  });
  it('filters single events, and a page that fills at an item boundary resumes at the next item', () => {
    const page = takeEvents(
      entries,
      { sk: '2025-03-01', skip: 0 },
      { pageSize: 1, types: ['product.created'] },
    );
    expect(ids(page.events)).toEqual(['a1']);
    const rest = takeEvents(entries, page.full!, { pageSize: 5, types: ['product.created'] });
    expect(ids(rest.events)).toEqual(['a3', 'b1']);
    const full = takeEvents(entries, { sk: '2025-03-01', skip: 0 }, { pageSize: 3 });
    expect(full.full).toEqual({ sk: entries[1]!.sk, skip: 0 });
  });
});
