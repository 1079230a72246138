import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../functions/lambdas.js';
import { KMS_KEY_ENV } from '../../functions/platform/secrets/configured-sealer.js';
import { nagPacks } from '../../infra/nag.js';
import { ApiStack, EVENT_FUNCTIONS } from '../../infra/stack.js';

// An empty bundling-stacks list skips esbuild: these tests check the template, not the bundles.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new ApiStack(app, 'Test');
const template = Template.fromStack(stack);

const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const keyId = logicalId(stack.webhookSecretsKey);
const keyArn = { 'Fn::GetAtt': [keyId, 'Arn'] };
const ALL: [string, LambdaFunction][] = [
  ...GROUPS.map((g) => [g, stack.functions[g]] as [string, LambdaFunction]),
  ...EVENT_FUNCTIONS.map((e) => [e, stack.eventFunctions[e]] as [string, LambdaFunction]),
];

/** The actions a function's role has on the webhook secrets key. */
function keyActionsOf(fn: LambdaFunction): string[] {
  const roleId = logicalId(fn.role!);
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as any[];
  return policies
    .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement)
    .filter((s: any) => JSON.stringify(s.Resource) === JSON.stringify(keyArn))
    .flatMap((s: any) => [s.Action].flat())
    .sort();
}
const envOf = (fn: LambdaFunction) =>
  (template.findResources('AWS::Lambda::Function')[logicalId(fn)] as any).Properties.Environment.Variables;

describe('webhook secrets key', () => {
  it('is a customer-managed key with yearly rotation, retained with the table', () => {
    const key = template.findResources('AWS::KMS::Key')[keyId] as any;
    expect(key.Properties).toMatchObject({
      EnableKeyRotation: true,
      Description: 'Seals webhook signing secrets',
    });
    expect(key.DeletionPolicy).toBe('Retain');
  });

  it('the webhooks API may only encrypt, the functions that deliver may only decrypt, nothing else touches it', () => {
    const granted = Object.fromEntries(
      ALL.map(([name, fn]) => [name, keyActionsOf(fn)] as const).filter(([, actions]) => actions.length > 0),
    );
    expect(granted).toEqual({
      webhooks: ['kms:Encrypt'],
      deliveryWorker: ['kms:Decrypt'],
      dispatcher: ['kms:Decrypt'],
    });
  });

  it('those three get the key in their environment (KMS sealing in Lambda); no other function does', () => {
    const withKey = ALL.filter(([, fn]) => KMS_KEY_ENV in envOf(fn)).map(([name]) => name);
    expect(withKey.sort()).toEqual(['deliveryWorker', 'dispatcher', 'webhooks']);
    expect(envOf(stack.functions.webhooks)[KMS_KEY_ENV]).toEqual(keyArn);
  });

  it('cdk-nag stays clean', () => {
    for (const pack of nagPacks()) {
      expect(pack.validateScope(stack).violations.map((v) => v.ruleName)).toEqual([]);
    }
  });
});
