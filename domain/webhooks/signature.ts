/**
 * The X-Service-Signature scheme (Stripe's): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<rawBody>">`.
 * The timestamp is signed with the body so a captured delivery cannot be replayed later with a new time.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** How much of the secret the API shows after creation: enough to tell secrets apart, too little to sign. */
export const SHOWN_SECRET_LENGTH = SECRET_PREFIX.length + 8;

export const signature = (secret: string, unixSeconds: number, rawBody: string): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex')}`;

/** 32 random bytes as hex: the secret is the only thing standing between a subscriber and forged events. */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('hex')}`;

export const secretPrefixOf = (secret: string): string => secret.slice(0, SHOWN_SECRET_LENGTH);
