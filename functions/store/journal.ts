/**
 * What every write adds to its own transaction: outbox events (published from the stream later), the
 * audit entry, and (with the idempotency issue) the completed idempotency record. Writing them in the
 * same TransactWriteItems as the change means none can be lost, nor recorded for a change that did not
 * happen.
 */
import { createId } from '@paralleldrive/cuid2';
import type { DomainEvent, EventType } from '../../domain/events.js';
import type { AuthContext } from '../http/types.js';
import { keys } from './keys.js';
import { tableName } from './table-definition.js';
import type { TransactItem } from './transactions.js';

const OUTBOX_RETENTION_SECONDS = 7 * 24 * 3600;

export function outboxPut(event: DomainEvent): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.outbox(event.orgId, event.occurredAt, event.id),
        entity: 'OutboxEvent',
        ...event,
        published: false,
        ttl: Math.floor(Date.parse(event.occurredAt) / 1000) + OUTBOX_RETENTION_SECONDS,
      },
    },
  };
}

export const newEvent = (
  orgId: string,
  event: EventType,
  data: DomainEvent['data'],
  occurredAt: string,
): DomainEvent => ({ id: `evt_${createId()}`, event, occurredAt, orgId, data });

export interface AuditRecord {
  resourceType: string;
  resourceId: string;
  action: string;
  changedFields: string[];
  warnings?: string[];
}

export interface AuditEntry extends AuditRecord {
  id: string;
  at: string;
  requestId: string;
}

export function auditPut(auth: AuthContext, entry: AuditEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        PK: keys.auditCollection(auth.orgId),
        SK: `${entry.at}#${entry.id}`,
        entity: 'AuditEntry',
        orgId: auth.orgId,
        apiKeyId: auth.keyId,
        apiKeyName: auth.keyName,
        ...entry,
      },
    },
  };
}

export interface JournalEntry {
  events?: { event: EventType; data: DomainEvent['data'] }[];
  audit?: AuditRecord[];
}

/** Bound to one request: who is writing, under which request id, at what instant. */
export interface Journal {
  items(entry: JournalEntry): TransactItem[];
}

export function createJournal(context: { auth: AuthContext; requestId: string; now: Date }): Journal {
  const at = context.now.toISOString();
  return {
    items: (entry) => [
      ...(entry.events ?? []).map((e) => outboxPut(newEvent(context.auth.orgId, e.event, e.data, at))),
      ...(entry.audit ?? []).map((record) =>
        auditPut(context.auth, { ...record, id: createId(), at, requestId: context.requestId }),
      ),
    ],
  };
}
