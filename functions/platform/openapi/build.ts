import { access, API_PREFIX, family, type Endpoint } from '../catalogue/endpoint.js';
import type { QueryParam } from '../../../domain/listing/query-params.js';
import { ErrorResponse } from '../../../schemas/common.js';
import { SCHEMAS } from '../../../schemas/index.js';
import { pathParamNames } from '../../../domain/ids.js';
import { errorExamples, errorTable } from './error-table.js';
import { EVENT_DISCRIMINATOR, eventWebhooks } from './webhooks.js';
import { OPENAPI_TITLE } from './title.js';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '1.5.0';

const SCHEMA_PREFIX = '#/components/schemas/';
const schemaRef = (name: string): Json => ({ $ref: `${SCHEMA_PREFIX}${name}` });

/**
 * The schemas reference each other by bare $id (so ajv resolves them at build time); the document
 * needs JSON pointers. Copying also keeps the published document from sharing objects with the
 * schemas the validators were compiled from.
 */
/** A property declared only to be refused (`not: {}`): the validators keep it, to name it in the 400. */
const isRefused = (schema: unknown): schema is { not: Json; description?: string } =>
  typeof schema === 'object' &&
  schema !== null &&
  'not' in schema &&
  Object.keys((schema as { not: Json }).not).length === 0;

/**
 * The published object leaves a refused property out (a generated client then has no field to send, where
 * `not: {}` typed it `unknown`), and says in the object's description why a key of that name is refused.
 */
function withoutRefused(schema: Json): Json {
  const properties = schema.properties as Json | undefined;
  if (!properties) return schema;
  const refused = Object.entries(properties).filter(([, inner]) => isRefused(inner));
  if (refused.length === 0) return schema;
  const notes = refused.map(
    ([name, inner]) => `\`${name}\`: ${(inner as { description?: string }).description}`,
  );
  return {
    ...schema,
    description: [schema.description, ...notes].filter(Boolean).join(' '),
    properties: Object.fromEntries(Object.entries(properties).filter(([, inner]) => !isRefused(inner))),
  };
}

function toComponentSchema(value: unknown, root = true): unknown {
  if (Array.isArray(value)) return value.map((item) => toComponentSchema(item, false));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(withoutRefused(value as Json))) {
    if (root && key === '$id') continue;
    if (key === '$ref' && typeof inner === 'string' && !inner.startsWith('#')) {
      // A dangling reference would publish a broken document; fail where it is built instead.
      if (!(inner in SCHEMAS)) throw new Error(`Schema reference to unknown schema ${inner}`);
      out[key] = `${SCHEMA_PREFIX}${inner}`;
      continue;
    }
    out[key] = toComponentSchema(inner, false);
  }
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Bad request: invalid_parameter, invalid_json or validation_error',
  401: 'Missing, invalid, revoked or expired API key (invalid_api_key)',
  403: 'The API key lacks the scope (insufficient_scope) or permission (forbidden)',
  404: 'Not found (not_found)',
  409: 'Conflict (conflict, conflict_in_progress)',
  412: 'If-Match names a version that is no longer current (precondition_failed)',
  413: 'Request body larger than 100 KB (payload_too_large)',
  422: 'Unprocessable (invalid_reference, unprocessable, idempotency_key_reuse)',
  429: 'Rate limit exceeded (rate_limit_exceeded)',
  500: 'Unexpected error (internal_error)',
  503: 'Temporarily unavailable (service_unavailable)',
};

const ERROR_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

