import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { PermissionGrant } from '../../../domain/auth/permissions.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import type { ParsedQuery } from '../../../domain/listing/query-params.js';
import type { Endpoint } from '../catalogue/catalogue.js';
import type { Declared, OperationIdOf } from '../catalogue/endpoint.js';
import type { Journal } from '../journal/journal.js';

export type ApiEvent = APIGatewayProxyEventV2;

export interface ApiResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Who is calling: resolved from the API key, never from anything else in the request. */
export interface AuthContext {
  orgId: string;
  keyId: string;
  keyName: string;
  scopes: Scope[];
  permissions: PermissionGrant;
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
}

export interface OperationOutput {
  status?: number;
  body: unknown;
}

export type Operation = (input: OperationInput) => Promise<OperationOutput>;

/**
 * An area's operations: exactly one per operationId its endpoint list declares. Annotating the map with
 * this type makes a missing, misspelled or extra operation a compile error, before the pipeline's
 * cold-start check would catch it.
 */
export type OperationsOf<E extends readonly Declared[]> = { readonly [K in OperationIdOf<E>]: Operation };
