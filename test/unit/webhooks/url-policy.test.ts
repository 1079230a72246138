import { afterEach, describe, expect, it } from 'vitest';
import { checkWebhookUrl, refusedAddress } from '../../../domain/webhooks/url-policy.js';
import {
  resolveTarget,
  useResolver,
  validateSubscriptionUrl,
} from '../../../functions/areas/webhooks/target.js';

const strict = { allowPrivate: false };

/** Hostile targets: every spelling of an internal address we could be tricked into calling. */
const HOSTILE_URLS = [
  'https://127.0.0.1/hook',
  'https://127.0.0.2/',
  'https://127.255.255.254/',
  'https://2130706433/', // decimal 127.0.0.1
  'https://017700000001/', // octal 127.0.0.1
  'https://0x7f000001/', // hex 127.0.0.1
  'https://0x7f.0.0.1/',
  'https://0177.0.0.1/',
  'https://127.1/',
  'https://0/', // 0.0.0.0
  'https://0.0.0.0/',
  'https://10.0.0.1/',
  'https://10.255.255.255/',
  'https://0xa000001/', // hex 10.0.0.1
  'https://167772161/', // decimal 10.0.0.1
  'https://172.16.0.1/',
  'https://172.31.255.255/',
  'https://192.168.0.1/',
  'https://192.168.1.1:8443/admin',
  'https://0xc0a80101/', // hex 192.168.1.1
  'https://169.254.169.254/latest/meta-data/', // cloud metadata (link-local)
  'https://169.254.0.1/',
  'https://2852039166/', // decimal 169.254.169.254
  'https://100.64.0.1/', // CGNAT
  'https://100.127.255.254/',
  'https://224.0.0.1/', // multicast
  'https://239.255.255.250/',
  'https://255.255.255.255/', // broadcast
  'https://[::1]/',
  'https://[::]/',
  'https://[0:0:0:0:0:0:0:1]/',
  'https://[::ffff:127.0.0.1]/', // IPv4-mapped
  'https://[::ffff:10.0.0.1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::127.0.0.1]/', // IPv4-compatible ::/96
  'https://[::a00:1]/',
  'https://[fe80::1]/', // link-local
  'https://[fc00::1]/', // unique-local
  'https://[fd12:3456:789a::1]/',
  'https://[ff02::1]/', // multicast
  'https://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
  'https://[2002:7f00:1::1]/', // 6to4 of 127.0.0.1
  'https://localhost/',
  'https://LOCALHOST./',
  'https://api.localhost/',
  'https://metadata.google.internal/',
  'https://intranet/',
];

const MALFORMED_URLS = [
  'http://example.com/hook', // not https
  'ftp://example.com/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_',
  'not a url',
  '//example.com/relative',
  'https://user:pass@example.com/',
  `https://example.com/${'a'.repeat(2040)}`,
  'https://hooks.example.com/in\r\nX-Injected: 1',
  'https://hooks.example.com/in\n',
  ' https://hooks.example.com/in',
  'https://hooks.example.com/in path',
  'https://hooks.example.com/\tin',
  'https://hooks.example.com/in\u0000',
  'https://hooks.example.com/<script>',
  'https://hooks.example.com/in"quoted"',
  'https://hooks.example.com/in%zz',
  'https://hooks.example.com/in{x}|y',
  'https://bücher.example/in',
];

describe('webhook url policy', () => {
  it(`refuses a corpus of ${HOSTILE_URLS.length} hostile urls as forbidden`, () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(40);
    const accepted = HOSTILE_URLS.filter((url) => {
      const verdict = checkWebhookUrl(url, strict);
      return verdict.ok || verdict.kind !== 'forbidden';
    });
    expect(accepted).toEqual([]);
  });

  it('refuses malformed, non-https and credentialed urls as invalid (400, not 422)', () => {
    for (const url of MALFORMED_URLS) {
      const verdict = checkWebhookUrl(url, strict);
      expect(verdict, url).toMatchObject({ ok: false, kind: 'invalid' });
    }
  });

  it('accepts public https urls, by name or by public address', () => {
    for (const url of [
      'https://hooks.example.com/in',
      'https://93.184.216.34:8443/x',
      'https://[2606:4700::1111]/',
      "https://hooks.example.com/in?a=1&b=%20x#frag~!$'()*+,;=:@",
      'https://xn--bcher-kva.example/in',
    ]) {
      expect(checkWebhookUrl(url, strict).ok, url).toBe(true);
    }
    expect(checkWebhookUrl('https://hooks.example.com/in', strict)).toMatchObject({ literal: null });
  });

  it('classifies addresses with ipaddr.js ranges', () => {
    expect(refusedAddress('8.8.8.8', strict)).toBeNull();
    expect(refusedAddress('10.1.2.3', strict)).toMatch(/private/);
    expect(refusedAddress('::ffff:7f00:1', strict)).toMatch(/ipv4Mapped/);
    expect(refusedAddress('::7f00:1', strict)).toMatch(/::\/96/);
    expect(refusedAddress('fe80::1', strict)).toMatch(/linkLocal/);
  });

  it('ALLOW_PRIVATE_WEBHOOK_URLS lets http and loopback through (local only)', () => {
    const loose = { allowPrivate: true };
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', loose).ok).toBe(true);
    expect(checkWebhookUrl('http://localhost:4000/hook', loose).ok).toBe(true);
    expect(checkWebhookUrl('ftp://127.0.0.1/', loose).ok).toBe(false);
  });
});

describe('webhook urls with DNS', () => {
  afterEach(() => useResolver(null));

  it('refuses at delivery time a name that now resolves to a private address', async () => {
    useResolver(async (host) =>
      host === 'rebind.example.com'
        ? [{ address: '10.0.0.7', family: 4 }]
        : [{ address: '93.184.216.34', family: 4 }],
    );
    expect(await resolveTarget('https://rebind.example.com/hook')).toEqual({
      ok: false,
      reason: 'url refused: rebind.example.com resolves to 10.0.0.7 is not a public address (private)',
    });
    const ok = await resolveTarget('https://public.example.com/hook');
    expect(ok).toMatchObject({ ok: true, address: '93.184.216.34', family: 4 });
  });

  it('refuses when any one of several answers is internal (no picking the good one)', async () => {
    useResolver(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(await resolveTarget('https://mixed.example.com/')).toMatchObject({ ok: false });
    await expect(validateSubscriptionUrl('https://mixed.example.com/')).rejects.toMatchObject({
      code: 'unprocessable',
    });
  });

  it('accepts an unresolvable host at create, and refuses it at delivery', async () => {
    useResolver(async () => {
      throw new Error('ENOTFOUND');
    });
    await expect(validateSubscriptionUrl('https://not-yet.example.com/')).resolves.toBeUndefined();
    expect(await resolveTarget('https://not-yet.example.com/')).toEqual({
      ok: false,
      reason: 'could not resolve not-yet.example.com: ENOTFOUND',
    });
  });
});
