/**
 * Fault tests: nothing is lost when EventBridge refuses entries, when the process dies between the outbox
 * write and the publish, or when SQS refuses messages. EventBridge and SQS are mocked (their clients only);
 * DynamoDB is the real DynamoDB Local.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventBridgeBus } from '../../functions/platform/events/eventbridge-bus.js';
import { handleStreamRecords } from '../../functions/platform/events/publisher.js';
import { sweepOutbox } from '../../functions/platform/events/sweeper.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { sqsDeliveryQueue } from '../../functions/areas/webhooks/sqs-queue.js';
import { handleQueueMessage } from '../../functions/areas/webhooks/worker.js';
import { listDeliveries } from '../../functions/areas/webhooks/store/delivery-list.js';
import { streamPoller } from '../../infra/local/stream-poller.js';
import { call, newTenant, type Tenant } from '../support/api.js';
import { outboxItems, outboxStreamRecords } from '../support/outbox.js';
import { startReceiver } from '../support/receiver.js';

const eventBridge = mockClient(EventBridgeClient);
const sqs = mockClient(SQSClient);
const fast = { attempts: 3, backoffMs: 1 };
const bus = eventBridgeBus(new EventBridgeClient({ region: 'local' }), 'test-bus');
const queue = sqsDeliveryQueue(new SQSClient({ region: 'local' }), 'https://sqs.local/queue');

/** The ids of every event entry sent to the mocked bus, in order (refused ones included). */
const sent = () =>
  eventBridge
    .commandCalls(PutEventsCommand)
    .flatMap((c) => c.args[0].input.Entries!.map((e) => JSON.parse(e.Detail!).id as string));

let t: Tenant;
beforeAll(async () => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = '1';
  t = await newTenant('Faults org');
});
afterAll(() => {
  delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
  eventBridge.restore();
  sqs.restore();
});
beforeEach(() => {
  eventBridge.reset();
  sqs.reset();
});

const pendingIndexed = (item: Record<string, any>) => typeof item.GSI1PK === 'string';

describe('publisher faults', () => {
  it('PutEvents partial failure (FailedEntryCount): the refused entry is retried, not dropped', async () => {
    const tenant = await newTenant('Partial failure org');
    await call('POST', '/products', { key: tenant.key, body: { sku: 'PF-1', name: 'Partial 1' } });
    const [item] = await outboxItems(tenant.orgId);
    const eventId = item!.events[0].id as string;
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({
        FailedEntryCount: 1,
        Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try later' }],
      })
      .resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'eb-1' }] });

    expect(await handleStreamRecords(await outboxStreamRecords(tenant.orgId), bus, fast)).toEqual({
      batchItemFailures: [],
    });
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls).toHaveLength(2);
    for (const c of calls) {
      expect(c.args[0].input.Entries).toEqual([
        {
          EventBusName: 'test-bus',
          Source: 'stockflow.api',
          DetailType: 'product.created',
          Detail: JSON.stringify(item!.events[0]),
          Time: new Date(item!.occurredAt),
        },
      ]);
    }
    expect(sent()).toEqual([eventId, eventId]);
    const [after] = await outboxItems(tenant.orgId);
    expect(after).toMatchObject({ published: true });
    expect(pendingIndexed(after!)).toBe(false);
  });

  it('a bus that keeps refusing: the record is reported failed, the item stays pending, the sweeper publishes it', async () => {
    const tenant = await newTenant('Bus outage org');
    await call('POST', '/products', { key: tenant.key, body: { sku: 'BO-1', name: 'Outage 1' } });
    eventBridge
      .on(PutEventsCommand)
      .resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'ThrottlingException' }] });
    const records = await outboxStreamRecords(tenant.orgId);
    expect(await handleStreamRecords(records, bus, fast)).toEqual({
      batchItemFailures: [{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber }],
    });
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(3);
    const [stuck] = await outboxItems(tenant.orgId);
    expect(stuck).toMatchObject({ published: false });
    expect(pendingIndexed(stuck!)).toBe(true);

    eventBridge.reset();
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'eb-2' }] });
    expect(await sweepOutbox(bus, { orgId: tenant.orgId, olderThanSeconds: 0, publish: fast })).toEqual({
      found: 1,
      published: 1,
      failed: 0,
    });
    expect(sent()).toEqual([stuck!.events[0].id]);
  });

  it('a crash between the outbox write and the publish: the sweeper recovers it after the threshold, once', async () => {
    const tenant = await newTenant('Crash org');
    // The write commits; the publisher never runs (the process "died").
    await call('POST', '/products', { key: tenant.key, body: { sku: 'CR-1', name: 'Crash 1' } });
    const [item] = await outboxItems(tenant.orgId);
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'eb-3' }] });

    // Younger than the threshold: left to the stream path.
    expect(await sweepOutbox(bus, { orgId: tenant.orgId, olderThanSeconds: 120 })).toMatchObject({
      found: 0,
    });
    const later = new Date(Date.parse(item!.occurredAt) + 121_000);
    expect(await sweepOutbox(bus, { orgId: tenant.orgId, now: later })).toEqual({
      found: 1,
      published: 1,
      failed: 0,
    });
    expect(sent()).toEqual([item!.events[0].id]);
    // A second sweep, and a late stream record, publish nothing more.
    expect(await sweepOutbox(bus, { orgId: tenant.orgId, now: later })).toMatchObject({ found: 0 });
    await handleStreamRecords(await outboxStreamRecords(tenant.orgId), bus, fast);
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(1);
  });
});

