/**
 * A stored record type described once: its key, its item mapping and the reads and writes every entity
 * needs. An area's store module declares its entities with this and adds only what is particular to them
 * (guard items, counters, list queries), so no other module builds that entity's keys or reads its raw
 * attributes (DeBrie's single-table entities: the entity owns pk/sk and toItem/fromItem).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch-get.js';
import { db } from './client.js';
import type { Key } from './keys.js';
import { queryAll } from './query-window.js';
import { tableName } from './table-definition.js';
import type { TransactItem } from './transact.js';
import { slimAttributesOf, type SlimRebuilder } from './slim-backfill.js';

/** S: the fields stored on the item, the record's own unless `stored` maps a record that wraps them. */
export interface EntityDefinition<T, S = T> {
  /** The `entity` attribute written on every item (what stream consumers and audits see). */
  name: string;
  /** The record's own fields, in order: fromItem keeps exactly these (absent ones read as null). */
  fields: readonly (keyof S & string)[];
  /**
   * How fromItem reads a field the item lacks (one written before the field existed): null (the default),
   * left out of the record ('omit'), or the value given here for it.
   */
  absent?: 'omit';
  defaults?: Partial<S>;
  /** A record that is not its stored fields as they are (a state plus bookkeeping beside it). */
  stored?: { flatten: (record: T) => S; unflatten: (fields: S) => T };
  key: (orgId: string, record: Pick<T, keyof T & string>) => Key;
  /**
   * Index attributes (GSIxPK/GSIxSK) and other derived attributes (a search text, a list of referenced
   * ids that a FilterExpression reads) computed from the record, written with it.
   */
  indexes?: (orgId: string, record: T) => Record<string, unknown>;
  /**
   * false: the item carries no `orgId` attribute (a record stored in its parent's partition, such as a
   * supplier's locations and price rows, written so before it was an entity).
   */
  orgIdAttribute?: false;
}

export interface Entity<T> {
  readonly name: string;
  toItem(orgId: string, record: T): Record<string, unknown>;
  fromItem(item: Record<string, unknown>): T;
  /** A create: fails its condition when an item with the key already exists. */
  createItem(orgId: string, record: T): TransactItem;
  /** A replace of the item as read at `version` (a moved version is a lost race, read again). */
  putAtVersionItem(orgId: string, record: T, version: number): TransactItem;
  create(orgId: string, record: T): Promise<void>;
  getByKey(key: Key): Promise<T | null>;
  /** With `budget`, a list request's reads by key: metered, refused past its bytes (batch-get.ts). */
  batchGetByKeys(keys: Key[], options?: { budget?: number }): Promise<Map<string, T>>;
}

/**
 * Every field of T, checked when compiled: a field added to the record type and not listed here fails the
 * build, so fromItem cannot silently drop it. `allFields<Batch>()(['id', ...])`.
 */
export const allFields =
  <T>() =>
  <const F extends readonly (keyof T & string)[]>(
    fields: F &
      ([Exclude<keyof T, F[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, F[number]> }),
  ): F =>
    fields;

export function entity<T, S = T>(definition: EntityDefinition<T, S>): Entity<T> {
  const flatten = definition.stored?.flatten ?? ((record: T) => record as unknown as S);
  const unflatten = definition.stored?.unflatten ?? ((fields: S) => fields as unknown as T);
  const toItem = (orgId: string, record: T): Record<string, unknown> => ({
    ...definition.key(orgId, record),
    entity: definition.name,
    ...(definition.orgIdAttribute === false ? {} : { orgId }),
    ...flatten(record),
    ...definition.indexes?.(orgId, record),
  });
  const defaults: Partial<Record<string, unknown>> = definition.defaults ?? {};
  const fields = definition.fields;
  const omitAbsent = definition.absent === 'omit';
  // A plain loop: every list page maps each of its items through here, and Object.fromEntries over
  // per-field pairs cost 4-7x as much (1-2 ms of CPU for a 50-row page; docs/benchmarks.md, session 35).
  const fromItem = (item: Record<string, unknown>): T => {
    const record: Record<string, unknown> = {};
    for (const f of fields) {
      if (omitAbsent) {
        const value = item[f] === undefined ? defaults[f] : item[f];
        if (value !== undefined) record[f] = value;
      } else record[f] = item[f] ?? defaults[f] ?? null;
    }
    return unflatten(record as S);
  };
  const createItem = (orgId: string, record: T): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: toItem(orgId, record),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });
  return {
    name: definition.name,
    toItem,
    fromItem,
    createItem,
    putAtVersionItem: (orgId, record, version) => ({
      Put: {
        TableName: tableName(),
        Item: toItem(orgId, record),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': version },
      },
    }),
    create: async (orgId, record) => {
      await db().send(new PutCommand(createItem(orgId, record).Put!));
    },
    getByKey: async (key) => {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
      );
      return Item ? fromItem(Item) : null;
    },
    batchGetByKeys: async (keys, options) => {
      const found = await batchGet(keys, options);
      return new Map([...found].map(([id, item]) => [id, fromItem(item)]));
    },
  };
}

/**
 * An entity whose records all live in one small partition per organisation (reference data, customer
 * groups, sales reps): keyed by id under the collection, and listed by reading the partition whole.
 */
export function smallCollection<T extends { id: string }>(
  definition: Pick<EntityDefinition<T>, 'name' | 'fields' | 'defaults'> & {
    collection: (orgId: string) => string;
  },
): Entity<T> & { key: (orgId: string, id: string) => Key; list: (orgId: string) => Promise<T[]> } {
  const key = (orgId: string, id: string): Key => ({ PK: definition.collection(orgId), SK: id });
  const base = entity<T>({ ...definition, key: (orgId, record) => key(orgId, record.id) });
  return {
    ...base,
    key,
    list: async (orgId) => {
      const items = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': definition.collection(orgId) },
      });
      return items.map(base.fromItem);
    },
  };
}

/** An entity's slim row for a stored item, rebuilt through its own mapping (the slim backfill). */
export const entitySlimRebuilder =
  <T>(e: Entity<T>): SlimRebuilder =>
  (orgId, item) =>
    slimAttributesOf(e.toItem(orgId, e.fromItem(item)));
