/**
 * The organisation registry: the organisation item (`O#<org>` / `ORG`) carries GSI1 under one global
 * partition, `ORGANISATIONS`, sorted by id, so the scheduled jobs (functions/jobs) can walk every tenant
 * by key, a page at a time, with no Scan. Like the work-queue shards it is a partition that does not
 * start with an organisation: it holds ids only and no API request reads it. Organisations created before
 * the registry get their entry from `projection backfill` (infra/admin/organisation-registry.ts).
 */
import { db } from '../../../platform/dynamo/client.js';
import { QueryCommand } from '../../../platform/dynamo/commands.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

export const ORGANISATION_REGISTRY = 'ORGANISATIONS';

/** The index attributes that list an organisation in the registry. */
export const registryEntry = (orgId: string) => ({ GSI1PK: ORGANISATION_REGISTRY, GSI1SK: orgId });

/** One page of organisation ids in id order, after `after` (exclusive); `next` is absent on the last page. */
export async function organisationIdsPage(
  after: string | undefined,
  limit: number,
): Promise<{ ids: string[]; next?: string }> {
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: after ? 'GSI1PK = :pk AND GSI1SK > :after' : 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': ORGANISATION_REGISTRY, ...(after ? { ':after': after } : {}) },
      ProjectionExpression: 'GSI1SK',
      Limit: limit,
    }),
  );
  const ids = Items.map((item) => item.GSI1SK as string);
  return { ids, ...(LastEvaluatedKey && ids.length > 0 ? { next: ids[ids.length - 1] } : {}) };
}
