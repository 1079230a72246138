import type middy from '@middy/core';
import { notFound } from '../../../domain/errors.js';
import type { ParsedQuery } from '../../../domain/listing/query-params.js';
import type { Endpoint } from '../catalogue/endpoint.js';
import type { RateDecision } from '../../../domain/limits/rate-limits.js';
import type { Journal } from '../journal/journal.js';
import type { Key } from '../dynamo/keys.js';
import type { PendingClaim } from './idempotency.js';
import type { ApiResult, AuthContext } from './types.js';

/** What the middlewares learn about one request, handed from one to the next. */
export interface PipelineState {
  requestId: string;
  now: Date;
  endpoint: Endpoint;
  auth?: AuthContext;
  /** The client's address when a verified CloudFront origin told it (origin-verify.ts); else the source IP. */
  clientIp?: string;
  body?: unknown;
  rawBody?: string;
  query?: ParsedQuery;
  responseHeaders: Record<string, string>;
  /** This request holds the claim on its Idempotency-Key (or, with `pendingClaim`, has sent it). */
  idempotency?: { key: Key; token: string };
  /** The claim sent beside the operation's first reads (an endpoint declaring `claimBesideReads`). */
  pendingClaim?: PendingClaim;
  /** A completed response to replay instead of running the operation. */
  replay?: ApiResult;
  journal?: Journal;
  /** The rate-limit decision, started alongside the data access. */
  rateLimit?: Promise<RateDecision>;
}

// Keyed by the event object, which is new for every invocation (in Lambda and in the local server), so
// concurrent requests in one process never see each other's state, and the handler can reach it too.
const states = new WeakMap<object, PipelineState>();

export function initState(
  request: middy.Request,
  state: Omit<PipelineState, 'endpoint'> & { endpoint?: Endpoint },
) {
  states.set(request.event as object, state as PipelineState);
  if (!state.endpoint) throw notFound('Route');
}

export function stateOf(request: Pick<middy.Request, 'event'>): PipelineState {
  const state = states.get(request.event as object);
  if (!state) throw new Error('pipeline state missing: the request middleware must run first');
  return state;
}

export const peekState = (request: middy.Request): Partial<PipelineState> | undefined =>
  states.get(request.event as object);
