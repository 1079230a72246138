import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { authorise } from '../../../domain/auth/scopes.js';
import { notFound, validationError } from '../../../domain/errors.js';
import { canBeId, pathParamNames } from '../../../domain/ids.js';
import { parseQuery } from '../../../domain/listing/query-params.js';
import { access, family, needsOnlyAKey, routeKey, type Endpoint, type Group } from '../catalogue/endpoint.js';
import { authenticate } from './authenticate.js';
import { entityTag, noneMatch, preconditionsFor } from './etag.js';
import { answerClaimFirst, claimHeld, idempotency } from './idempotency.js';
import { observe } from './observe.js';
import { originVerify } from './origin-verify.js';
import { rateLimit } from './rate-limit.js';
import { parseJsonBody } from './json-body.js';
import { jsonResult, renderError, textResult } from './render.js';
import { requestIdFor } from './request-id.js';
import { initState, peekState, stateOf } from './state.js';
import { operationsOf, type OperationSource } from './operation-source.js';
import type { ApiEvent, ApiResult } from './types.js';
import { validateWith } from './validate.js';
import type { ValidatorLoader } from './validator-types.js';
import { createJournal } from '../journal/journal.js';
import { withReadBudget } from '../dynamo/read-budget.js';

type Mw = middy.MiddlewareObj<ApiEvent, ApiResult>;

/** Resolves the endpoint and request id first; renders every response and error last. */
const lifecycle = (resolve: (routeKey: string) => Endpoint | undefined): Mw => ({
  before: (request) => {
    initState(request, {
      requestId: requestIdFor(request.event.headers['x-request-id']),
      now: new Date(),
      endpoint: resolve(request.event.routeKey),
      responseHeaders: {},
    });
  },
  after: (request) => {
    const state = stateOf(request);
    const response = request.response!;
    response.headers = { ...response.headers, ...state.responseHeaders, 'X-Request-Id': state.requestId };
  },
  onError: (request) => {
    const state = peekState(request);
    const headers = {
      ...state?.responseHeaders,
      'X-Request-Id': state?.requestId ?? requestIdFor(undefined),
    };
    request.response = renderError(request.error, headers);
  },
});

/** Body size (413) and JSON parsing (400 invalid_json), before authentication as design.md orders it. */
const jsonBody = (): Mw => ({
  before: (request) => {
    const state = stateOf(request);
    if (!state.endpoint.body) return;
    const { raw, value } = parseJsonBody(request.event);
    state.rawBody = raw;
    state.body = value;
  },
});

const authorisation = (): Mw => ({
  before: (request) => {
    const state = stateOf(request);
    if (state.endpoint.public) return;
    if (needsOnlyAKey(state.endpoint, state.auth!.keyId, request.event.pathParameters)) return;
    authorise(state.auth!, family(state.endpoint), access(state.endpoint), state.endpoint.permission);
  },
});

/**
 * A path id that cannot be an id is 404, like an unknown one, before anything reads the table: over-long
 * ids would otherwise exceed DynamoDB's key limits and surface as 500. The 404 names the resource the
 * endpoint declares for that id, as the operation's own would.
 */
const pathIds = (): Mw => ({
  before: (request) => {
    const { endpoint } = stateOf(request);
    const params = request.event.pathParameters ?? {};
    for (const name of pathParamNames(endpoint.path)) {
      const value = params[name];
      if (value === undefined || !canBeId(value)) throw notFound(endpoint.resources![name]!);
    }
  },
});

const validation = (validators: Readonly<Record<string, ValidatorLoader>>): Mw => ({
  before: async (request) => {
    const state = stateOf(request);
    const { endpoint } = state;
    state.query = parseQuery(endpoint.query, request.event.queryStringParameters);
    if (!endpoint.body) return;
    if (state.body === undefined && endpoint.bodyOptional) state.body = {};
    if (
      state.body === undefined ||
      state.body === null ||
      typeof state.body !== 'object' ||
      Array.isArray(state.body)
    ) {
      throw validationError([{ path: 'body', message: 'must be a JSON object' }]);
    }
    state.body = validateWith(await validators[endpoint.body]!(), state.body);
  },
});

