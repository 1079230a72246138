import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configuredSealer } from '../../../functions/platform/secrets/configured-sealer.js';
import { kmsSealer } from '../../../functions/platform/secrets/kms-sealer.js';
import { localKey, localSealer } from '../../../functions/platform/secrets/local-sealer.js';

const context = { orgId: 'org_1', webhookId: 'sub_1' };
const secret = `whsec_${'ab'.repeat(32)}`;

describe('KMS sealer', () => {
  const kms = mockClient(KMSClient);
  const blob = Uint8Array.from([1, 2, 3, 4]);
  beforeEach(() => {
    kms.reset();
    kms.on(EncryptCommand).resolves({ CiphertextBlob: blob });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from(secret) });
  });

  it('seals with Encrypt under the key, bound to the encryption context', async () => {
    const sealer = kmsSealer({ keyId: 'arn:key', client: new KMSClient({}) });
    expect(await sealer.seal(secret, context)).toBe(`kms1:${Buffer.from(blob).toString('base64')}`);
    const calls = kms.commandCalls(EncryptCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      KeyId: 'arn:key',
      Plaintext: Buffer.from(secret),
      EncryptionContext: context,
    });
  });

  it('opens with Decrypt and the same context, then from its cache until the cache expires', async () => {
    let now = 0;
    const sealer = kmsSealer({ keyId: 'arn:key', client: new KMSClient({}), now: () => now });
    const sealed = `kms1:${Buffer.from(blob).toString('base64')}`;
    expect(await sealer.open(sealed, context)).toBe(secret);
    expect(await sealer.open(sealed, context)).toBe(secret);
    const calls = kms.commandCalls(DecryptCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      CiphertextBlob: Buffer.from(blob),
      EncryptionContext: context,
      KeyId: 'arn:key',
    });
    // Another context is another cache entry: KMS decides whether it opens, not the cache.
    await sealer.open(sealed, { ...context, webhookId: 'sub_2' });
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(2);
    now += 5 * 60_000 + 1;
    await sealer.open(sealed, context);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(3);
  });

  it('refuses to seal without a key id, and passes KMS refusals on', async () => {
    await expect(kmsSealer({ client: new KMSClient({}) }).seal(secret, context)).rejects.toThrow(/key id/);
    kms.on(DecryptCommand).rejects(new Error('InvalidCiphertextException'));
    await expect(
      kmsSealer({ keyId: 'arn:key', client: new KMSClient({}) }).open('kms1:AQID', context),
    ).rejects.toThrow('InvalidCiphertextException');
  });
});

describe('local sealer', () => {
  const sealer = localSealer(Buffer.alloc(32, 7));

  it('round-trips, with a fresh IV each time', async () => {
    const a = await sealer.seal(secret, context);
    const b = await sealer.seal(secret, context);
    expect(a).toMatch(/^local1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret.slice(6));
    expect(await sealer.open(a, context)).toBe(secret);
    expect(await sealer.open(b, context)).toBe(secret);
  });

  it('a tampered value, another context or another key fails to open', async () => {
    const sealed = await sealer.seal(secret, context);
    const bytes = Buffer.from(sealed.slice('local1:'.length), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    await expect(sealer.open(`local1:${bytes.toString('base64')}`, context)).rejects.toThrow();
    await expect(sealer.open(sealed, { ...context, orgId: 'org_2' })).rejects.toThrow();
    await expect(localSealer(Buffer.alloc(32, 8)).open(sealed, context)).rejects.toThrow();
    await expect(sealer.open('local1:AAAA', context)).rejects.toThrow(/truncated/);
  });

  describe('its key', () => {
    let dir: string;
    beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'sealer-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('comes from WEBHOOK_SECRET_KEY, which must be 32 bytes', () => {
      const key = Buffer.alloc(32, 3);
      expect(localKey({ WEBHOOK_SECRET_KEY: key.toString('base64') })).toEqual(key);
      expect(() => localKey({ WEBHOOK_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
    });

    it('else is generated once into the key file, readable only by its owner, and reused', () => {
      const file = join(dir, 'nested', 'webhook-secret.key');
      const first = localKey({ WEBHOOK_SECRET_KEY_FILE: file });
      expect(first).toHaveLength(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(localKey({ WEBHOOK_SECRET_KEY_FILE: file })).toEqual(first);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
    });
  });
});

describe('configured sealer', () => {
  const local = { WEBHOOK_SECRET_KEY: Buffer.alloc(32, 9).toString('base64') };
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.WEBHOOK_SECRET_KEY;
    process.env.WEBHOOK_SECRET_KEY = local.WEBHOOK_SECRET_KEY;
  });
  afterEach(() => {
    process.env.WEBHOOK_SECRET_KEY = saved;
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });

  it('seals locally without a KMS key id, and reads a legacy plain value as it is', async () => {
    const sealer = configuredSealer({});
    const sealed = await sealer.seal(secret, context);
    expect(sealed).toMatch(/^local1:/);
    expect(await sealer.open(sealed, context)).toBe(secret);
    expect(await sealer.open(secret, context)).toBe(secret);
  });

  it('in Lambda without the key id refuses to seal rather than use a key on local disk', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'webhooks';
    expect(() => configuredSealer({}).seal(secret, context)).toThrow(/WEBHOOK_SECRETS_KEY_ID/);
  });

  it('with the key id seals with KMS, and opens each value by its own prefix', async () => {
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Uint8Array.from([5]) });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from(secret) });
    const sealer = configuredSealer({ WEBHOOK_SECRETS_KEY_ID: 'arn:key' });
    const sealed = await sealer.seal(secret, context);
    expect(sealed).toBe('kms1:BQ==');
    expect(await sealer.open(sealed, context)).toBe(secret);
    const locallySealed = await localSealer(Buffer.alloc(32, 9)).seal(secret, context);
    expect(await sealer.open(locallySealed, context)).toBe(secret);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    kms.restore();
  });
});
