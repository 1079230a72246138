import type { CustomerState } from '../../../../domain/customers/customer.js';
import { codedIndexAttributes } from '../../../platform/dynamo/coded-collection.js';
import { allFields, entity } from '../../../platform/dynamo/entity.js';
import { tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { priceTierKey } from '../../pricing/public.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type TransactItem, type WriteItem } from '../../../platform/dynamo/transact.js';
import { conflict } from '../../../../domain/errors.js';
import { referenceError } from '../references.js';
import { slimAttributesOf, type SlimRebuilder } from '../../../platform/dynamo/slim-backfill.js';

/**
 * A customer as stored: its state (contacts and addresses embedded, oldest first: at most 50 of each, so
 * one item holds them and every child write is one version-conditioned put) plus how many subsidiaries
 * link to it, kept by the writes that link and unlink them.
 */
export interface CustomerRecord {
  state: CustomerState;
  subsidiaryCount: number;
}

/** What the customer item holds: the state's fields and the subsidiary count beside them. */
type StoredCustomer = CustomerState & { subsidiaryCount: number };

export const customerKey = (orgId: string, id: string): Key => ({
  PK: `${tenantPrefix(orgId)}#CUSTOMER#${id}`,
  SK: 'CUSTOMER',
});
export const customerCollection = (orgId: string) => `${tenantPrefix(orgId)}#CUSTOMER`;
const customerCodeGuardKey = (orgId: string, code: string): Key => ({
  PK: `${tenantPrefix(orgId)}#CUSTOMER_CODE#${code}`,
  SK: 'GUARD',
});
/** A customer's discount on one product, held in the customer's partition (pricing writes it). */
export const customerProductDiscountKey = (orgId: string, customerId: string, productId: string): Key => ({
  PK: `${tenantPrefix(orgId)}#CUSTOMER#${customerId}`,
  SK: `DISCOUNT#${productId}`,
});

export const customers = entity<CustomerRecord, StoredCustomer>({
  name: 'Customer',
  fields: allFields<StoredCustomer>()([
    'code',
    'name',
    'email',
    'phone',
    'address',
    'region',
    'suburb',
    'postcode',
    'location',
    'taxNumber',
    'notes',
    'currency',
    'priceTierId',
    'customerGroupId',
    'salesRepId',
    'parentCustomerId',
    'paymentTermsDays',
    'isHeadOffice',
    'creditLimit',
    'creditHold',
    'creditHoldReason',
    'discountPct',
    'taxExempt',
    'taxExemptReason',
    'id',
    'isActive',
    'contacts',
    'addresses',
    'version',
    'createdAt',
    'updatedAt',
    'subsidiaryCount',
  ]),
  absent: 'omit',
  defaults: { subsidiaryCount: 0 },
  stored: {
    flatten: (record) => ({ ...record.state, subsidiaryCount: record.subsidiaryCount }),
    unflatten: ({ subsidiaryCount, ...state }) => ({ state, subsidiaryCount }),
  },
  key: (orgId, record) => customerKey(orgId, record.state.id),
  indexes: (orgId, record) => codedIndexAttributes(customerCollection(orgId), record.state),
});

export const customerItem = customers.toItem;
export const customerFromItem = customers.fromItem;

export const getCustomer = (orgId: string, id: string): Promise<CustomerRecord | null> =>
  customers.getByKey(customerKey(orgId, id));

const codeGuardPut = (orgId: string, code: string, customerId: string): WriteItem =>
  guard(
    {
      Put: {
        TableName: tableName(),
        Item: { ...customerCodeGuardKey(orgId, code), entity: 'UniqueGuard', customerId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    () => conflict(`A customer with code '${code}' already exists`),
  );

/**
 * Links a customer to its head office (+1) or unlinks it (-1). Linking re-checks, atomically with the write,
 * that the parent is still an active head office without a parent of its own; the parent's version moves so
 * a racing un-mark of isHeadOffice re-reads the count.
 */
export function parentLink(orgId: string, parentId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: customerKey(orgId, parentId),
      UpdateExpression: 'SET version = version + :one ADD subsidiaryCount :delta',
      ConditionExpression:
        delta === 1
          ? 'isHeadOffice = :true AND isActive = :true AND attribute_type(parentCustomerId, :null)'
          : 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':one': 1,
        ':delta': delta,
        ...(delta === 1 ? { ':true': true, ':null': 'NULL' } : {}),
      },
    },
  };
}

/** Counts a tier's customers; linking re-checks that the tier is still active. */
export function tierLink(orgId: string, tierId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: priceTierKey(orgId, tierId),
      UpdateExpression: 'ADD customerCount :delta',
      ConditionExpression: delta === 1 ? 'isActive = :true' : 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':delta': delta, ...(delta === 1 ? { ':true': true } : {}) },
    },
  };
}

/** Links and unlinks the head office and price tier a write changes; a refused link is a 422 on its field. */
function linkItems(orgId: string, previous: CustomerState | null, next: CustomerState): WriteItem[] {
  const items: WriteItem[] = [];
  if (previous?.parentCustomerId !== next.parentCustomerId) {
    if (next.parentCustomerId) {
      items.push(
        guard(parentLink(orgId, next.parentCustomerId, 1), () => referenceError('parentCustomerId')),
      );
    }
    if (previous?.parentCustomerId) items.push(parentLink(orgId, previous.parentCustomerId, -1));
  }
  if (previous?.priceTierId !== next.priceTierId) {
    if (next.priceTierId) {
      items.push(guard(tierLink(orgId, next.priceTierId, 1), () => referenceError('priceTierId')));
    }
    if (previous?.priceTierId) items.push(tierLink(orgId, previous.priceTierId, -1));
  }
  return items;
}

export function customerCreateItems(orgId: string, state: CustomerState): WriteItem[] {
  return [
    customers.createItem(orgId, { state, subsidiaryCount: 0 }),
    codeGuardPut(orgId, state.code, state.id),
    ...linkItems(orgId, null, state),
  ];
}

/** Replaces a customer, conditioned on the version it was read at, moving its code guard and links. */
export function customerReplaceItems(
  orgId: string,
  previous: CustomerRecord,
  next: CustomerState,
): WriteItem[] {
  // Unguarded: a version that moved since the read is a lost race, re-read and decided again.
  const items: WriteItem[] = [
    customers.putAtVersionItem(
      orgId,
      { state: next, subsidiaryCount: previous.subsidiaryCount },
      previous.state.version,
    ),
  ];
  if (previous.state.code !== next.code) {
    items.push(codeGuardPut(orgId, next.code, next.id));
    items.push({
      Delete: {
        TableName: tableName(),
        Key: customerCodeGuardKey(orgId, previous.state.code),
        ConditionExpression: 'customerId = :id',
        ExpressionAttributeValues: { ':id': next.id },
      },
    });
  }
  return [...items, ...linkItems(orgId, previous.state, next)];
}

/** A stored customer's slim row, rebuilt from the item (the backfill of items older than the row). */
export const customerSlimRebuilder: SlimRebuilder = (orgId, item) =>
  slimAttributesOf(customers.toItem(orgId, customers.fromItem(item)));
