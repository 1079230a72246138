/** The shape of an endpoint declaration, and the pieces declarations share. */
import type { Permission } from '../../../domain/auth/permissions.js';
import type { QueryParam } from '../../../domain/listing/query-params.js';
import type { SchemaName, ValidatedSchema } from '../../../schemas/index.js';

export { PAGE_PARAMS } from '../../../domain/listing/pagination.js';

import type { Area, Group } from '../../lambdas.js';
import type { Access } from '../../../domain/auth/scopes.js';
import { familyOfPath, type Family } from '../../../domain/auth/families.js';

export { GROUPS, type Area, type Group } from '../../lambdas.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * What a success body is: JSON everywhere but the API reference page, the console and their scripts and
 * stylesheet (beyond the spec).
 */
export type ContentType = 'application/json' | 'text/html' | 'text/javascript' | 'text/css';
export interface Endpoint {
  operationId: string;
  method: Method;
  /** Below API_PREFIX, with {name} path parameters. */
  path: string;
  /** The area that declares it, and the Lambda serving that area (functions/lambdas.ts). */
  area: Area;
  group: Group;
  summary: string;
  /** The named permission; null where the spec names none (scope alone decides). */
  permission: Permission | null;
  query: readonly QueryParam[];
  body: ValidatedSchema | null;
  /** The body may be left out (an empty body validates as `{}`), as on the spec's "optional body" POSTs. */
  bodyOptional: boolean;
  response: SchemaName | null;
  status: number;
  /** Accepts the Idempotency-Key header (spec, Idempotency: exactly eight POSTs). */
  idempotent: boolean;
  /**
   * The operation's whole effect is one transaction committing its journal's response (beside a number
   * drawn from a sequence that may have gaps, never an invoice's): its Idempotency-Key's claim is sent
   * beside the operation's first reads instead of before them, one round trip less
   * (functions/platform/http/idempotency.ts).
   */
  claimBesideReads?: boolean;
  /** Served without an API key. */
  public: boolean;
  /** Endpoint-specific error statuses beyond 400/401/403/429/503 (and 404 for path ids). */
  errors: readonly number[];
  /**
   * Beyond the spec: the response carries an ETag from the record's version (the operation returns it);
   * a GET honours If-None-Match (304), a PUT If-Match (412). OpenAPI derives the headers from this flag.
   */
  etag: boolean;
  /**
   * The success body's media type. The pipeline serialises JSON bodies; any other type is the string the
   * operation returns, sent as it is.
   */
  contentType: ContentType;
  /**
   * What each path id names, as the operation's own 404 says it ("Sales order" for `{id}` in
   * /sales-orders/{id}): a path id that cannot be an id is answered 404 with it before any read, so a
   * malformed id reads exactly like an unknown one. Every path parameter needs one.
   */
  resources?: Readonly<Record<string, string>>;
  /**
   * Not in the spec: a step it leaves to "the application" (design.md section 7) or an extension of ours
   * (the event log, a delivery's re-send, a webhook secret's rotation). OpenAPI marks it with
   * `x-beyond-spec`, so an integrator can tell the spec's contract from our extensions.
   */
  beyondSpec: boolean;
  /**
   * When a valid key alone suffices, without the scope and permission above (design.md section 7): never
   * (the default); always (`GET /api-keys/current`); or `own-id` when the path's `{id}` is the calling
   * key's own id (a leaked or retiring key can always rotate or revoke itself, and gains nothing by it).
   * The auth step, the OpenAPI description and the auth-matrix test all read this one field.
   */
  keyOnly: KeyOnly;
}

export type KeyOnly = 'never' | 'always' | 'own-id';

/** Whether this request is one a valid key makes without scope or permission (see `keyOnly`). */
export const needsOnlyAKey = (
  endpoint: Pick<Endpoint, 'keyOnly'>,
  callingKeyId: string,
  pathParams: Readonly<Record<string, string | undefined>> | undefined,
): boolean =>
  endpoint.keyOnly === 'always' || (endpoint.keyOnly === 'own-id' && pathParams?.id === callingKeyId);

