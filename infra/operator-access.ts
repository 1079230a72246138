/**
 * The managed policy an operator's role, group or SSO permission set attaches to run the admin CLI
 * against the deployed stack (issue 28), and nothing more: the table's item actions the commands use
 * (no table management, no export, no delete-table), on this table and its indexes only; the table's
 * key if it is customer-managed; opening webhook secrets (`webhooks dispatch` signs deliveries); and
 * putting events on this stack's bus (`outbox sweep`). STS GetCallerIdentity, which the CLI calls to
 * name the operator in the audit log, needs no permission.
 */
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { EventBus } from 'aws-cdk-lib/aws-events';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

/**
 * Every DynamoDB call the CLI's code makes (functions/, infra/admin/): transactions need the item actions
 * of their parts; Scan only for the operator's backfills (`projection backfill`, the organisation
 * registry, `invoice reconcile-accounts`).
 */
export const OPERATOR_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

/** What a customer-managed table key must allow for those reads and writes. */
const TABLE_KEY_ACTIONS = ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey'];

export function operatorPolicy(
  scope: Construct,
  targets: { table: Table; webhookSecretsKey: Key; bus: EventBus },
): ManagedPolicy {
  const { table } = targets;
  const statements = [
    new PolicyStatement({
      sid: 'TableItems',
      actions: [...OPERATOR_TABLE_ACTIONS],
      resources: [table.tableArn, `${table.tableArn}/index/*`],
    }),
    new PolicyStatement({
      sid: 'OpenWebhookSecrets',
      actions: ['kms:Decrypt'],
      resources: [targets.webhookSecretsKey.keyArn],
    }),
    new PolicyStatement({
      sid: 'PublishEvents',
      actions: ['events:PutEvents'],
      resources: [targets.bus.eventBusArn],
    }),
  ];
  if (table.encryptionKey) {
    statements.push(
      new PolicyStatement({
        sid: 'TableKey',
        actions: TABLE_KEY_ACTIONS,
        resources: [table.encryptionKey.keyArn],
      }),
    );
  }
  return new ManagedPolicy(scope, 'OperatorPolicy', {
    description: 'Runs the Stockflow admin CLI against this stack: table items, webhook secrets, events',
    statements,
  });
}
