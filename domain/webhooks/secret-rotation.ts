/**
 * Rotating a signing secret (beyond the spec, which only offers delete and recreate): the new secret
 * signs at once, and the old one keeps signing beside it for a grace period, so a receiver can swap its
 * copy without dropping a delivery in between.
 */
export const ROTATION_GRACE_HOURS = 24;

/** A subscription's stored secrets, in whatever form they are stored (sealed). */
export interface StoredSecrets<T = string> {
  current: T;
  previous: { secret: T; expiresAt: string } | null;
}

export const previousExpiry = (now: Date): string =>
  new Date(now.getTime() + ROTATION_GRACE_HOURS * 3600_000).toISOString();

/** The secrets that sign a delivery sent at `now`: the current one first, then the old one in its grace. */
export const liveSecrets = <T>(stored: StoredSecrets<T>, now: Date): T[] =>
  stored.previous && Date.parse(stored.previous.expiresAt) > now.getTime()
    ? [stored.current, stored.previous.secret]
    : [stored.current];
