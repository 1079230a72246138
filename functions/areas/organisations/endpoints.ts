/**
 * The organisation's own administration over the API (design.md section 7, beyond the spec): its keys,
 * audit log, settings and exchange rates, all in the `admin` scope family. What is the platform
 * operator's alone (`org create`, `org set-limits`, an organisation's first key) stays on the CLI.
 */
import { dateRange, declare, PAGE_PARAMS, type Declared } from '../../platform/catalogue/endpoint.js';

const KEY = 'API key';
const admin = { beyondSpec: true } as const;

export const ORGANISATION_ENDPOINTS = [
  declare({
    ...admin,
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/api-keys',
    summary: "List the organisation's API keys, revoked ones included (never a secret)",
    permission: 'keys.manage',
    response: 'ApiKeyList',
  }),
  declare({
    ...admin,
    operationId: 'createApiKey',
    method: 'POST',
    path: '/api-keys',
    summary:
      'Create a key within the calling key’s own scopes and permissions; the secret is returned once (a replay answers without it)',
    permission: 'keys.manage',
    body: 'ApiKeyCreate',
    response: 'ApiKeyCreated',
    idempotent: true,
  }),
  declare({
    ...admin,
    operationId: 'getCurrentApiKey',
    method: 'GET',
    path: '/api-keys/current',
    summary: 'The calling key: its scopes, permissions, expiry and preview',
    permission: null,
    keyOnly: 'always',
    response: 'ApiKey',
  }),
  declare({
    ...admin,
    operationId: 'rotateApiKey',
    method: 'POST',
    path: '/api-keys/{id}/rotate',
    resources: { id: KEY },
    summary:
      'Rotate a key: a new secret (returned once), the previous one working for graceHours; scopes and permissions never change',
    permission: 'keys.manage',
    keyOnly: 'own-id',
    body: 'ApiKeyRotate',
    bodyOptional: true,
    response: 'ApiKeyRotated',
    status: 200,
    idempotent: true,
    errors: [409, 422],
  }),
  declare({
    ...admin,
    operationId: 'revokeApiKey',
    method: 'DELETE',
    path: '/api-keys/{id}',
    resources: { id: KEY },
    summary: 'Revoke a key and every secret it has (within seconds); it stays listed with revokedAt',
    permission: 'keys.manage',
    keyOnly: 'own-id',
    response: 'ApiKeyRevoked',
    errors: [409],
  }),
  declare({
    ...admin,
    operationId: 'listAuditLog',
    method: 'GET',
    path: '/audit-log',
    summary: "The organisation's audit log, newest first: who changed what, with which key and request",
    permission: 'audit.view',
    response: 'AuditLog',
    query: [
      ...PAGE_PARAMS,
      {
        name: 'entityType',
        type: 'string',
        maxLength: 100,
        description: 'Only entries of this type (purchase_order, api_key).',
      },
      { name: 'entityId', type: 'string', maxLength: 100, description: 'Only entries of this entity.' },
      {
        name: 'action',
        type: 'string',
        maxLength: 100,
        description: 'Only entries of this action (create, rotate).',
      },
      { name: 'keyId', type: 'string', maxLength: 100, description: 'Only entries made with this API key.' },
      ...dateRange('at'),
    ],
  }),
  declare({
    ...admin,
    operationId: 'getOrganisation',
    method: 'GET',
    path: '/organisation',
    summary: 'The organisation: name, base currency, credit-limit mode, exchange rates and rate limits',
    permission: 'org.manage',
    response: 'OrganisationSettings',
    etag: true,
  }),
  declare({
    ...admin,
    operationId: 'updateOrganisation',
    method: 'PUT',
    path: '/organisation',
    summary:
      'Set the credit-limit mode (merge-patch; limits and currency are the operator’s and are ignored)',
    permission: 'org.manage',
    body: 'OrganisationUpdate',
    response: 'OrganisationSettings',
    etag: true,
  }),
  declare({
    ...admin,
    operationId: 'setExchangeRate',
    method: 'PUT',
    path: '/exchange-rates/{currency}',
    resources: { currency: 'Currency' },
    summary:
      'Set the rate of a foreign currency (base-currency units per one unit), as `org set-exchange-rate`',
    permission: 'org.manage',
    body: 'ExchangeRateSet',
    response: 'ExchangeRate',
    idempotent: true,
    errors: [422],
  }),
] as const satisfies readonly Declared[];
