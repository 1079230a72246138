import { createHash } from 'node:crypto';
import { preconditionFailed } from '../../../domain/errors.js';
import type { Endpoint } from '../catalogue/endpoint.js';

/**
 * Entity tags for the records whose endpoints declare `etag: true` (beyond the spec, docs/decisions.md).
 *
 * The tag is `"v<version>-<digest>"`: the record's version, which If-Match compares (a PUT is refused only
 * when the record itself changed since the caller read it), and a digest of the rendered body, which
 * If-None-Match compares (a representation also shows data the version does not cover, such as a
 * product's stock or its components' allergens, and a 304 must never hide a change of those).
 */
export function entityTag(version: number, body: string): string {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return `"v${version}-${digest}"`;
}

/** The comma-separated entity tags of an If-Match / If-None-Match value; `*` stands alone. */
function listedTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` is ignored on either side. */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = (t: string) => (t.startsWith('W/') ? t.slice(2) : t);
  return listedTags(header).some((listed) => listed === '*' || opaque(listed) === opaque(tag));
}

const VERSION_TAG = /^"v(\d{1,15})-[A-Za-z0-9_-]*"$/;

/**
 * The versions an If-Match value accepts, or '*' for any. Strong comparison: weak tags and tags this
 * API never issued match nothing, so such a PUT is 412.
 */
export function ifMatchVersions(header: string): number[] | '*' {
  const tags = listedTags(header);
  if (tags.includes('*')) return '*';
  return tags.flatMap((tag) => {
    const match = VERSION_TAG.exec(tag);
    return match ? [Number(match[1])] : [];
  });
}

/** What an operation checks against the version it read, inside its optimistic write. */
export interface Preconditions {
  /** Throws 412 precondition_failed when the request's If-Match does not accept this version. */
  checkVersion(version: number): void;
  /** No If-Match was sent: a merge-patch may land on whatever version it meets (issue 29 item 2). */
  readonly none: boolean;
}

export const NO_PRECONDITIONS: Preconditions = { checkVersion: () => undefined, none: true };

/** If-Match is honoured on the PUTs of endpoints that issue tags; elsewhere it is ignored. */
export function preconditionsFor(
  endpoint: Endpoint,
  headers: Record<string, string | undefined>,
): Preconditions {
  const header = headers['if-match'];
  if (!endpoint.etag || endpoint.method !== 'PUT' || header === undefined) return NO_PRECONDITIONS;
  const accepted = ifMatchVersions(header);
  return {
    none: false,
    checkVersion: (version) => {
      if (accepted === '*' || accepted.includes(version)) return;
      throw preconditionFailed(
        `If-Match does not match the current version (v${version}); read it again and reapply the change`,
      );
    },
  };
}
