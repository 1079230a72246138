import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { ApiError } from '../../../domain/errors.js';
import { stateOf } from './state.js';
import type { ApiEvent, ApiResult } from './types.js';

/**
 * Behind `-c waf=true` (infra/edge.ts) CloudFront adds this header, carrying the stack's origin secret, to
 * every request it forwards. The execute-api URL would otherwise reach the API around CloudFront and WAF.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Set on the API Lambdas only when the stack has CloudFront in front; unset (local server, no waf): no check. */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';
/** CloudFront's record of the viewer's address, `ip:port` (origin request policy AllViewerExceptHostHeader). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal digests compared in constant time: the answer's timing says nothing about the secret's prefix. */
const matches = (presented: string | undefined, secret: string) =>
  presented !== undefined && timingSafeEqual(digest(presented), digest(secret));

export const originNotVerified = (): ApiError =>
  new ApiError('forbidden', 'Requests must come through the API’s published URL');

/**
 * Refuses, before authentication and any I/O, a request that did not come through our CloudFront
 * distribution; on one that did, the client's address is CloudFront's viewer address, not the edge's.
 * The header is trusted only once the origin is verified: a caller reaching the API directly could set it.
 */
export const originVerify = (): middy.MiddlewareObj<ApiEvent, ApiResult> => ({
  before: async (request) => {
    const secret = process.env[ORIGIN_VERIFY_ENV];
    if (!secret) return;
    const { headers } = request.event;
    if (!matches(headers[ORIGIN_VERIFY_HEADER], secret)) throw originNotVerified();
    const { viewerAddress } = await import('./viewer-address.js');
    stateOf(request).clientIp = viewerAddress(headers[VIEWER_ADDRESS_HEADER]);
  },
});
