/**
 * The single table, described once. The CDK stack and the local/test table creation both build from it.
 * Generic keys: PK/SK plus five generic GSIs (all attributes) whose meaning each entity assigns (functions/platform/dynamo/keys.ts
 * and each area's store/ folder: GSI1-4, and GSI6, added in session 41), and GSI5, the slim projection of
 * list fields (INCLUDE `slim`).
 */
import { config } from '../config.js';
export const TABLE_DEFINITION = {
  defaultName: 'stockflow',
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: 'ALL' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK', projection: 'ALL' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: 'ALL' },
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK', projection: 'ALL' },
    /**
     * The slim projection (functions/platform/dynamo/slim-projection.ts): per collection, each row's
     * `slim` map (its search and filter fields and sort keys) in the order it was last written, so a
     * container loads a collection's list fields at a fraction of the items' size and keeps them fresh
     * by reading only what was written since. Serial numbers, which have no slim row, use it as a
     * keys-only index of the organisation's units per status (inventory's store/serial-numbers.ts).
     */
    { name: 'GSI5', partitionKey: 'GSI5PK', sortKey: 'GSI5SK', projection: ['slim'] },
    /** Added after the others: a table created before it gets it from ensureTable (locally) or the stack. */
    { name: 'GSI6', partitionKey: 'GSI6PK', sortKey: 'GSI6SK', projection: 'ALL' },
  ],
  ttlAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalIndexes)[number]['name'];

export const tableName = (): string => config.tableName ?? TABLE_DEFINITION.defaultName;

/** Every GSI key attribute: index bookkeeping that no API representation shows. */
export const GSI_KEY_ATTRIBUTES: readonly string[] = [
  ...TABLE_DEFINITION.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  // The slim projection's row (see GSI5): index bookkeeping like the keys.
  'slim',
];