/**
 * The request path shared by every Lambda group: observability (log line, metrics, trace; outermost so it
 * sees the final status) -> request id -> header normalisation -> origin check (behind CloudFront) -> body size and
 * JSON -> authenticate -> rate limit -> scope and permission -> path ids -> validation -> idempotency -> operation ->
 * rendered response with rate-limit headers and X-Request-Id.
 */
export function createGroupHandler({
  group,
  endpoints,
  validators,
  ...source
}: {
  group: Group;
  /** The endpoints this group serves (endpointsOf(group) in functions/catalogue.ts; tests may vary one). */
  endpoints: readonly Endpoint[];
  /** The loaders of the group's precompiled body validators (functions/generated/validators-<group>.js). */
  validators: Readonly<Record<string, ValidatorLoader>>;
} & OperationSource) {
  const byRouteKey = new Map(endpoints.map((e) => [routeKey(e), e]));
  const operationOf = operationsOf(group, endpoints, source);
  const unvalidated = endpoints.filter((e) => e.body && !validators[e.body]);
  if (unvalidated.length > 0) {
    throw new Error(`group ${group} has no validator for ${unvalidated.map((e) => e.body).join(', ')}`);
  }
  const unnamed = endpoints.flatMap((e) =>
    pathParamNames(e.path)
      .filter((name) => !e.resources?.[name])
      .map((name) => `{${name}} of ${routeKey(e)}`),
  );
  if (unnamed.length > 0) {
    throw new Error(`group ${group} declares no resource for ${unnamed.join(', ')}`);
  }
  return middy<ApiEvent, ApiResult>()
    .use(observe())
    .use(httpHeaderNormalizer())
    .use(lifecycle((key) => byRouteKey.get(key)))
    .use(originVerify())
    .use(jsonBody())
    .use(authenticate() as Mw)
    .use(rateLimit())
    .use(authorisation())
    .use(pathIds())
    .use(validation(validators))
    .use(idempotency())
    .handler(async (event: ApiEvent) => {
      const state = stateOf({ event });
      if (state.replay) return state.replay;
      return answerClaimFirst(state, async () => {
        // The journal is made before anything is awaited: a claim refused meanwhile clears
        // state.idempotency (answerClaimFirst), and the journal must still hold this request's writes
        // behind the claim rather than commit them as a request without a key.
        const input = {
          endpoint: state.endpoint,
          auth: state.auth!,
          params: (event.pathParameters ?? {}) as Record<string, string>,
          query: state.query ?? {},
          body: state.body,
          requestId: state.requestId,
          now: state.now,
          journal: (state.journal = createJournal({
            auth: state.auth!,
            requestId: state.requestId,
            now: state.now,
            idempotency: state.idempotency,
            claimed: state.pendingClaim && claimHeld(state.pendingClaim),
          })),
          preconditions: preconditionsFor(state.endpoint, event.headers),
        };
        const operation = await operationOf(state.endpoint);
        // One read budget per request: a list's probe and bounded index reads share it (read-budget.ts).
        const output = await withReadBudget(() => operation(input));
        const status = output.status ?? state.endpoint.status;
        const result =
          state.endpoint.contentType === 'application/json'
            ? jsonResult(status, output.body, output.headers)
            : textResult(status, state.endpoint.contentType, output.body, output.headers);
        if (!state.endpoint.etag || output.version === undefined) return result;
        const tag = entityTag(output.version, result.body);
        // A 304 has no body; it keeps the tag and the usual headers (added by lifecycle and rate limit).
        if (state.endpoint.method === 'GET' && noneMatch(event.headers['if-none-match'], tag)) {
          return { statusCode: 304, headers: { ETag: tag }, body: '' };
        }
        return { ...result, headers: { ...result.headers, ETag: tag } };
      });
    });
}
