/**
 * The single table, described once. The CDK stack and the local/test table creation both build from it.
 * Generic keys: PK/SK plus four generic GSIs whose meaning each entity assigns (functions/platform/dynamo/keys.ts
 * and each area's store/ folder).
 */
export const TABLE_DEFINITION = {
  defaultName: 'stockflow',
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
  ],
  ttlAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalIndexes)[number]['name'];

export const tableName = (): string => process.env.TABLE_NAME ?? TABLE_DEFINITION.defaultName;

/** Every GSI key attribute: index bookkeeping that no API representation shows. */
export const GSI_KEY_ATTRIBUTES: readonly string[] = TABLE_DEFINITION.globalIndexes.flatMap((i) => [
  i.partitionKey,
  i.sortKey,
]);
