/**
 * Items every write adds to its own transaction: the outbox event (published from the stream later) and
 * the audit entry. Writing them in the same TransactWriteItems as the change means neither can be lost
 * nor recorded for a change that did not happen.
 */
import type { DomainEvent } from '../../domain/events.js';
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
        ...keys.outbox(event.orgId, event.id),
        entity: 'OutboxEvent',
        ...event,
        published: false,
        ttl: Math.floor(Date.parse(event.occurredAt) / 1000) + OUTBOX_RETENTION_SECONDS,
      },
    },
  };
}

export interface AuditEntry {
  id: string;
  at: string;
  requestId: string;
  resourceType: string;
  resourceId: string;
  action: 'create' | 'update' | 'delete' | string;
  changedFields: string[];
  warnings?: string[];
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
