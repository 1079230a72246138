/**
 * cdk-nag (AwsSolutions and Serverless packs) checks what the stack must not get wrong; the app runs them
 * on every synth and the stack tests require zero unacknowledged findings. Each acknowledgement below is
 * as narrow as the finding allows and says why it is right for this service.
 */
import type { Stack } from 'aws-cdk-lib';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export const nagPacks = (scope?: IConstruct): NagPack[] => [
  new AwsSolutionsChecks(scope),
  new ServerlessChecks(scope),
];

interface NagTargets {
  api: IConstruct;
  /** Queues that are themselves where failures go (a DLQ or an on-failure destination). */
  failureQueues: IConstruct[];
  /** Of those, the ones that are not a queue's DLQ (an event source's on-failure destination). */
  failureDestinations: IConstruct[];
  /** Functions fed by an SQS event source. */
  queueConsumers: IConstruct[];
  /** Rules that invoke a function on a schedule. */
  schedules: IConstruct[];
  alarmTopic: IConstruct;
  /** With `-c waf=true`: the CloudFront distribution in front of the API (infra/edge.ts). */
  distribution?: IConstruct;
  /** With `-c domainName=...` on that distribution: it then enforces TLS 1.2. */
  distributionHasDomain?: boolean;
  /** With `-c backup=true`: the backup plan (its selection's role). */
  backupPlan?: IConstruct;
  /** With `-c tableEncryption=customer-managed`. */
  tableKeyed?: boolean;
}

const acknowledge = (scope: IConstruct, id: string, reason: string) =>
  Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeNagFindings(stack: Stack, targets: NagTargets): void {
  // Stack-wide: these hold for every function by construction, including functions added later.
  acknowledge(
    stack,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "The managed basic execution role only allows writing the function's own CloudWatch logs.",
  );
  acknowledge(
    stack,
    'AwsSolutions-IAM5[Resource::*]',
    'Only X-Ray needs it: xray:PutTraceSegments and PutTelemetryRecords have no resource-level permissions.',
  );
  acknowledge(
    stack,
    'AwsSolutions-IAM5[Resource::<TableCD117FA1.Arn>/index/*]',
    "Grants cover the indexes of the stack's own single table; lists and work queues query them.",
  );
  const runtimeReason =
    'Node.js 22 is the newest runtime the project builds and tests for (package.json engines, esbuild target node22); it moves with them.';
  acknowledge(stack, 'AwsSolutions-L1', runtimeReason);
  acknowledge(stack, 'Serverless-LambdaLatestVersion', runtimeReason);
  acknowledge(
    stack,
    'Serverless-LambdaDLQ',
    'No function is invoked asynchronously with work to lose: API functions are synchronous, stream and queue consumers have their own failure destinations, and scheduled passes are repeated every 1-5 minutes (their errors alarm).',
  );

  acknowledge(
    targets.api,
    'AwsSolutions-APIG4',
    'Every non-public route authenticates an API key in the handler (hashed keys in the table, scopes, revocation within 10 s, per-key rate limits); only the OpenAPI document is public by design.',
  );
  for (const queue of targets.failureDestinations) {
    acknowledge(
      queue,
      'AwsSolutions-SQS3',
      'This queue is where failed stream records or scheduled-job events are parked.',
    );
  }
  for (const queue of targets.failureQueues) {
    acknowledge(
      queue,
      'Serverless-SQSRedrivePolicy',
      'This queue is where failed messages or records are parked; nothing consumes it, an alarm watches it.',
    );
  }
  for (const consumer of targets.queueConsumers) {
    acknowledge(
      consumer,
      'Serverless-LambdaEventSourceMappingDestination',
      "SQS event sources take no on-failure destination: the queue's redrive policy sends failed messages to its dead-letter queue.",
    );
  }
  acknowledge(
    targets.alarmTopic,
    'Serverless-SNSRedrivePolicy',
    'The only subscription is the optional alarm email; an undeliverable email leaves the alarm itself in ALARM on the dashboard and in the console.',
  );
  if (targets.tableKeyed) {
    // CDK's grants on a customer-managed table key; the resource is that one key.
    for (const action of ['kms:ReEncrypt*', 'kms:GenerateDataKey*']) {
      acknowledge(
        stack,
        `AwsSolutions-IAM5[Action::${action}]`,
        "DynamoDB's use of the table's customer-managed key (CDK's table grants), on that key only.",
      );
    }
  }
  if (targets.distribution) {
    acknowledge(
      targets.distribution,
      'AwsSolutions-CFR1',
      "The API serves integrations wherever the tenants run them; restricting countries is the tenant's call, not the platform's (a WAF rule can add it).",
    );
    acknowledge(
      targets.distribution,
      'AwsSolutions-CFR3',
      "Every request is logged at the origin (the API stage's JSON access logs) and WAF keeps sampled requests and metrics; CloudFront's own logs would need a bucket and repeat them.",
    );
    if (!targets.distributionHasDomain) {
      acknowledge(
        targets.distribution,
        'AwsSolutions-CFR4',
        "Without -c domainName the distribution uses CloudFront's default certificate, which cannot set a minimum TLS version; with a domain it requires TLS 1.2 (docs/operating.md).",
      );
    }
  }
  if (targets.backupPlan) {
    acknowledge(
      targets.backupPlan,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      'AWS Backup runs the selection with its own service-role policy, maintained by AWS for backup jobs; the role trusts backup.amazonaws.com only.',
    );
  }
  for (const rule of targets.schedules) {
    acknowledge(
      rule,
      'Serverless-EventBusDLQ',
      'A scheduled pass whose invocation is lost is replaced by the next one a few minutes later; nothing is carried in the event.',
    );
  }
}
