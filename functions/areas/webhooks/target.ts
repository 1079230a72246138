/**
 * Applies the url policy (domain/webhooks/url-policy.ts) with DNS: at create and update, and before every
 * delivery, where the address checked is the address then connected to (pinned), so a name cannot pass the
 * check with one answer and be called at another.
 */
import { lookup } from 'node:dns/promises';
import { unprocessable, validationError } from '../../../domain/errors.js';
import type { UrlPolicy } from '../../../domain/webhooks/url-policy.js';
import { config } from '../../platform/config.js';

/**
 * The policy (and ipaddr.js under it) loads with the first check, a create, an update or a delivery: the
 * webhooks Lambda's lists and reads never need it, so its cold import does not parse it (issue 29 item 1).
 */
const policyRules = () => import('../../../domain/webhooks/url-policy.js');

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const RESOLVE_TIMEOUT_MS = 3000;

const systemResolver: Resolver = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup of ${hostname} timed out`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
};

let resolver: Resolver = systemResolver;

/** Tests replace DNS (a name that resolves to a private address); null restores the system resolver. */
export function useResolver(replacement: Resolver | null): void {
  resolver = replacement ?? systemResolver;
}

/** Local development only; never set in AWS (design.md section 3). */
export const urlPolicy = (): UrlPolicy => ({ allowPrivate: config.allowPrivateWebhookUrls });

/**
 * For create and update: a malformed or non-https url is 400, a private target 422. A host name that
 * does not resolve now is accepted (DNS may not exist yet) and checked again at every delivery.
 */
export async function validateSubscriptionUrl(raw: string): Promise<void> {
  const { checkWebhookUrl, refusedAddress } = await policyRules();
  const policy = urlPolicy();
  const verdict = checkWebhookUrl(raw, policy);
  if (!verdict.ok) {
    if (verdict.kind === 'invalid') throw validationError([{ path: 'url', message: verdict.reason }]);
    throw unprocessable(`url is not allowed: ${verdict.reason}`);
  }
  if (verdict.literal !== null) return;
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(verdict.url.hostname);
  } catch {
    return;
  }
  for (const { address } of addresses) {
    const refused = refusedAddress(address, policy);
    if (refused) throw unprocessable(`url is not allowed: ${verdict.url.hostname} resolves to ${refused}`);
  }
}

export type Target = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };

/** For a delivery: the one address to connect to, or why none may be. Every resolved address must pass. */
export async function resolveTarget(raw: string): Promise<Target> {
  const { checkWebhookUrl, refusedAddress } = await policyRules();
  const policy = urlPolicy();
  const verdict = checkWebhookUrl(raw, policy);
  if (!verdict.ok) return { ok: false, reason: `url refused: ${verdict.reason}` };
  if (verdict.literal !== null) {
    return {
      ok: true,
      url: verdict.url,
      address: verdict.literal,
      family: verdict.literal.includes(':') ? 6 : 4,
    };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(verdict.url.hostname);
  } catch (error) {
    return { ok: false, reason: `could not resolve ${verdict.url.hostname}: ${(error as Error).message}` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${verdict.url.hostname} has no address` };
  for (const { address } of addresses) {
    const refused = refusedAddress(address, policy);
    if (refused) return { ok: false, reason: `url refused: ${verdict.url.hostname} resolves to ${refused}` };
  }
  const first = addresses[0]!;
  return { ok: true, url: verdict.url, address: first.address, family: first.family };
}
