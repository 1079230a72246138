import { createHash, randomUUID } from 'node:crypto';
import type middy from '@middy/core';
import { ApiError } from '../../../domain/errors.js';
import { routeKey } from '../catalogue/endpoint.js';
import {
  claimIdempotencyKey,
  completionPut,
  releaseIdempotencyKey,
  type Fingerprint,
} from '../journal/idempotency.js';
import { transact, WriteRace } from '../dynamo/transact.js';
import { logger } from '../observability/logger.js';
import { jsonResult } from './render.js';
import { peekState, stateOf } from './state.js';
import type { ApiEvent, ApiResult } from './types.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** The raw body bytes as sent: reordered JSON keys are a different request (spec, Idempotency rule 4). */
function rawBody(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

const sameRequest = (a: Fingerprint, b: Fingerprint) =>
  a.routeKey === b.routeKey && a.pathParams === b.pathParams && a.bodyHash === b.bodyHash;

/**
 * Idempotency-Key on the endpoints declared idempotent (spec rules 1-7). Claims the key before the
 * operation; replays a completed response; the write's own transaction completes the record (journal);
 * a failure releases the claim.
 */
export const idempotency = (): middy.MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const state = stateOf(request);
    if (!state.endpoint.idempotent) return;
    const header = request.event.headers['idempotency-key'];
    if (header === undefined) return;
    if (header.length === 0 || header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new ApiError(
        'invalid_parameter',
        `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
      );
    }
    const params = request.event.pathParameters ?? {};
    const fingerprint: Fingerprint = {
      routeKey: routeKey(state.endpoint),
      pathParams: JSON.stringify(
        Object.keys(params)
          .sort()
          .map((k) => [k, params[k]]),
      ),
      bodyHash: sha256(rawBody(request.event)),
    };
    const outcome = await claimIdempotencyKey({
      orgId: state.auth!.orgId,
      apiKeyId: state.auth!.keyId,
      keyHash: sha256(header),
      fingerprint,
      token: randomUUID(),
      now: state.now,
    });
    if (outcome.kind === 'claimed') {
      state.idempotency = { key: outcome.key, token: outcome.token };
      return;
    }
    if (!sameRequest(outcome.fingerprint, fingerprint)) {
      throw new ApiError(
        'idempotency_key_reuse',
        'This Idempotency-Key was used with a different request body, endpoint or path id',
      );
    }
    if (outcome.kind === 'in-flight') {
      throw new ApiError('conflict_in_progress', 'A request with this Idempotency-Key is still in progress', {
        headers: { 'Retry-After': '5' },
      });
    }
    // The stored body is replayed byte for byte, with its original status.
    const replayed = jsonResult(outcome.response.status, null, { 'Idempotency-Replayed': 'true' });
    state.replay = { ...replayed, body: outcome.response.body };
  },
  after: async (request) => {
    const state = stateOf(request);
    const claim = state.idempotency;
    if (!claim) return;
    const response = request.response!;
    // The write committed the record in its own transaction: nothing to do. What it committed may differ
    // from what was sent on purpose (a key's secret is answered once and never stored).
    if (state.journal?.committedResponse !== undefined) return;
    try {
      await transact([completionPut(claim, { status: response.statusCode, body: response.body }, state.now)]);
    } catch (error) {
      if (!(error instanceof WriteRace)) throw error;
      logger.warn('idempotency record already completed', { requestId: state.requestId });
    }
  },
  onError: async (request) => {
    const claim = peekState(request)?.idempotency;
    if (claim) await releaseIdempotencyKey(claim);
  },
});