const HEADERS: Record<string, Json> = {
  XRequestId: {
    description: 'The request id: the caller-sent X-Request-Id when well formed, otherwise a new one.',
    required: true,
    schema: { type: 'string' },
  },
  XRateLimitLimit: {
    description:
      'Requests allowed in the current window. Sent on every response to an authenticated request.',
    required: true,
    schema: { type: 'integer' },
  },
  XRateLimitRemaining: {
    description: 'Requests left in the current window. Sent on every response to an authenticated request.',
    required: true,
    schema: { type: 'integer' },
  },
  XRateLimitReset: {
    description:
      'When the current window resets (Unix seconds). Sent on every response to an authenticated request.',
    required: true,
    schema: { type: 'integer' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
  ETag: {
    description:
      'Strong entity tag `"v<version>-<digest>"`: the version is what If-Match on PUT compares, the digest ' +
      'changes with anything shown (If-None-Match on GET).',
    required: true,
    schema: { type: 'string' },
  },
};

const RATE_LIMIT_HEADERS: Json = {
  'X-RateLimit-Limit': headerRef('XRateLimitLimit'),
  'X-RateLimit-Remaining': headerRef('XRateLimitRemaining'),
  'X-RateLimit-Reset': headerRef('XRateLimitReset'),
};

/**
 * Which error responses carry the rate-limit headers (the rate-limit middleware sets them once the key is
 * authenticated, so every later error has them). Errors raised before authentication carry none: 401,
 * 413, and a 400 (malformed JSON), 429 (an address throttled for failed keys), 503 (the limiter down) or
 * 500 may come before it or after, so for those the headers are optional.
 */
const AFTER_AUTHENTICATION = new Set([403, 404, 409, 412, 422]);
const BEFORE_AUTHENTICATION = new Set([401, 413]);

/** The rate-limit headers inline with `required: false` (a reference cannot override `required`). */
const OPTIONAL_RATE_LIMIT_HEADERS: Json = {
  'X-RateLimit-Limit': { ...HEADERS.XRateLimitLimit, required: false },
  'X-RateLimit-Remaining': { ...HEADERS.XRateLimitRemaining, required: false },
  'X-RateLimit-Reset': { ...HEADERS.XRateLimitReset, required: false },
};

function errorResponse(status: number): Json {
  const headers: Json = { 'X-Request-Id': headerRef('XRequestId') };
  if (AFTER_AUTHENTICATION.has(status)) Object.assign(headers, RATE_LIMIT_HEADERS);
  else if (!BEFORE_AUTHENTICATION.has(status)) Object.assign(headers, OPTIONAL_RATE_LIMIT_HEADERS);
  if (status === 429 || status === 503) headers['Retry-After'] = headerRef('RetryAfter');
  if (status === 401) {
    headers['WWW-Authenticate'] = { description: 'Always `Bearer`.', schema: { type: 'string' } };
  }
  return {
    description: STATUS_TEXT[status] ?? `Error ${status}`,
    headers,
    content: { 'application/json': { schema: schemaRef('ErrorResponse'), examples: errorExamples(status) } },
  };
}

const errorName = (status: number): string => ERROR_NAMES[status] ?? `Error${status}`;

const PARAMETERS: Record<string, Json> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Retrying with the same key and body returns the first response; the same key with a different body is 422 idempotency_key_reuse.',
    schema: { type: 'string', minLength: 1, maxLength: 200 },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'An ETag from a GET or PUT of this record (or `*`): the update applies only while the record is at that version, otherwise 412 precondition_failed.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'ETags you hold: 304 without a body when the current representation has one of them.',
    schema: { type: 'string' },
  },
  XRequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Echoed back when 1-128 characters of A-Za-z0-9._:-; otherwise a new id is returned.',
    schema: { type: 'string' },
  },
};

function queryParamSchema(param: QueryParam): Json {
  switch (param.type) {
    case 'integer':
      return { type: 'integer', minimum: param.minimum, default: param.default };
    case 'number':
      return { type: 'number', exclusiveMinimum: param.exclusiveMinimum, default: param.default };
    case 'string':
      return { type: 'string', maxLength: param.maxLength };
    case 'boolean':
      return { type: 'boolean' };
    case 'date-time':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return { type: 'string', enum: [...param.values], default: param.default };
    case 'id':
      return schemaRef('Id');
    case 'enum-list': {
      // The raw list's length cap bounds how many values fit: n values of at least the shortest length.
      const shortest = Math.min(...param.values.map((v) => v.length));
      const maxItems =
        param.maxLength === undefined ? undefined : Math.floor((param.maxLength + 1) / (shortest + 1));
      return { type: 'array', maxItems, items: { type: 'string', enum: [...param.values] } };
    }
    case 'date-bound':
      return {
        type: 'string',
        maxLength: param.maxLength,
        // Each branch typed: a generator types an untyped branch `unknown` (a numeric dateFrom would compile).
        anyOf: [
          { type: 'string', format: 'date' },
          { type: 'string', format: 'date-time' },
        ],
      };
  }
}

