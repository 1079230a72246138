import { createHash, randomUUID } from 'node:crypto';
import type middy from '@middy/core';
import { ApiError } from '../../../domain/errors.js';
import { routeKey } from '../catalogue/endpoint.js';
import {
  claimIdempotencyKey,
  completionPut,
  idempotencyRecordKey,
  releaseIdempotencyKey,
  type ClaimOutcome,
  type Fingerprint,
} from '../journal/idempotency.js';
import { transact, WriteRace } from '../dynamo/transact.js';
import { logger } from '../observability/logger.js';
import { jsonResult } from './render.js';
import { peekState, stateOf, type PipelineState } from './state.js';
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

type Refusal = Exclude<ClaimOutcome, { kind: 'claimed' }>;

/** What another request's record answers this one: its replay, or 409 while it runs, or 422 for another. */
function answerOf(outcome: Refusal, fingerprint: Fingerprint): ApiResult {
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
  return { ...replayed, body: outcome.response.body };
}

/** What a claim sent beside the operation's reads decided; never rejects, so nothing is left unhandled. */
type Verdict =
  { kind: 'claimed' } | { kind: 'refused'; outcome: Refusal } | { kind: 'failed'; error: unknown };

export interface PendingClaim {
  verdict: Promise<Verdict>;
  fingerprint: Fingerprint;
}

/** Thrown into the operation's held transaction when the key is another request's (never answered as is). */
class KeyNotClaimed extends Error {
  override name = 'KeyNotClaimed';
}

/** For the journal: resolves once the pending claim holds; rejects, so nothing is written, when it does not. */
export const claimHeld = (pending: PendingClaim) => async (): Promise<void> => {
  const verdict = await pending.verdict;
  if (verdict.kind === 'failed') throw verdict.error;
  if (verdict.kind === 'refused') throw new KeyNotClaimed('The Idempotency-Key is held by another request');
};

/**
 * Runs the operation of a request whose claim was sent beside its reads and answers as if the claim had
 * come first. A refused claim answers its replay, 409 or 422 as soon as it lands, without waiting for the
 * operation: that can write nothing any more (its transaction is held on the claim and will be refused;
 * its reads and a drawn number are all it spends), and it settles on its own. A failed claim answers its
 * error. Otherwise the operation's own result or error.
 */
export async function answerClaimFirst(
  state: PipelineState,
  run: () => Promise<ApiResult>,
): Promise<ApiResult> {
  const pending = state.pendingClaim;
  if (!pending) return run();
  // Settled here so that an operation outliving a refused claim never leaves a rejection unhandled.
  const settled = run().then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const verdict = await pending.verdict;
  if (verdict.kind !== 'claimed') {
    // Not this request's key: nothing of it to complete or release.
    state.idempotency = undefined;
    if (verdict.kind === 'failed') throw verdict.error;
    return answerOf(verdict.outcome, pending.fingerprint);
  }
  const outcome = await settled;
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

/**
 * Idempotency-Key on the endpoints declared idempotent (spec rules 1-7). Claims the key before the
 * operation, or beside its first reads where the endpoint declares `claimBesideReads` (one round trip
 * less; answerClaimFirst keeps the claim's answer first); replays a completed response; the write's own
 * transaction completes the record (journal); a failure releases the claim.
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
    const claim = {
      orgId: state.auth!.orgId,
      apiKeyId: state.auth!.keyId,
      keyHash: sha256(header),
      fingerprint,
      token: randomUUID(),
      now: state.now,
    };
    if (state.endpoint.claimBesideReads) {
      state.idempotency = {
        key: idempotencyRecordKey(claim.orgId, claim.apiKeyId, claim.keyHash),
        token: claim.token,
      };
      state.pendingClaim = {
        fingerprint,
        verdict: claimIdempotencyKey(claim).then(
          (outcome): Verdict =>
            outcome.kind === 'claimed' ? { kind: 'claimed' } : { kind: 'refused', outcome },
          (error: unknown): Verdict => ({ kind: 'failed', error }),
        ),
      };
      return;
    }
    const outcome = await claimIdempotencyKey(claim);
    if (outcome.kind === 'claimed') {
      state.idempotency = { key: outcome.key, token: outcome.token };
      return;
    }
    state.replay = answerOf(outcome, fingerprint);
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
    const state = peekState(request);
    // A claim sent beside the reads is released only once it has landed, and only if it is this request's.
    if ((await state?.pendingClaim?.verdict)?.kind === 'refused') return;
    const claim = state?.idempotency;
    if (claim) await releaseIdempotencyKey(claim);
  },
});
