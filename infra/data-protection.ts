/**
 * What keeps the table's data beyond point-in-time recovery (issue 28): deletion protection, on unless
 * `-c deletionProtection=false` (a mistaken `aws dynamodb delete-table` or a replacement by a stack
 * change is refused), and an optional AWS Backup plan (`-c backup=true`): a second copy, in a vault of
 * its own, on a daily schedule with its own retention, which outlives the table and its PITR window.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import type { Construct } from 'constructs';
import { contextFlag, contextNumber } from './context.js';

export const DATA_PROTECTION_CONTEXT = {
  /** `false` lets the table be deleted (a throw-away stage). On by default. */
  deletionProtection: 'deletionProtection',
  /** `true` adds the AWS Backup vault, plan and selection. Off by default: backups cost storage. */
  backup: 'backup',
  /** Days each daily backup is kept (default 35). */
  backupRetentionDays: 'backupRetentionDays',
  /** Hour of the day (UTC, 0-23) the daily backup starts (default 3). */
  backupHourUtc: 'backupHourUtc',
} as const;

export const BACKUP_DEFAULTS = { retentionDays: 35, hourUtc: 3 } as const;

export const tableDeletionProtection = (scope: Construct): boolean =>
  contextFlag(scope, DATA_PROTECTION_CONTEXT.deletionProtection, true);

export interface TableBackup {
  vault: BackupVault;
  plan: BackupPlan;
}

export function tableBackup(scope: Construct, table: Table): TableBackup | undefined {
  if (!contextFlag(scope, DATA_PROTECTION_CONTEXT.backup, false)) return undefined;
  const retentionDays = contextNumber(
    scope,
    DATA_PROTECTION_CONTEXT.backupRetentionDays,
    BACKUP_DEFAULTS.retentionDays,
    { min: 1, integer: true },
  );
  const hour = contextNumber(scope, DATA_PROTECTION_CONTEXT.backupHourUtc, BACKUP_DEFAULTS.hourUtc, {
    min: 0,
    max: 23,
    integer: true,
  });
  const vault = new BackupVault(scope, 'BackupVault', {
    // Recovery points outlive the stack like the table itself does.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const plan = new BackupPlan(scope, 'BackupPlan', { backupVault: vault });
  plan.addRule(
    new BackupPlanRule({
      ruleName: 'Daily',
      scheduleExpression: Schedule.cron({ minute: '0', hour: String(hour) }),
      startWindow: Duration.hours(1),
      completionWindow: Duration.hours(8),
      deleteAfter: Duration.days(retentionDays),
    }),
  );
  plan.addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(table)] });
  return { vault, plan };
}