/** An area's declaration: the catalogue adds the area and its Lambda. */
export type Declared = Omit<Endpoint, 'area' | 'group'>;

/** What a declaration may leave out: `declare` fills in the defaults. */
type Defaulted =
  | 'query'
  | 'body'
  | 'bodyOptional'
  | 'idempotent'
  | 'public'
  | 'errors'
  | 'status'
  | 'etag'
  | 'contentType'
  | 'beyondSpec'
  | 'keyOnly';

type Declaration = Omit<Declared, Defaulted | 'permission'> &
  Partial<Pick<Endpoint, Defaulted>> & {
    permission: Permission | null;
  };

/** A declaration with its literal operationId, path, query parameters and body schema. */
type DeclaredAs<Id extends string, Path extends string, Query extends readonly QueryParam[], Body> = Omit<
  Declared,
  'operationId' | 'path' | 'query' | 'body'
> & { operationId: Id; path: Path; query: Query; body: Body };

/**
 * Keeps the literal operationId, path, query parameters and body schema in the declared type: each area
 * derives from them the exact set of operations it must provide (OperationIdOf), so a missing or
 * misspelled one fails to compile, and each operation's typed input (OperationInput in http/types.ts).
 */
export const declare = <
  const Id extends string,
  const Path extends string,
  const Query extends readonly QueryParam[] = readonly [],
  const Body extends ValidatedSchema | null = null,
>(
  d: Omit<Declaration, 'query' | 'body'> & { operationId: Id; path: Path; query?: Query; body?: Body },
): DeclaredAs<Id, Path, NoInfer<Query>, NoInfer<Body>> =>
  // The defaults stand exactly where `query` and `body` are left out, which is when Query and Body keep
  // their own defaults (none, null).
  ({
    query: [],
    body: null,
    bodyOptional: false,
    idempotent: false,
    public: false,
    errors: [],
    etag: false,
    contentType: 'application/json',
    beyondSpec: false,
    keyOnly: 'never',
    status: d.method === 'POST' ? 201 : 200,
    ...d,
  }) as DeclaredAs<Id, Path, Query, Body>;

/** The operationIds an area's endpoint list declares, as a union of string literals. */
export type OperationIdOf<E extends readonly Declared[]> = E[number]['operationId'];

// The shared parameters keep their literal names and types (`as const`), so QueryOf can type them.
export const search = (keys: string) =>
  ({
    name: 'search',
    type: 'string',
    maxLength: 200,
    description: `Case-insensitive contains match on ${keys}.`,
  }) as const satisfies QueryParam;
export const modifiedSince = {
  name: 'modifiedSince',
  type: 'date-time',
  description: 'Only rows whose updatedAt is at or after this instant.',
} as const satisfies QueryParam;
/** dateFrom and dateTo over a document's own date field (a date-only dateTo covers its whole day). */
export const dateRange = (field: string) =>
  [
    {
      name: 'dateFrom',
      type: 'date-bound',
      bound: 'from',
      maxLength: 40,
      description: `${field} at or after (ISO 8601 date or timestamp).`,
    },
    {
      name: 'dateTo',
      type: 'date-bound',
      bound: 'to',
      maxLength: 40,
      description: `${field} at or before (a date alone extends to 23:59:59.999Z).`,
    },
  ] as const satisfies readonly QueryParam[];
export const sortDir = {
  name: 'sortDir',
  type: 'enum',
  values: ['asc', 'desc'],
  caseInsensitive: true,
  description: 'Sort direction, case-insensitive.',
} as const satisfies QueryParam;

export const API_PREFIX = '/api/v1';

export const access = (endpoint: Endpoint): Access => (endpoint.method === 'GET' ? 'read' : 'write');

export function family(endpoint: Endpoint): Family {
  const found = familyOfPath(endpoint.path);
  if (!found) throw new Error(`No scope family for ${endpoint.path}`);
  return found;
}

/** API Gateway HTTP API route key, e.g. "GET /api/v1/products/{id}". */
export const routeKey = (endpoint: Pick<Endpoint, 'method' | 'path'>): string =>
  `${endpoint.method} ${API_PREFIX}${endpoint.path}`;
