/**
 * Organisation settings held on the organisation item (`O#<org>` / `ORG`). `creditLimitMode` decides
 * what confirming a sales order over the customer's credit limit does (design.md section 5): BLOCK
 * refuses (422), WARN (the default, also for organisations that never set it) confirms with an audit
 * warning.
 */
import { CREDIT_LIMIT_MODES, type CreditLimitMode } from '../../../../domain/sales-orders/confirm.js';
import { GetCommand, UpdateCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { keys } from '../../../platform/dynamo/keys.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

/** The organisation item: defined beside the tenant prefix, since the platform reads its limits too. */
export const organisationKey = keys.organisation;

export const DEFAULT_CREDIT_LIMIT_MODE: CreditLimitMode = 'WARN';

export const creditLimitModeOf = (item: Record<string, unknown> | undefined): CreditLimitMode =>
  (CREDIT_LIMIT_MODES as readonly unknown[]).includes(item?.creditLimitMode)
    ? (item!.creditLimitMode as CreditLimitMode)
    : DEFAULT_CREDIT_LIMIT_MODE;

export async function getCreditLimitMode(orgId: string): Promise<CreditLimitMode> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: organisationKey(orgId), ConsistentRead: true }),
  );
  return creditLimitModeOf(Item);
}

/** Sets the mode on an existing organisation (the caller checked it exists). */
export async function setCreditLimitMode(orgId: string, mode: CreditLimitMode): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organisationKey(orgId),
      UpdateExpression: 'SET creditLimitMode = :mode',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':mode': mode },
    }),
  );
}

/**
 * The update of the mode, for a write's own transaction (its audit entry beside it), conditioned on the
 * version read (0: an organisation created before versions), so a racing write makes it decide again.
 */
export const creditLimitModeUpdate = (orgId: string, mode: CreditLimitMode, read: number) => ({
  Update: {
    TableName: tableName(),
    Key: organisationKey(orgId),
    UpdateExpression: 'SET creditLimitMode = :mode, version = :next',
    ConditionExpression: `attribute_exists(PK) AND ${
      read === 0 ? 'attribute_not_exists(version)' : 'version = :read'
    }`,
    ExpressionAttributeValues: { ':mode': mode, ':next': read + 1, ...(read === 0 ? {} : { ':read': read }) },
  },
});
