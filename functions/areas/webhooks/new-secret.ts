import { randomBytes } from 'node:crypto';
import { SECRET_PREFIX } from '../../../domain/webhooks/signature.js';

/**
 * 32 random bytes as hex: the secret is the only thing standing between a subscriber and forged events.
 * Drawn here rather than in domain/webhooks, which stays pure (the same input, the same answer).
 */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('hex')}`;
