import { newId } from '../../../platform/ids.js';
import { countsFromCreation } from '../../../platform/dynamo/bounded-range.js';
import { GetCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { BackOfficeError } from '../../../platform/back-office/actor.js';
import { CURRENCIES } from '../../../../domain/currency.js';
import { CREDIT_LIMIT_MODES, type CreditLimitMode } from '../../../../domain/sales-orders/confirm.js';
import { creditLimitModeOf, DEFAULT_CREDIT_LIMIT_MODE, organisationKey } from '../store/settings.js';
import { registryEntry } from '../store/registry.js';
import { setCreditLimitMode } from '../steps/organisation.js';

export interface Organisation {
  id: string;
  name: string;
  baseCurrency: string;
  creditLimitMode: CreditLimitMode;
  createdAt: string;
}

export async function createOrganisation(input: { name: string; currency?: string }): Promise<Organisation> {
  const currency = input.currency ?? 'NZD';
  if (!(CURRENCIES as readonly string[]).includes(currency)) {
    throw new BackOfficeError(`currency must be one of ${CURRENCIES.join(', ')}`);
  }
  const org: Organisation = {
    id: newId(),
    name: input.name,
    baseCurrency: currency,
    creditLimitMode: DEFAULT_CREDIT_LIMIT_MODE,
    createdAt: new Date().toISOString(),
  };
  // With the counts its lists take their totals from, which start complete (bounded-range.ts).
  await transact([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...organisationKey(org.id),
          ...registryEntry(org.id),
          entity: 'Organisation',
          ...org,
          version: 1,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...countsFromCreation(org.id),
  ]);
  return org;
}

/** The organisation and the version of what its tenant sets (GET /organisation's ETag). */
export interface VersionedOrganisation {
  organisation: Organisation;
  version: number;
}

/** The organisation as it is now; one created before versions is at version 0. */
export async function readOrganisation(orgId: string): Promise<VersionedOrganisation> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: organisationKey(orgId), ConsistentRead: true }),
  );
  if (!Item) throw new BackOfficeError(`organisation ${orgId} not found`);
  return {
    organisation: {
      id: Item.id,
      name: Item.name,
      baseCurrency: Item.baseCurrency,
      creditLimitMode: creditLimitModeOf(Item),
      createdAt: Item.createdAt,
    },
    version: typeof Item.version === 'number' ? Item.version : 0,
  };
}

export const requireOrganisation = async (orgId: string): Promise<Organisation> =>
  (await readOrganisation(orgId)).organisation;

const isCreditLimitMode = (mode: string): mode is CreditLimitMode =>
  (CREDIT_LIMIT_MODES as readonly string[]).includes(mode);

/**
 * `org set-credit-mode`: the same step as `PUT /organisation` (steps/organisation.ts). The step's read of
 * the organisation refuses an unknown `--org`, and it returns the organisation as its write left it, so the
 * command prints that without reading it again.
 */
export async function setOrganisationCreditMode(orgId: string, mode: string): Promise<Organisation> {
  if (!isCreditLimitMode(mode)) {
    throw new BackOfficeError(`mode must be one of ${CREDIT_LIMIT_MODES.join(', ')}`);
  }
  return (await setCreditLimitMode(orgId, mode)).organisation;
}
