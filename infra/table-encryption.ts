/**
 * The table's encryption at rest. DynamoDB always encrypts; by default with an AWS-owned key (no cost,
 * no key to manage). `-c tableEncryption=customer-managed` uses a key of the stack instead, for teams
 * whose policy requires a key they control and audit in CloudTrail; the table's grants then include it.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

export const TABLE_ENCRYPTION_CONTEXT = 'tableEncryption';

export function tableEncryption(scope: Construct) {
  const choice = scope.node.tryGetContext(TABLE_ENCRYPTION_CONTEXT) as string | undefined;
  if (choice === undefined || choice === 'aws-owned') return {};
  if (choice !== 'customer-managed') {
    throw new Error(`${TABLE_ENCRYPTION_CONTEXT} must be aws-owned or customer-managed, not ${choice}`);
  }
  const encryptionKey = new Key(scope, 'TableKey', {
    enableKeyRotation: true,
    description: 'Encrypts the API table',
    // The table is retained on delete; its key must outlive it or the data is lost.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  return { encryption: TableEncryption.CUSTOMER_MANAGED, encryptionKey };
}
