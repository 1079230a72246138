import ipaddr from 'ipaddr.js';

/**
 * The address in `CloudFront-Viewer-Address` (`203.0.113.7:443`, `[2001:db8::1]:443` or `2001:db8::1:443`),
 * normalised; undefined when it is absent or not an address. Its own module: only a stack behind
 * CloudFront reads it, so the origin check loads it (and ipaddr.js) on first use, not at import.
 */
export function viewerAddress(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const colon = header.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const host = header.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(host)) return undefined;
  return ipaddr.process(host).toString();
}
