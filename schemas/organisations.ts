/** The organisation's own settings, its API keys and audit log over the API (design.md section 7). */
import { FAMILIES } from '../domain/auth/families.js';
import { PERMISSIONS } from '../domain/auth/permissions.js';
import type { Scope } from '../domain/auth/scopes.js';
import { CURRENCIES } from '../domain/currency.js';
import { CREDIT_LIMIT_MODES } from '../domain/sales-orders/confirm.js';
import { nullable, requiredObject, str, text, timestamp } from './common.js';

const SCOPES: Scope[] = ['read', 'write', ...FAMILIES.flatMap((f) => [`${f}:read`, `${f}:write`] as const)];
const scopes = {
  type: 'array',
  minItems: 1,
  maxItems: SCOPES.length,
  uniqueItems: true,
  items: { enum: SCOPES },
} as const;
const permissions = {
  anyOf: [
    { const: 'all' },
    { type: 'array', maxItems: PERMISSIONS.length, uniqueItems: true, items: { enum: [...PERMISSIONS] } },
  ],
} as const;

export const ApiKeyCreate = {
  $id: 'ApiKeyCreate',
  type: 'object',
  required: ['name', 'scopes'],
  properties: {
    name: text(100, 1),
    scopes,
    permissions: {
      ...permissions,
      description:
        "'all' or a list; left out, the calling key's own (a key never grants more than it holds).",
    },
    expiresAt: nullable(timestamp),
  },
} as const;

/** Rotation takes the grace window only; scopes and permissions never change (other keys are ignored). */
export const ApiKeyRotate = {
  $id: 'ApiKeyRotate',
  type: 'object',
  properties: {
    graceHours: {
      type: 'number',
      minimum: 0,
      maximum: 8760,
      description: 'How long the previous secret keeps working (default 24 hours, at most a year).',
    },
  },
} as const;

const keyFields = {
  id: str,
  name: str,
  // The enums, so a typed client knows the names a key can hold (console/client/schema.d.ts).
  scopes: { type: 'array', items: { type: 'string', enum: SCOPES } },
  permissions: {
    anyOf: [{ const: 'all' }, { type: 'array', items: { type: 'string', enum: [...PERMISSIONS] } }],
  },
  expiresAt: nullable(timestamp),
  revokedAt: nullable(timestamp),
  createdAt: timestamp,
  rotatedAt: nullable(timestamp),
  keyPreview: { type: 'string', description: 'The first characters of the current secret.' },
} as const;

export const ApiKey = { $id: 'ApiKey', ...requiredObject(keyFields) } as const;

export const ApiKeyList = {
  $id: 'ApiKeyList',
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { $ref: 'ApiKey' } } },
} as const;

const secret = {
  type: 'string',
  description: 'The secret. In this response only: a replay of the same Idempotency-Key answers without it.',
} as const;

export const ApiKeyCreated = {
  $id: 'ApiKeyCreated',
  type: 'object',
  required: [...Object.keys(keyFields)],
  properties: { ...keyFields, key: secret },
} as const;

export const ApiKeyRotated = {
  $id: 'ApiKeyRotated',
  type: 'object',
  required: [...Object.keys(keyFields), 'previousValidUntil'],
  properties: {
    ...keyFields,
    key: secret,
    previousValidUntil: { ...timestamp, description: 'The previous secret works until then.' },
  },
} as const;

export const ApiKeyRevoked = {
  $id: 'ApiKeyRevoked',
  type: 'object',
  required: ['id', 'revoked'],
  properties: { id: str, revoked: { const: true } },
} as const;

/** What every audit entry carries. */
const auditEntryFields = requiredObject({
  id: str,
  at: timestamp,
  action: str,
  entityType: str,
  entityId: str,
  keyId: { type: 'string', description: "The acting API key's id, or back-office for the operator's CLI." },
  requestId: str,
  changes: { type: 'array', items: str, description: 'The fields the action changed.' },
});

export const AuditEntry = {
  $id: 'AuditEntry',
  ...auditEntryFields,
  properties: {
    ...auditEntryFields.properties,
    operator: {
      description:
        "Beyond the spec (issue 28), on entries the operator's CLI wrote: who ran the command. `id` is the caller's AWS principal ARN, the `--operator` name, or the local OS account (`os:<user>`); `name` is an `--operator` name given beside an AWS principal.",
      type: 'object',
      required: ['id', 'source'],
      properties: {
        id: str,
        source: { type: 'string', enum: ['aws-principal', 'flag', 'os-user'] },
        name: str,
      },
    },
  },
} as const;

export const AuditLog = {
  $id: 'AuditLog',
  type: 'object',
  required: ['data', 'pagination'],
  properties: {
    data: { type: 'array', items: { $ref: 'AuditEntry' } },
    pagination: {
      description: 'No total: counting would read the whole log; hasMore says whether a next page exists.',
      ...requiredObject({
        page: { type: 'integer' },
        pageSize: { type: 'integer' },
        hasMore: { type: 'boolean' },
      }),
    },
  },
} as const;

export const OrganisationSettings = {
  $id: 'OrganisationSettings',
  ...requiredObject({
    id: str,
    name: str,
    baseCurrency: { enum: [...CURRENCIES] },
    creditLimitMode: { enum: [...CREDIT_LIMIT_MODES] },
    exchangeRates: {
      type: 'array',
      items: requiredObject({ currency: str, rate: { type: 'number' }, updatedAt: timestamp }),
    },
    rateLimits: requiredObject({ perKey: { type: 'integer' }, perOrg: { type: 'integer' } }),
  }),
} as const;

/** Merge-patch of what a tenant sets itself; limits and currency are the operator's (ignored here). */
export const OrganisationUpdate = {
  $id: 'OrganisationUpdate',
  type: 'object',
  properties: { creditLimitMode: { enum: [...CREDIT_LIMIT_MODES] } },
} as const;

export const ExchangeRateSet = {
  $id: 'ExchangeRateSet',
  type: 'object',
  required: ['rate'],
  properties: {
    rate: {
      type: 'number',
      exclusiveMinimum: 0,
      description: 'Base-currency units per one unit of the currency in the path.',
    },
  },
} as const;

export const ExchangeRate = {
  $id: 'ExchangeRate',
  ...requiredObject({ currency: str, rate: { type: 'number' }, baseCurrency: str, updatedAt: timestamp }),
} as const;

export const ORGANISATION_SCHEMAS = {
  ApiKeyCreate,
  ApiKeyRotate,
  ApiKey,
  ApiKeyList,
  ApiKeyCreated,
  ApiKeyRotated,
  ApiKeyRevoked,
  AuditEntry,
  AuditLog,
  OrganisationSettings,
  OrganisationUpdate,
  ExchangeRateSet,
  ExchangeRate,
} as const;

export const ORGANISATION_VALIDATED = [
  'ApiKeyCreate',
  'ApiKeyRotate',
  'OrganisationUpdate',
  'ExchangeRateSet',
] as const;
