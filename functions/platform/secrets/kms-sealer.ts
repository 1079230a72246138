/**
 * Sealing with the stack's KMS key: each secret is a KMS Encrypt of its own (a webhook secret is 70 bytes,
 * far under Encrypt's 4 KB, so envelope encryption would add a data key and gain nothing). The context is
 * the KMS encryption context, so it is checked by KMS and written to CloudTrail with every Decrypt.
 * Opened values are kept a few minutes in memory: a worker signing a burst of deliveries to one
 * subscription calls KMS once, and a rotated secret is a new sealed value, so never a stale hit.
 * The KMS client loads with the first seal or open: the webhooks Lambda's lists and reads never need it,
 * so its cold import does not parse it (issue 29 item 1).
 */
import type { KMSClient } from '@aws-sdk/client-kms';
import { traced } from '../observability/tracer.js';
import { canonicalContext, KMS_PREFIX, type SealContext, type SecretSealer } from './sealer.js';

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_ENTRIES = 500;

export interface KmsSealerOptions {
  /** Needed to seal; opening reads the key from the ciphertext, and checks it when given. */
  keyId?: string;
  client?: KMSClient;
  now?: () => number;
}

export function kmsSealer(options: KmsSealerOptions = {}): SecretSealer {
  let client = options.client;
  /** The client and its commands, loaded with the first seal or open. */
  const kms = async () => {
    const sdk = await import('@aws-sdk/client-kms');
    client ??= traced(new sdk.KMSClient({ maxAttempts: 3 }));
    return { client, sdk };
  };
  const now = options.now ?? Date.now;
  const cache = new Map<string, { plain: string; until: number }>();

  return {
    async seal(plain: string, context: SealContext) {
      if (!options.keyId) throw new Error('sealing with KMS needs a key id (WEBHOOK_SECRETS_KEY_ID)');
      const { client, sdk } = await kms();
      const { CiphertextBlob } = await client.send(
        new sdk.EncryptCommand({
          KeyId: options.keyId,
          Plaintext: Buffer.from(plain, 'utf8'),
          EncryptionContext: { ...context },
        }),
      );
      if (!CiphertextBlob) throw new Error('KMS Encrypt returned no ciphertext');
      return `${KMS_PREFIX}${Buffer.from(CiphertextBlob).toString('base64')}`;
    },
    async open(value: string, context: SealContext) {
      if (!value.startsWith(KMS_PREFIX)) throw new Error('not a KMS-sealed value');
      const cacheKey = `${canonicalContext(context)}\n${value}`;
      const hit = cache.get(cacheKey);
      if (hit && hit.until > now()) return hit.plain;
      const { client, sdk } = await kms();
      const { Plaintext } = await client.send(
        new sdk.DecryptCommand({
          CiphertextBlob: Buffer.from(value.slice(KMS_PREFIX.length), 'base64'),
          EncryptionContext: { ...context },
          ...(options.keyId ? { KeyId: options.keyId } : {}),
        }),
      );
      if (!Plaintext) throw new Error('KMS Decrypt returned no plaintext');
      const plain = Buffer.from(Plaintext).toString('utf8');
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(cacheKey, { plain, until: now() + CACHE_TTL_MS });
      return plain;
    },
  };
}
