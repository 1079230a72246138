/**
 * What every write adds to its own transaction: one outbox item holding the write's events (published
 * from the stream later), its audit entries, and the completed idempotency record. Writing them in the
 * same TransactWriteItems as the change means none can be lost, nor recorded for a change that did not
 * happen. All events of a write share one outbox item so a write with many events (a 50-line stock
 * adjustment) stays inside the 100-item transaction limit.
 */
import { newId } from '../ids.js';
import type { DomainEvent, Event, EventType } from '../../../domain/events.js';
import { EVENT_RETENTION_DAYS } from '../../../domain/webhooks/event-feed.js';
import type { AuthContext } from '../access/auth-context.js';
import { completionPut } from './idempotency.js';
import { outboxPendingKey, workShard, type Key } from '../dynamo/keys.js';
import { auditCollection, auditIndexKeys } from './audit-keys.js';
import { outboxKey } from './outbox.js';
import { tableName } from '../dynamo/table-definition.js';
import { holdUntil, type TransactItem } from '../dynamo/transact.js';

// Kept 30 days (not just until published): GET /events serves them for integrators catching up.
const OUTBOX_RETENTION_SECONDS = EVENT_RETENTION_DAYS * 24 * 3600;

/**
 * One outbox item per write; its SK orders an organisation's outbox by time. Until the publisher marks it
 * published it also sits in the sparse pending index (GSI1), where the sweeper finds it if the stream
 * path failed.
 */
export function outboxPut(events: DomainEvent[]): TransactItem {
  const first = events[0]!;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...outboxKey(first.orgId, first.occurredAt, first.id),
        entity: 'Outbox',
        orgId: first.orgId,
        occurredAt: first.occurredAt,
        events,
        published: false,
        GSI1PK: outboxPendingKey(workShard(first.orgId)),
        GSI1SK: `${first.occurredAt}#${first.orgId}#${first.id}`,
        ttl: Math.floor(Date.parse(first.occurredAt) / 1000) + OUTBOX_RETENTION_SECONDS,
      },
    },
  };
}

export const newEvent = (
  orgId: string,
  event: EventType,
  data: DomainEvent['data'],
  occurredAt: string,
): DomainEvent => ({ id: `evt_${newId()}`, event, occurredAt, orgId, data });

export interface AuditRecord {
  resourceType: string;
  resourceId: string;
  action: string;
  changedFields: string[];
  warnings?: string[];
  /** Why the change was made, where the spec keeps it in the audit log only (a purchase-order cancel). */
  reason?: string;
}

export interface AuditEntry extends AuditRecord {
  id: string;
  at: string;
  requestId: string;
}

export function auditPut(auth: AuthContext, entry: AuditEntry): TransactItem {
  const sortKey = `${entry.at}#${entry.id}`;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        PK: auditCollection(auth.orgId),
        SK: sortKey,
        ...auditIndexKeys(auth.orgId, { ...entry, apiKeyId: auth.keyId }, sortKey),
        entity: 'AuditEntry',
        orgId: auth.orgId,
        apiKeyId: auth.keyId,
        apiKeyName: auth.keyName,
        ...(auth.operator ? { operator: auth.operator } : {}),
        ...entry,
      },
    },
  };
}

export interface JournalEntry {
  /** Made by the aggregates' builders (domain/<aggregate>/events.ts), so each type has one shape. */
  events?: Event[];
  audit?: AuditRecord[];
  /**
   * The response the write will return. Where the request carries an Idempotency-Key, the completed
   * idempotency record is committed with the write from it, so a retry after a crash replays rather than
   * applying the write twice.
   */
  response?: { status: number; body: unknown };
}

/** Bound to one request: who is writing, under which request id, at what instant. */
export interface Journal {
  items(entry: JournalEntry): TransactItem[];
  /** The response body (JSON) last put into a transaction as the completed idempotency record. */
  readonly committedResponse: string | undefined;
}

export function createJournal(context: {
  auth: AuthContext;
  requestId: string;
  now: Date;
  idempotency?: { key: Key; token: string };
  /**
   * Where the key's claim was sent beside the operation's first reads: resolves once it is held, rejects
   * when it was refused. The transaction completing the record is not sent before it resolves.
   */
  claimed?: () => Promise<void>;
}): Journal {
  const at = context.now.toISOString();
  let committedResponse: string | undefined;
  const completion = (response: JournalEntry['response']): TransactItem[] => {
    if (!context.idempotency || !response) return [];
    committedResponse = JSON.stringify(response.body);
    const item = completionPut(
      context.idempotency,
      { status: response.status, body: committedResponse },
      context.now,
    );
    return [context.claimed ? holdUntil(item, context.claimed) : item];
  };
  return {
    get committedResponse() {
      return committedResponse;
    },
    items: (entry) => [
      ...completion(entry.response),
      ...(entry.events?.length
        ? [outboxPut(entry.events.map((e) => newEvent(context.auth.orgId, e.event, e.data, at)))]
        : []),
      ...(entry.audit ?? []).map((record) =>
        auditPut(context.auth, { ...record, id: newId(), at, requestId: context.requestId }),
      ),
    ],
  };
}