/** Optional declaration fields come through as undefined; JSON drops them but deep equality would not. */
const compact = (value: Json): Json =>
  Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined));

function queryParameter(param: QueryParam): Json {
  let description = param.description;
  if (param.type === 'boolean' && param.acceptsOne) {
    description = `${description} 1 and 0 are accepted as true and false.`;
  }
  // An array schema cannot say how long the raw comma list may be, so the description does.
  if (param.type === 'enum-list') {
    if (param.caseInsensitive) description = `${description} Case-insensitive.`;
    if (param.maxLength !== undefined) description = `${description} At most ${param.maxLength} characters.`;
  }
  return {
    name: param.name,
    in: 'query',
    required: param.required === true,
    description,
    // A comma list is one parameter, `status=DRAFT,COMPLETED`, not `status=DRAFT&status=COMPLETED`.
    ...(param.type === 'enum-list' ? { style: 'form', explode: false } : {}),
    schema: compact(queryParamSchema(param)),
  };
}

const tagOf = (endpoint: Endpoint): string => (endpoint.group === 'meta' ? 'meta' : family(endpoint));

function describe(endpoint: Endpoint): string {
  if (endpoint.public) return 'Public: no API key is needed.';
  const fam = family(endpoint);
  const scope =
    access(endpoint) === 'read'
      ? `Requires the \`${fam}:read\` scope (or \`${fam}:write\`, \`read\`, \`write\`).`
      : `Requires the \`${fam}:write\` scope (or \`write\`).`;
  const needs = keyOnlyNote(
    endpoint,
    endpoint.permission ? `${scope} Requires the \`${endpoint.permission}\` permission.` : scope,
  );
  return endpoint.beyondSpec ? `${needs} ${BEYOND_SPEC}` : needs;
}

/** What `keyOnly` (a valid key alone suffices) does to an operation's scope and permission. */
function keyOnlyNote(endpoint: Endpoint, needs: string): string {
  if (endpoint.keyOnly === 'always') return 'Needs only a valid API key: no scope, no permission.';
  if (endpoint.keyOnly === 'own-id') {
    return `${needs} A key acting on itself (\`{id}\` is its own id) needs only to be valid.`;
  }
  return needs;
}

/** How an operation beyond the spec reads in its description (beside `x-beyond-spec: true`). */
const BEYOND_SPEC =
  'Beyond the spec: a step the spec leaves to "the application", over the API (docs/design/application.md), or an extension of ours (docs/decisions.md).';

function successResponse(endpoint: Endpoint): Json {
  const headers: Json = { 'X-Request-Id': headerRef('XRequestId') };
  if (!endpoint.public) Object.assign(headers, RATE_LIMIT_HEADERS);
  if (endpoint.etag) headers['ETag'] = headerRef('ETag');
  const description = STATUS_TEXT[endpoint.status] ?? 'Success';
  if (endpoint.status === 204) return { description, headers };
  // The reference page and its script: text, as the operation wrote it.
  if (endpoint.contentType !== 'application/json') {
    return { description, headers, content: { [endpoint.contentType]: { schema: { type: 'string' } } } };
  }
  // Every JSON response names its schema; an open object is what a generated client cannot type.
  const schema = endpoint.response ? schemaRef(endpoint.response) : { type: 'object' };
  return { description, headers, content: { 'application/json': { schema } } };
}

/** Conditional requests (beyond the spec): If-None-Match on tagged GETs, If-Match on tagged PUTs. */
function conditionalParameters(endpoint: Endpoint): Json[] {
  if (!endpoint.etag) return [];
  if (endpoint.method === 'GET') return [{ $ref: '#/components/parameters/IfNoneMatch' }];
  if (endpoint.method === 'PUT') return [{ $ref: '#/components/parameters/IfMatch' }];
  return [];
}

const notModified = (): Json => ({
  description: 'Not modified: If-None-Match holds the current ETag. No body.',
  headers: { 'X-Request-Id': headerRef('XRequestId'), ...RATE_LIMIT_HEADERS, ETag: headerRef('ETag') },
});

function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set<number>();
  if (!endpoint.public) [400, 401, 403, 429, 503].forEach((s) => statuses.add(s));
  if (pathParamNames(endpoint.path).length > 0) statuses.add(404);
  if (endpoint.body) statuses.add(413);
  endpoint.errors.forEach((s) => statuses.add(s));
  if (endpoint.etag && endpoint.method === 'PUT') statuses.add(412);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

