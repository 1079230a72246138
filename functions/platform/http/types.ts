import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ParsedQuery } from '../../../domain/listing/query-params.js';
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

export interface OperationInput {
  endpoint: Endpoint;
  auth: AuthContext;
  params: Record<string, string>;
  query: ParsedQuery;
  /** The validated body; undefined for endpoints without one. */
  body: unknown;
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

export type Operation = (input: OperationInput) => Promise<OperationOutput>;

/**
 * An area's operations: exactly one per operationId its endpoint list declares. Annotating the map with
 * this type makes a missing, misspelled or extra operation a compile error, before the pipeline's
 * cold-start check would catch it.
 */
export type OperationsOf<E extends readonly Declared[]> = { readonly [K in OperationIdOf<E>]: Operation };
