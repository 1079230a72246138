/**
 * The sealer a process uses, chosen by its environment: with WEBHOOK_SECRETS_KEY_ID (the stack sets it)
 * new secrets are sealed with KMS; elsewhere (npm start, tests, the admin CLI locally) with the local key.
 * A Lambda without the key id refuses to seal rather than fall back to a key on its ephemeral disk.
 * Opening goes by the value's own prefix, so either kind of sealed value opens in any process that may
 * use its key, and a legacy plain value (stored before sealing) is returned as it is, with a warning.
 */
import { logger } from '../observability/logger.js';
import { inLambda } from '../observability/runtime.js';
import { kmsSealer } from './kms-sealer.js';
import { localSealer } from './local-sealer.js';
import { isSealed, KMS_PREFIX, type SealContext, type SecretSealer } from './sealer.js';

export const KMS_KEY_ENV = 'WEBHOOK_SECRETS_KEY_ID';

export function configuredSealer(env: NodeJS.ProcessEnv = process.env): SecretSealer {
  const keyId = env[KMS_KEY_ENV] || undefined;
  const kms = kmsSealer({ keyId });
  const local = localSealer();
  return {
    seal(plain: string, context: SealContext) {
      if (keyId) return kms.seal(plain, context);
      if (inLambda()) throw new Error(`${KMS_KEY_ENV} is not set: refusing to seal a secret without KMS`);
      return local.seal(plain, context);
    },
    async open(value: string, context: SealContext) {
      if (!isSealed(value)) {
        logger.warn('legacy unsealed secret read; rotate it to store it sealed', { ...context });
        return value;
      }
      return value.startsWith(KMS_PREFIX) ? kms.open(value, context) : local.open(value, context);
    },
  };
}

let shared: SecretSealer | undefined;

/** One per process, so the KMS client and its cache of opened secrets live as long as the container. */
export const secretSealer = (): SecretSealer => (shared ??= configuredSealer());