function operation(endpoint: Endpoint): Json {
  const parameters: Json[] = [
    ...pathParamNames(endpoint.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: schemaRef('Id'),
    })),
    ...endpoint.query.map(queryParameter),
    ...(endpoint.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ...conditionalParameters(endpoint),
    { $ref: '#/components/parameters/XRequestId' },
  ];
  const responses: Json = { [String(endpoint.status)]: successResponse(endpoint) };
  if (endpoint.etag && endpoint.method === 'GET') responses['304'] = notModified();
  for (const status of errorStatuses(endpoint)) {
    responses[String(status)] = { $ref: `#/components/responses/${errorName(status)}` };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: describe(endpoint),
    tags: [tagOf(endpoint)],
    parameters,
    ...(endpoint.body
      ? {
          requestBody: {
            required: !endpoint.bodyOptional,
            content: { 'application/json': { schema: schemaRef(endpoint.body) } },
          },
        }
      : {}),
    responses,
    ...(endpoint.public ? { security: [] } : {}),
    ...(endpoint.beyondSpec ? { 'x-beyond-spec': true } : {}),
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function build(endpoints: readonly Endpoint[]): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase();
    if (item[method]) throw new Error(`Duplicate endpoint ${endpoint.method} ${endpoint.path}`);
    item[method] = operation(endpoint);
  }

  const statuses = [...new Set(endpoints.flatMap(errorStatuses))].sort((a, b) => a - b);
  const responses = Object.fromEntries(statuses.map((s) => [errorName(s), errorResponse(s)]));
  const schemas = Object.fromEntries(
    Object.entries({ ...SCHEMAS, ErrorResponse }).map(([name, schema]) => [name, toComponentSchema(schema)]),
  );
  schemas['EventEnvelope'] = { ...(schemas['EventEnvelope'] as Json), discriminator: EVENT_DISCRIMINATOR };
  // The document and its reference page are not what readers come for: their tag goes last.
  const tagNames = [...new Set(endpoints.map(tagOf))];
  const tags = [...tagNames.filter((name) => name !== 'meta'), 'meta'].map((name) => ({ name }));

  return {
    openapi: '3.1.0',
    info: {
      title: OPENAPI_TITLE,
      version: OPENAPI_VERSION,
      description: DESCRIPTION,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: API_PREFIX }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags,
    paths,
    webhooks: eventWebhooks(),
    components: {
      schemas,
      responses,
      parameters: PARAMETERS,
      headers: HEADERS,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token.' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
  };
}

/**
 * Markdown: renderers show its headings as sections (Redoc puts the security schemes where its comment
 * stands, and lists the headings in its sidebar).
 */
const DESCRIPTION = [
  'Multi-tenant inventory, order-to-cash and procure-to-pay API. Authenticate with an API key, sent as ' +
    '`Authorization: Bearer <key>` or `X-API-Key: <key>`.',
  '## Authentication',
  'Every endpoint but this document and the API reference page (`GET /docs`) needs an API key. A key ' +
    'carries scopes (`read`, `write`, `<family>:read`, `<family>:write`; the family is the first path ' +
    'segment) and named permissions; each operation says which it requires. A missing or invalid key is ' +
    '401 `invalid_api_key`, a scope or permission the key lacks 403.',
  '<!-- ReDoc-Inject: <security-definitions> -->',
  '## Errors',
  'Every error answers `{ "error": { "code": "...", "message": "...", "details": [...] } }` (`details` ' +
    'only on `validation_error`), with an `X-Request-Id` header to quote when reporting it.',
  errorTable(),
].join('\n\n');

const built = new WeakMap<readonly Endpoint[], Json>();

/**
 * The document of the given endpoints (the whole catalogue, functions/catalogue.ts). Served on every
 * GET /openapi.json, and the catalogue cannot change within a process, so it is built once per list.
 * Frozen because every request shares the one object.
 */
export function buildOpenApi(endpoints: readonly Endpoint[]): object {
  let document = built.get(endpoints);
  if (!document) built.set(endpoints, (document = deepFreeze(build(endpoints))));
  return document;
}