describe('delivery queue faults', () => {
  const envelope = (event: Record<string, unknown>) =>
    JSON.stringify({
      version: '0',
      id: 'eb',
      'detail-type': event.event,
      source: 'stockflow.api',
      detail: event,
    });

  it('SQS refuses the fan-out messages: the event message fails and is retried, deliveries are kept and delivered', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const hook = await call('POST', '/webhooks', {
        key: t.key,
        body: { url: receiver.url, events: ['*'] },
      });
      await call('POST', '/products', { key: t.key, body: { sku: 'SQ-1', name: 'Queue 1' } });
      const [item] = await outboxItems(t.orgId);
      const event = item!.events[0];

      sqs.on(SendMessageBatchCommand).rejects(new Error('SQS is down'));
      await expect(handleQueueMessage(envelope(event), queue)).rejects.toThrow('SQS is down');
      const saved = await listDeliveries(t.orgId, hook.body.id, undefined, { offset: 0, limit: 10 });
      expect(saved.items).toMatchObject([{ status: 'PENDING', attempts: 0, event: 'product.created' }]);

      // SQS redelivers the event message: the same delivery is found and enqueued this time.
      sqs.reset();
      sqs
        .on(SendMessageBatchCommand)
        .resolvesOnce({ Failed: [{ Id: '0', SenderFault: false, Code: 'InternalError' }] })
        .resolves({});
      await handleQueueMessage(envelope(event), queue);
      const sends = sqs.commandCalls(SendMessageBatchCommand);
      expect(sends).toHaveLength(2);
      expect(JSON.parse(sends[1]!.args[0].input.Entries![0]!.MessageBody!)).toEqual({
        kind: 'delivery',
        ref: {
          orgId: t.orgId,
          key: expect.objectContaining({ SK: expect.stringContaining(saved.items[0]!.id) }),
        },
      });
      expect((await listDeliveries(t.orgId, hook.body.id, undefined, { offset: 0, limit: 10 })).total).toBe(
        1,
      );

      // Even with every message lost, the dispatch pass finds the due delivery.
      expect(await dispatchDue({ orgId: t.orgId })).toMatchObject({ due: 1, delivered: 1 });
      expect(receiver.received.map((r) => r.headers['x-service-delivery-id'])).toEqual([saved.items[0]!.id]);
    } finally {
      await receiver.close();
    }
  });

  it('after a failed attempt the next hop is enqueued with the schedule delay; a redelivered message before it is due only hops', async () => {
    const tenant = await newTenant('Hops org');
    const receiver = await startReceiver(() => 500);
    delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    try {
      const hook = await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: receiver.url, events: ['*'] },
      });
      await call('POST', `/webhooks/${hook.body.id}/ping`, { key: tenant.key });
      const [delivery] = (
        await listDeliveries(tenant.orgId, hook.body.id, undefined, { offset: 0, limit: 1 })
      ).items;
      const { deliveryRef } = await import('../../functions/areas/webhooks/store/deliveries.js');
      const message = JSON.stringify({ kind: 'delivery', ref: deliveryRef(tenant.orgId, delivery!) });
      sqs.on(SendMessageBatchCommand).resolves({});

      await handleQueueMessage(message, queue);
      expect(receiver.received).toHaveLength(1);
      const first = sqs.commandCalls(SendMessageBatchCommand)[0]!.args[0].input.Entries![0]!;
      expect(first.DelaySeconds).toBeGreaterThanOrEqual(59);
      expect(first.DelaySeconds).toBeLessThanOrEqual(60);

      // The same message again (SQS at-least-once) before it is due: no POST, just another hop.
      await handleQueueMessage(message, queue);
      expect(receiver.received).toHaveLength(1);
      expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});

describe('the local stream poller', () => {
  it("reads the outbox insert of a write from DynamoDB Local's stream", async () => {
    const poller = await streamPoller();
    try {
      const tenant = await newTenant('Stream org');
      await call('POST', '/products', { key: tenant.key, body: { sku: 'ST-1', name: 'Streamed' } });
      const mine = [];
      for (let i = 0; i < 10 && mine.length === 0; i += 1) {
        const records = await poller.poll();
        mine.push(...records.filter((r) => r.dynamodb?.Keys?.PK?.S === `O#${tenant.orgId}#OUTBOX`));
        if (mine.length === 0) await new Promise((r) => setTimeout(r, 200));
      }
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        eventName: 'INSERT',
        dynamodb: { NewImage: { entity: { S: 'Outbox' } } },
      });
    } finally {
      poller.close();
    }
  });
});
