import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { QueryOf } from '../../../domain/listing/query-params.js';
import type { SchemaTypes } from '../../../schemas/input-types.js';
import type { Endpoint } from '../catalogue/endpoint.js';
import type { Declared, OperationIdOf } from '../catalogue/endpoint.js';
import type { Journal } from '../journal/journal.js';
import type { AuthContext } from '../access/auth-context.js';
import type { Preconditions } from './etag.js';

// Defined with access, so the journal and the back office need not import from http.
export type { AuthContext };

export type ApiEvent = APIGatewayProxyEventV2;

export interface ApiResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The path parameters of a path template: `/customers/{id}/contacts/{contactId}` gives id and contactId. */
export type PathParams<Path extends string> = string extends Path
  ? Record<string, string>
  : { [Name in PathParamName<Path>]: string };
type PathParamName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/**
 * The validated body of a declared body schema. An optional body left out validates as `{}`, so it is the
 * same type; endpoints without a body get undefined.
 */
export type BodyOf<Schema extends Declared['body']> = Schema extends keyof SchemaTypes
  ? SchemaTypes[Schema]
  : undefined;

/**
 * What an operation receives, typed from its endpoint's declaration (the pipeline parses the path, the
 * query and the body by that same declaration before calling it). Without one, the untyped shapes.
 */
export interface OperationInput<E extends Declared = Declared> {
  endpoint: Endpoint;
  auth: AuthContext;
  params: PathParams<E['path']>;
  query: QueryOf<E['query']>;
  /** The validated body; undefined for endpoints without one. */
  body: Declared extends E ? unknown : BodyOf<E['body']>;
  requestId: string;
  now: Date;
  /** Transaction items for this request's events and audit entries: add them to the write's transaction. */
  journal: Journal;
  /** The request's If-Match, checked against the version the write reads (a no-op without one). */
  preconditions: Preconditions;
}

export interface OperationOutput {
  status?: number;
  /** JSON, or the string itself on endpoints declaring another content type (the API reference page). */
  body: unknown;
  /** Headers of this answer beyond the pipeline's own (the reference page's Cache-Control and CSP). */
  headers?: Record<string, string>;
  /** The record's version, on endpoints declared with `etag: true`: the pipeline turns it into the ETag. */
  version?: number;
}

export type Operation<E extends Declared = Declared> = (input: OperationInput<E>) => Promise<OperationOutput>;

/**
 * The declaration of one operationId in an area's endpoint list (each declaration whose operationId type
 * admits it: a helper declaring several kinds of endpoint may leave the id a union of literals).
 */
export type EndpointOf<E extends readonly Declared[], Id extends OperationIdOf<E>> = DeclaringId<
  E[number],
  Id
>;
type DeclaringId<D extends Declared, Id extends string> = D extends Declared
  ? Id extends D['operationId']
    ? D
    : never
  : never;

/** The operation serving one operationId of an area's endpoint list, with that endpoint's typed input. */
export type OperationOf<E extends readonly Declared[], Id extends OperationIdOf<E>> = Operation<
  EndpointOf<E, Id>
>;

/**
 * An area's operations: exactly one per operationId its endpoint list declares, each typed by its own
 * endpoint. Annotating the map with this type makes a missing, misspelled or extra operation a compile
 * error, before the pipeline's cold-start check would catch it.
 */
export type OperationsOf<E extends readonly Declared[]> = {
  // Operation<EndpointOf<...>>, not OperationOf<E, K>: TypeScript would compare two areas' OperationOf by
  // their endpoint lists, so an area spreading another's operations (webhooks' recovery) would not check.
  readonly [K in OperationIdOf<E>]: Operation<EndpointOf<E, K>>;
};

/** An area's operations as the pipeline (and the back office) calls them: by operationId, input untyped. */
export type BoundOperations<E extends readonly Declared[]> = { readonly [K in OperationIdOf<E>]: Operation };
