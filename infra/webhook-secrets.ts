/**
 * The key that seals webhook signing secrets (functions/platform/secrets). Separate from the table's
 * encryption: a table read (a backup, an export, a role with dynamodb:GetItem) yields only ciphertext, and
 * each permission is one direction: the webhooks API may only seal a new secret, the functions that
 * deliver may only open one. Every Decrypt is in CloudTrail with the organisation and subscription.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { KMS_KEY_ENV } from '../functions/platform/secrets/configured-sealer.js';

export function webhookSecretsKey(scope: Construct): Key {
  return new Key(scope, 'WebhookSecretsKey', {
    enableKeyRotation: true,
    description: 'Seals webhook signing secrets',
    // Stored secrets outlive a stack deletion with the retained table; without the key they are lost.
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

const withKey = (key: Key, fn: LambdaFunction, action: 'kms:Encrypt' | 'kms:Decrypt') => {
  fn.addEnvironment(KMS_KEY_ENV, key.keyArn);
  key.grant(fn, action);
};

/** Seals new secrets (create, rotate) and can open none. */
export const allowSealing = (key: Key, fn: LambdaFunction) => withKey(key, fn, 'kms:Encrypt');

/** Opens secrets to sign deliveries and can seal none. */
export const allowOpening = (key: Key, fn: LambdaFunction) => withKey(key, fn, 'kms:Decrypt');
