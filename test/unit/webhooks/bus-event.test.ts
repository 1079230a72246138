import { afterEach, describe, expect, it, vi } from 'vitest';
import { busMessageOf, domainEventFaults, isDomainEvent } from '../../../domain/webhooks/bus-event.js';
import type { DeliveryQueue } from '../../../functions/areas/webhooks/queue.js';
import { handleQueueMessage } from '../../../functions/areas/webhooks/worker.js';
import { logger } from '../../../functions/platform/observability/logger.js';

/** A product.created event as the outbox journals it and the bus carries it. */
const productCreated = () => ({
  id: 'evt_0123',
  event: 'product.created',
  occurredAt: '2026-11-26T08:00:00.000Z',
  orgId: 'org_1',
  data: { id: 'prd_1', sku: 'SKU-1', name: 'Flour' },
});

const envelope = (detail: unknown) => ({
  version: '0',
  id: 'eb-1',
  'detail-type': 'product.created',
  source: 'stockflow.api',
  detail,
});

describe('isDomainEvent and domainEventFaults', () => {
  it('accept an event as the outbox journals it, extra members included', () => {
    for (const event of [
      productCreated(),
      { ...productCreated(), event: 'batch.status_changed', data: { id: 'bat_1', status: 'QUARANTINED' } },
      { ...productCreated(), traceId: 'extra' },
    ]) {
      expect(domainEventFaults(event), JSON.stringify(event)).toEqual([]);
      expect(isDomainEvent(event)).toBe(true);
    }
  });

  it('refuse a detail that is not an object', () => {
    for (const detail of [undefined, null, 'product.created', 42, [productCreated()]]) {
      expect(domainEventFaults(detail), String(detail)).toEqual(['detail is not an object']);
      expect(isDomainEvent(detail)).toBe(false);
    }
  });

  it('refuse each member fan-out reads by name', () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ id: undefined }, ['detail.id is not a non-empty string']],
      [{ id: '' }, ['detail.id is not a non-empty string']],
      [{ event: 'product.deleted' }, ['detail.event is not an event type of the catalogue']],
      [{ event: undefined }, ['detail.event is not an event type of the catalogue']],
      [{ occurredAt: 'yesterday' }, ['detail.occurredAt is not a timestamp']],
      [{ occurredAt: 1_764_144_000_000 }, ['detail.occurredAt is not a timestamp']],
      [{ orgId: 7 }, ['detail.orgId is not a non-empty string']],
      [{ data: undefined }, ['detail.data is not an object', 'detail.data.id is not a non-empty string']],
      [{ data: ['prd_1'] }, ['detail.data is not an object', 'detail.data.id is not a non-empty string']],
      [{ data: { sku: 'SKU-1' } }, ['detail.data.id is not a non-empty string']],
      [{ data: { id: 12 } }, ['detail.data.id is not a non-empty string']],
      [
        { id: 1, orgId: '' },
        ['detail.id is not a non-empty string', 'detail.orgId is not a non-empty string'],
      ],
    ];
    for (const [change, faults] of cases) {
      const detail = { ...productCreated(), ...change };
      expect(domainEventFaults(detail), JSON.stringify(change)).toEqual(faults);
      expect(isDomainEvent(detail)).toBe(false);
    }
  });
});

describe('busMessageOf', () => {
  it('an envelope with a well-formed detail is an event, the detail unchanged', () => {
    expect(busMessageOf(envelope(productCreated()))).toEqual({ kind: 'event', event: productCreated() });
  });

  it('an envelope with a malformed or missing detail is refused, naming what is wrong', () => {
    expect(busMessageOf(envelope({ ...productCreated(), orgId: null }))).toEqual({
      kind: 'refused',
      detailType: 'product.created',
      faults: ['detail.orgId is not a non-empty string'],
    });
    const { detail: _, ...withoutDetail } = envelope(null);
    expect(busMessageOf(withoutDetail)).toEqual({
      kind: 'refused',
      detailType: 'product.created',
      faults: ['detail is not an object'],
    });
  });

  it('anything without a detail-type is not the bus’s', () => {
    for (const body of [{ kind: 'delivery', ref: {} }, productCreated(), null, 'text', []]) {
      expect(busMessageOf(body), JSON.stringify(body)).toEqual({ kind: 'other' });
    }
  });
});

describe('the delivery worker on a bus message', () => {
  afterEach(() => vi.restoreAllMocks());

  const recordingQueue = () => {
    const sent: unknown[] = [];
    const queue: DeliveryQueue = { send: async (messages) => void sent.push(...messages) };
    return { queue, sent };
  };

  it('logs and counts a malformed detail, then drops it: no throw, nothing enqueued', async () => {
    const errors = vi.spyOn(logger, 'error');
    const debug = vi.spyOn(logger, 'debug');
    const { queue, sent } = recordingQueue();
    const body = JSON.stringify(envelope({ ...productCreated(), data: { sku: 'SKU-1' } }));
    await expect(handleQueueMessage(body, queue)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    expect(errors).toHaveBeenCalledWith('event from the bus refused', {
      detailType: 'product.created',
      faults: ['detail.data.id is not a non-empty string'],
    });
    // Outside Lambda the metric goes to the debug log (functions/platform/observability/metrics.ts).
    expect(debug).toHaveBeenCalledWith('metrics', { dimensions: {}, metrics: { WebhookEventsRefused: 1 } });
  });

  it('fans out a well-formed event (an organisation without subscriptions: nothing to enqueue)', async () => {
    const errors = vi.spyOn(logger, 'error');
    const { queue, sent } = recordingQueue();
    const body = JSON.stringify(envelope({ ...productCreated(), orgId: `org_none_${Date.now()}` }));
    await expect(handleQueueMessage(body, queue)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('still throws on a message that is neither an event nor a delivery (SQS retries it, then parks it)', async () => {
    const { queue } = recordingQueue();
    await expect(handleQueueMessage(JSON.stringify({ hello: 'world' }), queue)).rejects.toThrow(
      'unrecognised message on the delivery queue',
    );
  });
});
