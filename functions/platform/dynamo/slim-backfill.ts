/**
 * Gives items written before their entity had a slim row (a table deployed before GSI5, or before an
 * entity joined the projection) their row, so projected lists see them: the table is scanned for items of
 * the projected entities without `slim`, and each gets the GSI5 attributes its store computes from it. The
 * write touches only those attributes and only while the item still has none, so an item rewritten by the
 * API meanwhile (which writes its own, fresher row) is left alone. Safe to run again: a second run finds
 * nothing to do. See docs/architecture.md, "Search and filtered lists" > Deploying.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runBackfills, type ItemBackfill } from './backfill-pass.js';
import { db } from './client.js';
import { tableName } from './table-definition.js';

/** An entity's slim attributes (GSI5PK, GSI5SK, slim) for one stored item, or null when it has none. */
export type SlimRebuilder = (orgId: string, item: Record<string, unknown>) => Record<string, unknown> | null;

/** The GSI5 attributes of a freshly built item, or null when the item carries no slim row. */
export const slimAttributesOf = (item: Record<string, unknown>): Record<string, unknown> | null =>
  item.slim ? { GSI5PK: item.GSI5PK, GSI5SK: item.GSI5SK, slim: item.slim } : null;

export interface SlimBackfillResult {
  /** Items of projected entities found without a slim row. */
  found: number;
  written: number;
  /** Items that need none (a stock item that never held stock, a lot still being received). */
  withoutRow: number;
  /** Items the API rewrote between the scan and the write (they have their own row now). */
  rewrittenMeanwhile: number;
}

/** The items of projected entities without a slim row (of `orgId`, or of every organisation). */
export function slimRowsPart(
  rebuilders: Readonly<Record<string, SlimRebuilder>>,
  options: { orgId?: string } = {},
) {
  const entities = Object.keys(rebuilders);
  const values: Record<string, unknown> = Object.fromEntries(entities.map((e, i) => [`:slimEntity${i}`, e]));
  const conditions = [
    'attribute_not_exists(slim)',
    `#entity IN (${entities.map((_, i) => `:slimEntity${i}`).join(', ')})`,
  ];
  if (options.orgId) {
    values[':slimOrg'] = options.orgId;
    conditions.push('orgId = :slimOrg');
  }
  const result: SlimBackfillResult = { found: 0, written: 0, withoutRow: 0, rewrittenMeanwhile: 0 };
  const part: ItemBackfill = {
    filter: conditions.join(' AND '),
    names: { '#entity': 'entity' },
    values,
    matches: (item) =>
      item.slim === undefined &&
      Object.hasOwn(rebuilders, item.entity as string) &&
      (!options.orgId || item.orgId === options.orgId),
    apply: async (item) => {
      result.found += 1;
      const attributes = rebuilders[item.entity as string]!(item.orgId as string, item);
      if (!attributes) {
        result.withoutRow += 1;
        return;
      }
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET GSI5PK = :pk, GSI5SK = :sk, slim = :slim',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(slim)',
            ExpressionAttributeValues: {
              ':pk': attributes.GSI5PK,
              ':sk': attributes.GSI5SK,
              ':slim': attributes.slim,
            },
          }),
        );
        result.written += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        result.rewrittenMeanwhile += 1;
      }
    },
  };
  return { part, result };
}

export async function backfillSlimRows(
  rebuilders: Readonly<Record<string, SlimRebuilder>>,
  options: { orgId?: string } = {},
): Promise<SlimBackfillResult> {
  const { part, result } = slimRowsPart(rebuilders, options);
  await runBackfills([part]);
  return result;
}
