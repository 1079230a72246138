/**
 * The organisation's administration over the API (design.md section 7): each operation runs the step the
 * CLI runs, with the request's WriteContext and, for keys, the acting key as the bound of what it may
 * grant or touch (no escalation).
 */
import { notFound } from '../../../domain/errors.js';
import { pageOf } from '../../../domain/listing/pagination.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { OperationOf } from '../../platform/http/types.js';
import { pageAudit } from '../../platform/journal/audit.js';
import { requestContext } from '../../platform/journal/write-context.js';
import type { ORGANISATION_ENDPOINTS } from './endpoints.js';
import { createApiKey, currentApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './steps/api-keys.js';
import {
  CURRENCY_CODE,
  organisationSettings,
  setCreditLimitMode,
  setExchangeRate,
} from './steps/organisation.js';

type Op<Id extends (typeof ORGANISATION_ENDPOINTS)[number]['operationId']> = OperationOf<
  typeof ORGANISATION_ENDPOINTS,
  Id
>;

const listApiKeysOp: Op<'listApiKeys'> = async ({ auth }) => ({
  body: await listApiKeys(auth.orgId, { organisationKnown: true }),
});

const createApiKeyOp: Op<'createApiKey'> = async ({ auth, body, now, journal }) => ({
  status: 201,
  body: await createApiKey(
    {
      orgId: auth.orgId,
      name: body.name,
      scopes: body.scopes,
      permissions: body.permissions,
      expiresAt: body.expiresAt,
    },
    requestContext({ now, journal }),
    auth,
  ),
});

const getCurrentApiKeyOp: Op<'getCurrentApiKey'> = async ({ auth }) => ({
  body: await currentApiKey(auth.orgId, auth.keyId),
});

const rotateApiKeyOp: Op<'rotateApiKey'> = async ({ auth, params, body, now, journal }) => ({
  status: 200,
  body: await rotateApiKey(
    { orgId: auth.orgId, keyId: params.id, graceHours: body.graceHours },
    requestContext({ now, journal }),
    auth,
  ),
});

const revokeApiKeyOp: Op<'revokeApiKey'> = async ({ auth, params, now, journal }) => {
  const revoked = await revokeApiKey(
    { orgId: auth.orgId, keyId: params.id },
    requestContext({ now, journal }),
    auth,
  );
  return { body: { id: revoked.id, revoked: true } };
};

const listAuditLogOp: Op<'listAuditLog'> = async ({ auth, query }) => {
  const window = pageOf(query);
  const { entries, hasMore } = await pageAudit(
    auth.orgId,
    {
      entityType: query.entityType,
      entityId: query.entityId,
      action: query.action,
      keyId: query.keyId,
      dateFrom: query.dateFrom,
      dateTo: query.dateTo,
    },
    window,
  );
  return { body: { data: entries, pagination: { page: window.page, pageSize: window.pageSize, hasMore } } };
};

const getOrganisationOp: Op<'getOrganisation'> = async ({ auth }) => organisationSettings(auth.orgId);

const updateOrganisationOp: Op<'updateOrganisation'> = async (input) => {
  const { auth, body } = input;
  const written = await setCreditLimitMode(
    auth.orgId,
    body.creditLimitMode,
    requestContext(input),
    input.preconditions,
  );
  return organisationSettings(auth.orgId, written);
};

const setExchangeRateOp: Op<'setExchangeRate'> = async ({ auth, params, body, now, journal }) => {
  // A path segment that cannot be a currency code reads like an unknown path id (design.md).
  if (!CURRENCY_CODE.test(params.currency)) throw notFound('Currency');
  return {
    body: await setExchangeRate(auth.orgId, params.currency, body.rate, requestContext({ now, journal })),
  };
};

export const organisationOperations = operationsFor<typeof ORGANISATION_ENDPOINTS>({
  listApiKeys: listApiKeysOp,
  createApiKey: createApiKeyOp,
  getCurrentApiKey: getCurrentApiKeyOp,
  rotateApiKey: rotateApiKeyOp,
  revokeApiKey: revokeApiKeyOp,
  listAuditLog: listAuditLogOp,
  getOrganisation: getOrganisationOp,
  updateOrganisation: updateOrganisationOp,
  setExchangeRate: setExchangeRateOp,
});
