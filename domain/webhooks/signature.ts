/**
 * Two signature schemes over the same raw body, keyed by the same secret:
 * - X-Service-Signature (the spec's, Stripe's scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "<t>.<rawBody>">`, the HMAC keyed by the secret string as it was shown (UTF-8 bytes, `whsec_` included).
 * - Standard Webhooks (beyond the spec): `webhook-signature: v1,<base64 HMAC-SHA256 of
 *   "<webhook-id>.<webhook-timestamp>.<rawBody>">`, keyed, as that spec says, by the base64 decoding of the
 *   secret after `whsec_`. Our secret's body is 64 hex digits, which are also valid base64 (48 bytes, all
 *   256 random bits kept), so the secret goes unchanged into any Standard Webhooks verifier.
 * While a rotated secret is in its grace period each header carries one signature per live secret, in
 * each scheme's own multi-signature form (repeated `v1=`; space-separated `v1,` entries), newest first.
 * The timestamp is signed with the body so a captured delivery cannot be replayed later with a new time.
 */
import { createHmac } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** How much of the secret the API shows after creation: enough to tell secrets apart, too little to sign. */
export const SHOWN_SECRET_LENGTH = SECRET_PREFIX.length + 8;

const stripeV1 = (secret: string, unixSeconds: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');

/** The X-Service-Signature header, signed by every secret given (one, or two during a rotation). */
export const signature = (
  secrets: string | readonly string[],
  unixSeconds: number,
  rawBody: string,
): string =>
  [`t=${unixSeconds}`, ...[secrets].flat().map((s) => `v1=${stripeV1(s, unixSeconds, rawBody)}`)].join(',');

/** The HMAC key Standard Webhooks derives from a `whsec_` secret. */
export const standardWebhooksKey = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** The webhook-signature header of Standard Webhooks, signed by every secret given. */
export const standardSignature = (
  secrets: string | readonly string[],
  messageId: string,
  unixSeconds: number,
  rawBody: string,
): string =>
  [secrets]
    .flat()
    .map(
      (s) =>
        `v1,${createHmac('sha256', standardWebhooksKey(s)).update(`${messageId}.${unixSeconds}.${rawBody}`).digest('base64')}`,
    )
    .join(' ');

export const secretPrefixOf = (secret: string): string => secret.slice(0, SHOWN_SECRET_LENGTH);
