/**
 * Which webhook targets we are willing to call. The answer is applied at create, at update and again on
 * every delivery (after DNS resolution, to the exact address we then connect to), so a name that later
 * resolves to an internal address is refused too.
 */
import ipaddr from 'ipaddr.js';

export const MAX_URL_LENGTH = 2048;

export interface UrlPolicy {
  /** Local development only (ALLOW_PRIVATE_WEBHOOK_URLS=1): http:// and loopback/private targets. */
  allowPrivate: boolean;
}

export type UrlVerdict =
  | { ok: true; url: URL; literal: string | null }
  | { ok: false; kind: 'invalid' | 'forbidden'; reason: string };

/** Only globally routable unicast addresses are acceptable; ipaddr.js names every other range. */
const ACCEPTED_RANGE = 'unicast';

/**
 * ipaddr.js files the deprecated IPv4-compatible block (::/96, e.g. ::7f00:1) under plain "unicast",
 * and NAT64/6to4/Teredo embed an IPv4 address we cannot vouch for, so these are refused by name.
 */
const EMBEDDING_IPV6_RANGES = [ipaddr.IPv6.parseCIDR('::/96')];
const EMBEDDING_IPV6_NAMES = new Set(['rfc6052', '6to4', 'teredo', 'rfc6145', 'ipv4Mapped']);

/** Why an address may not be called, or null when it may. */
export function refusedAddress(address: string, policy: UrlPolicy): string | null {
  if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
  const parsed = ipaddr.parse(address);
  if (policy.allowPrivate) return null;
  const range = parsed.range();
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (EMBEDDING_IPV6_NAMES.has(range)) return `${address} embeds an IPv4 address (${range})`;
    if (range === ACCEPTED_RANGE && EMBEDDING_IPV6_RANGES.some((cidr) => v6.match(cidr))) {
      return `${address} is in the IPv4-compatible block ::/96`;
    }
  }
  return range === ACCEPTED_RANGE ? null : `${address} is not a public address (${range})`;
}

/**
 * The characters RFC 3986 lets a URL hold, percent escapes complete. The WHATWG parser would quietly drop
 * CR, LF and tabs and escape spaces, so without this a url we never received as such would be stored and
 * called. Internationalised names are sent in their ASCII (punycode) form.
 */
const URL_CHARACTERS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

/** Host names that name this machine or a cloud metadata service whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)$/i;

/**
 * Checks a webhook url before any DNS: syntax, scheme, credentials, and literal addresses (the WHATWG
 * parser has already turned decimal, octal and hex IPv4 spellings into dotted quads). A host name is
 * accepted here; its addresses are checked by the caller with refusedAddress().
 */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): UrlVerdict {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, kind: 'invalid', reason: 'is longer than 2048' };
  if (!URL_CHARACTERS.test(raw)) {
    return {
      ok: false,
      kind: 'invalid',
      reason: 'must be a URL: no spaces, control characters or characters outside RFC 3986',
    };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, kind: 'invalid', reason: 'is not a valid absolute URL' };
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return { ok: false, kind: 'invalid', reason: 'must use https' };
  if (url.username || url.password) {
    return { ok: false, kind: 'invalid', reason: 'must not carry credentials' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '') return { ok: false, kind: 'invalid', reason: 'has no host' };
  if (ipaddr.isValid(host)) {
    const refused = refusedAddress(host, policy);
    if (refused) return { ok: false, kind: 'forbidden', reason: refused };
    return { ok: true, url, literal: ipaddr.parse(host).toString() };
  }
  if (!policy.allowPrivate && (LOCAL_NAMES.test(host) || !host.includes('.'))) {
    return { ok: false, kind: 'forbidden', reason: `${host} is not a public host name` };
  }
  return { ok: true, url, literal: null };
}
