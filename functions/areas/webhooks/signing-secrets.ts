/**
 * The one place a webhook secret is sealed or opened. The API seals a new secret before storing it; the
 * delivery worker (and the dispatch pass, which delivers too) opens the live ones to sign. The seal is
 * bound to the organisation and the subscription, so a sealed value copied to another row does not open.
 */
import { liveSecrets } from '../../../domain/webhooks/secret-rotation.js';
import { secretSealer } from '../../platform/secrets/configured-sealer.js';
import type { SealContext } from '../../platform/secrets/sealer.js';
import { getSealedSecrets } from './store/webhooks.js';

const contextOf = (orgId: string, subscriptionId: string): SealContext => ({
  orgId,
  webhookId: subscriptionId,
});

export const sealSecret = (orgId: string, subscriptionId: string, secret: string): Promise<string> =>
  secretSealer().seal(secret, contextOf(orgId, subscriptionId));

/**
 * The plain secrets that sign a delivery sent at `now`, newest first (two during a rotation's grace
 * period); null when the subscription's secret is gone (deleted).
 */
export async function openSigningSecrets(
  orgId: string,
  subscriptionId: string,
  now: Date,
): Promise<string[] | null> {
  const stored = await getSealedSecrets(orgId, subscriptionId);
  if (!stored) return null;
  const context = contextOf(orgId, subscriptionId);
  return Promise.all(liveSecrets(stored, now).map((sealed) => secretSealer().open(sealed, context)));
}
