/**
 * The credit-note entity: one item per note (header and at most 100 lines), every write conditioned on
 * its version.
 *   GSI1 creditDate (default sort, dates)   GSI2 updatedAt (the sync recipe)
 *   GSI3 status + creditDate                GSI4 customer + creditDate
 */
import {
  CREDIT_NOTE_RESOURCE,
  type CreditNote,
  type CreditNoteStatus,
} from '../../../../domain/credit-notes/credit-note.js';
import { notFound } from '../../../../domain/errors.js';
import { documentProjection } from '../../../platform/dynamo/document-projection.js';
import { entity } from '../../../platform/dynamo/entity.js';
import { keys, sortKey, type Key } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem } from '../../../platform/dynamo/transact.js';

export const CREDIT_NOTE_SEQUENCE = 'CREDIT_NOTE';

const CREDIT_NOTE_FIELDS = [
  'id',
  'creditNoteNumber',
  'status',
  'customerId',
  'customer',
  'invoice',
  'salesOrder',
  'returnStock',
  'warehouseId',
  'creditDate',
  'lines',
  'subtotal',
  'taxTotal',
  'totalAmount',
  'approvedAt',
  'voidedAt',
  'voidReason',
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof CreditNote)[];

const collection = (orgId: string) => `${keys.organisation(orgId).PK}#CREDIT_NOTE`;
export const creditNotePartitions = {
  all: collection,
  status: (orgId: string, status: CreditNoteStatus) => `${collection(orgId)}#STATUS#${status}`,
  customer: (orgId: string, customerId: string) => `${collection(orgId)}#CUSTOMER#${customerId}`,
};

export const creditNoteKey = (orgId: string, id: string): Key => ({
  PK: `${collection(orgId)}#${id}`,
  SK: 'CREDIT_NOTE',
});

// Lists search the note number and the customer's name, case-insensitively.
const searchTextOf = (note: CreditNote) => `${note.creditNoteNumber} ${note.customer.name}`.toLowerCase();

/**
 * The note's slim row (GSI5): what GET /credit-notes filters (status, customer, creditDate, updatedAt,
 * search) and sorts on (creditDate, createdAt, updatedAt). docs/architecture.md "Search and filtered lists".
 */
export const creditNoteProjection = documentProjection<CreditNote>({
  collection,
  key: creditNoteKey,
  row: (note) => ({
    id: note.id,
    s: note.status,
    p: note.customerId,
    d: note.creditDate,
    c: note.createdAt,
    u: note.updatedAt,
    t: searchTextOf(note),
  }),
  sorts: { creditDate: 'd', createdAt: 'c', updatedAt: 'u' },
});

export const creditNotes = entity<CreditNote>({
  name: 'CreditNote',
  fields: CREDIT_NOTE_FIELDS,
  key: (orgId, note) => creditNoteKey(orgId, note.id),
  indexes: (orgId, note) => ({
    GSI1PK: creditNotePartitions.all(orgId),
    GSI1SK: sortKey(note.creditDate, note.id),
    GSI2PK: creditNotePartitions.all(orgId),
    GSI2SK: sortKey(note.updatedAt, note.id),
    GSI3PK: creditNotePartitions.status(orgId, note.status),
    GSI3SK: sortKey(note.creditDate, note.id),
    GSI4PK: creditNotePartitions.customer(orgId, note.customerId),
    GSI4SK: sortKey(note.creditDate, note.id),
    searchText: searchTextOf(note),
    ...creditNoteProjection.attributes(orgId, note),
  }),
});

export const getCreditNote = (orgId: string, id: string): Promise<CreditNote | null> =>
  creditNotes.getByKey(creditNoteKey(orgId, id));

/** Puts a new note; the id is fresh, so only a duplicate id (never expected) fails. */
export function creditNoteCreateItem(orgId: string, note: CreditNote): GuardedItem {
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: creditNotes.toItem(orgId, note),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    () => 'retry',
  );
}

/** Replaces the note, conditioned on the version read: missing is 404, anything else a race to retry. */
export function creditNoteReplaceItem(
  orgId: string,
  next: CreditNote,
  read: Pick<CreditNote, 'version'>,
): GuardedItem {
  return guard(
    {
      Put: {
        TableName: tableName(),
        Item: creditNotes.toItem(orgId, next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': read.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => (old ? 'retry' : notFound(CREDIT_NOTE_RESOURCE)),
  );
}
