/**
 * Sealing without AWS (npm start, tests, the admin CLI against DynamoDB Local): AES-256-GCM with the
 * context as additional authenticated data, so a changed byte or a value moved to another row fails to
 * open. The key is WEBHOOK_SECRET_KEY (base64 of 32 bytes) or, when unset, a key generated once into the
 * local data directory (.data/, WEBHOOK_SECRET_KEY_FILE to move it) so that the server and the admin CLI
 * share it across restarts. Never a network call.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { canonicalContext, LOCAL_PREFIX, type SealContext, type SecretSealer } from './sealer.js';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DEFAULT_KEY_FILE = '.data/webhook-secret.key';

const decodeKey = (base64: string, source: string): Buffer => {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${source} must be the base64 of exactly 32 bytes`);
  return key;
};

/** Reads the key file, creating it first if absent; two processes racing to create it agree (wx flag). */
function keyFromFile(path: string): Buffer {
  try {
    return decodeKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKey(readFileSync(path, 'utf8'), path);
}

export function localKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.WEBHOOK_SECRET_KEY) return decodeKey(env.WEBHOOK_SECRET_KEY, 'WEBHOOK_SECRET_KEY');
  return keyFromFile(env.WEBHOOK_SECRET_KEY_FILE || DEFAULT_KEY_FILE);
}

export function localSealer(key: Buffer | (() => Buffer) = () => localKey()): SecretSealer {
  let resolved: Buffer | undefined;
  const theKey = () => (resolved ??= typeof key === 'function' ? key() : key);
  return {
    async seal(plain: string, context: SealContext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', theKey(), iv);
      cipher.setAAD(Buffer.from(canonicalContext(context)));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${LOCAL_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },
    async open(value: string, context: SealContext) {
      if (!value.startsWith(LOCAL_PREFIX)) throw new Error('not a locally sealed value');
      const bytes = Buffer.from(value.slice(LOCAL_PREFIX.length), 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value is truncated');
      const decipher = createDecipheriv('aes-256-gcm', theKey(), bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(canonicalContext(context)));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
