import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { nagPacks } from '../../infra/nag.js';
import { ApiStack } from '../../infra/stack.js';
import { SCHEDULED_JOB_NAMES } from '../../functions/jobs/schedule.js';

// An empty bundling-stacks list skips esbuild: these tests check the template, not the bundles.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new ApiStack(app, 'Test');
const template = Template.fromStack(stack);
const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const resources = (type: string) => Object.entries(template.findResources(type)) as [string, any][];
const jobsId = logicalId(stack.jobs);
const failuresArn = { 'Fn::GetAtt': [logicalId(stack.jobFailures), 'Arn'] };

const schedules = resources('AWS::Events::Rule')
  .map(([, rule]) => rule.Properties)
  .filter((rule) => rule.Targets?.[0]?.Arn?.['Fn::GetAtt']?.[0] === jobsId);

describe('scheduled jobs (design.md section 7)', () => {
  it('the jobs function has 10 minutes and 1,769 MB (one vCPU: a snapshot rewrite of 100k rows is CPU-bound)', () => {
    expect(template.findResources('AWS::Lambda::Function')[jobsId]!.Properties).toMatchObject({
      Timeout: 600,
      MemorySize: 1769,
    });
  });

  it('EventBridge rules invoke the jobs Lambda daily at 00:15, 00:30 and 00:45 (rule crons are UTC) and every 10 minutes, naming the job', () => {
    const byJob = Object.fromEntries(
      schedules.map((rule) => [JSON.parse(rule.Targets[0].Input).job, rule.ScheduleExpression]),
    );
    expect(byJob).toEqual({
      'expire-lots': 'cron(15 0 * * ? *)',
      'roll-overdue': 'cron(30 0 * * ? *)',
      'refresh-snapshots': 'rate(10 minutes)',
      'recount-collections': 'cron(45 0 * * ? *)',
    });
    for (const rule of schedules) expect(rule.State ?? 'ENABLED').toBe('ENABLED');
  });

  it('each target retries twice within an hour, then parks the event in JobFailures', () => {
    expect(schedules).toHaveLength(SCHEDULED_JOB_NAMES.length);
    for (const rule of schedules) {
      expect(rule.Targets).toHaveLength(1);
      expect(rule.Targets[0]).toMatchObject({
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: failuresArn },
      });
    }
    // EventBridge may invoke the function, and only these rules may.
    const permissions = resources('AWS::Lambda::Permission')
      .map(([, p]) => p.Properties)
      .filter((p) => p.FunctionName?.['Fn::GetAtt']?.[0] === jobsId);
    expect(permissions.map((p) => p.Principal)).toEqual(Array(4).fill('events.amazonaws.com'));
  });

  it('alarms on the function errors and on any event parked in JobFailures', () => {
    const alarms = resources('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const errors = alarms.filter(
      (a) => a.MetricName === 'Errors' && a.Dimensions?.[0]?.Value?.Ref === jobsId,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    const parked = alarms.filter(
      (a) =>
        a.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        JSON.stringify(a.Dimensions).includes(logicalId(stack.jobFailures)),
    );
    expect(parked).toHaveLength(1);
    for (const alarm of [...errors, ...parked]) expect(alarm.AlarmActions).toHaveLength(1);
  });

  it('least privilege: only reads by key and item writes on the table and its indexes, reads of its stream, sends to JobFailures; no wildcard action', () => {
    const roleId = logicalId(stack.jobs.role!);
    const statements = resources('AWS::IAM::Policy')
      .map(([, p]) => p.Properties)
      .filter((p) => p.Roles.some((r: any) => r.Ref === roleId))
      .flatMap((p) => p.PolicyDocument.Statement);
    const actionsOf = (s: any): string[] => [s.Action].flat();
    const actions = statements.flatMap(actionsOf).sort();
    const STREAM = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'];
    expect(actions).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        ...STREAM,
        'dynamodb:ListStreams',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ].sort(),
    );
    expect(actions.some((a: string) => a.includes('*') || a === 'dynamodb:Scan')).toBe(false);
    const tableArn = { 'Fn::GetAtt': [logicalId(stack.table), 'Arn'] };
    const streamArn = { 'Fn::GetAtt': [logicalId(stack.table), 'StreamArn'] };
    const dynamo = statements.filter((s: any) => actionsOf(s)[0]!.startsWith('dynamodb:'));
    for (const s of dynamo) {
      if (actionsOf(s).some((a) => STREAM.includes(a))) {
        // The stream's records only (the refresh on mark's event source), never its table through it.
        expect(actionsOf(s).sort()).toEqual(STREAM);
        expect(s.Resource).toEqual(streamArn);
      } else if (!actionsOf(s).includes('dynamodb:ListStreams')) {
        expect(s.Resource).toEqual([tableArn, { 'Fn::Join': ['', [tableArn, '/index/*']] }]);
      }
    }
    const sqs = statements.filter((s: any) => actionsOf(s)[0]!.startsWith('sqs:'));
    expect(sqs.map((s: any) => s.Resource)).toEqual([failuresArn]);
  });

  it('the refresh on mark: the table stream, filtered to a projection-state item gaining dueAt, one record an invocation, failures parked in JobFailures', () => {
    const mappings = resources('AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties.FunctionName.Ref === jobsId,
    );
    expect(mappings).toHaveLength(1);
    const dueAt = { N: [{ exists: true }] };
    expect(mappings[0]![1].Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 1,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 2,
      MaximumRecordAgeInSeconds: 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: failuresArn } },
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { dueAt } } }) },
          {
            Pattern: JSON.stringify({
              eventName: ['MODIFY'],
              dynamodb: { NewImage: { dueAt }, OldImage: { dueAt: { N: [{ exists: false }] } } },
            }),
          },
        ],
      },
    });
  });

  it('cdk-nag stays clean', () => {
    for (const pack of nagPacks()) {
      const report = pack.validateScope(stack);
      expect(
        report.violations.map(
          (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.resourceLogicalId)}`,
        ),
      ).toEqual([]);
    }
  });
});
