/**
 * Backfill of the organisation registry (functions/areas/organisations/store/registry.ts): organisations
 * created before it have no GSI1 entry, so the scheduled jobs would not see them. Part of `projection
 * backfill`; an operator's one-off pass like the slim rows' (a Scan, filtered to organisation items
 * without the entry; with --org that organisation's item alone), idempotent, and a no-op once every
 * organisation is listed.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { organisationKey } from '../../functions/areas/organisations/public.js';
import { registryEntry } from '../../functions/areas/organisations/store/registry.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { runBackfills, type ItemBackfill } from '../../functions/platform/dynamo/backfill-pass.js';

/** The organisation items without their registry entry, over the whole table, and how many got one. */
export function registryPart() {
  const result = { organisationsRegistered: 0 };
  const part: ItemBackfill = {
    filter: '#entity = :organisation AND SK = :organisationSk AND attribute_not_exists(GSI1PK)',
    names: { '#entity': 'entity' },
    values: { ':organisation': 'Organisation', ':organisationSk': 'ORG' },
    matches: (item) => item.entity === 'Organisation' && item.SK === 'ORG' && item.GSI1PK === undefined,
    apply: async (item) => {
      if (await register(item.id as string)) result.organisationsRegistered += 1;
    },
  };
  return { part, result };
}

export async function backfillOrganisationRegistry(
  options: { orgId?: string } = {},
): Promise<{ organisationsRegistered: number }> {
  if (options.orgId) return { organisationsRegistered: (await register(options.orgId)) ? 1 : 0 };
  const { part, result } = registryPart();
  await runBackfills([part]);
  return result;
}

/** Lists one organisation in the registry; false when it already is (or does not exist). */
async function register(orgId: string): Promise<boolean> {
  const entry = registryEntry(orgId);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: organisationKey(orgId),
        UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI1PK)',
        ExpressionAttributeValues: { ':pk': entry.GSI1PK, ':sk': entry.GSI1SK },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
