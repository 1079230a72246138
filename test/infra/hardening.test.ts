import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { SCHEDULED_JOB_NAMES } from '../../functions/jobs/schedule.js';
import { BACKUP_DEFAULTS } from '../../infra/data-protection.js';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../functions/platform/http/origin-verify.js';
import { COMMON_RULES_COUNTED, MANAGED_RULE_GROUPS, WAF_DEFAULTS } from '../../infra/edge.js';
import { nagPacks } from '../../infra/nag.js';
import { API_429_METRIC, CONTEXT_THRESHOLD_DEFAULTS, RATE_MIN_REQUESTS } from '../../infra/operability.js';
import { OPERATOR_TABLE_ACTIONS } from '../../infra/operator-access.js';
import { ApiStack } from '../../infra/stack.js';

// Issue 28's options, each on and off, as `cdk synth -c ...` would build them.

const build = (context: Record<string, unknown> = {}, region?: string) => {
  // An empty bundling-stacks list skips esbuild: these tests check the template, not the bundles.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new ApiStack(app, 'Test', region ? { env: { region, account: '123456789012' } } : {});
  const template = Template.fromStack(stack);
  const resources = (type: string) => Object.values(template.findResources(type)) as any[];
  const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
  const alarm = (description: RegExp) => {
    const found = resources('AWS::CloudWatch::Alarm').filter((a) =>
      description.test(a.Properties.AlarmDescription),
    );
    expect(found).toHaveLength(1);
    return found[0].Properties;
  };
  return { stack, template, resources, logicalId, alarm };
};
const nagViolations = (stack: ApiStack) =>
  nagPacks().flatMap((pack) =>
    pack
      .validateScope(stack)
      .violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.resourceLogicalId)}`),
  );

const base = build();
const DOMAIN = 'api.example.com';
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f2b7c4e-1111-2222-3333-444455556666';
const ZONE = { hostedZoneId: 'Z0123456789ABCDEF', hostedZoneName: 'example.com' };
const ORIGIN_SECRET = 'f3a1c9e27b5d4086a2e4c6b8d0f1a3c5';
const WAF = { waf: 'true', originVerifySecret: ORIGIN_SECRET };

/** Main at cbfc85c synthesised 312 resources and 46 alarms. */
const RESOURCES_BEFORE = 312;
const ALARMS_BEFORE = 46;
/** p99, 4xx rate, 429 rate, DynamoDB throttles and system errors, and a missed run per scheduled job. */
const NEW_ALARMS = 5 + SCHEDULED_JOB_NAMES.length;
/** The routes of the endpoints added since (issue 27: GET /goods-receipts and GET /goods-receipts/{id}). */
const NEW_ROUTES = 2;
/**
 * Each job added since (session 36: refresh-snapshots, recount-collections) brings its EventBridge rule and
 * its permission to invoke the jobs function.
 */
const JOBS_BEFORE = 2;
const NEW_SCHEDULE = 2 * (SCHEDULED_JOB_NAMES.length - JOBS_BEFORE);
/**
 * Session 37: the refresh on mark's event source mapping (the table's stream into the jobs function), which
 * brings its iterator-age alarm.
 */
const NEW_EVENT_SOURCES = 1;

describe('the default synth', () => {
  it("stays at main's resources plus the new alarms, the operator policy and the 429 log filter; nothing that costs money is on", () => {
    base.template.resourceCountIs('AWS::CloudWatch::Alarm', ALARMS_BEFORE + NEW_ALARMS + NEW_EVENT_SOURCES);
    base.template.resourceCountIs('AWS::IAM::ManagedPolicy', 1);
    base.template.resourceCountIs('AWS::Logs::MetricFilter', 1);
    expect(Object.keys(base.template.toJSON().Resources)).toHaveLength(
      RESOURCES_BEFORE + NEW_ROUTES + NEW_ALARMS + NEW_SCHEDULE + 2 * NEW_EVENT_SOURCES + 2,
    );
    for (const type of [
      'AWS::WAFv2::WebACL',
      'AWS::CloudFront::Distribution',
      'AWS::Backup::BackupPlan',
      'AWS::Backup::BackupVault',
      'AWS::ApiGatewayV2::DomainName',
      'AWS::CertificateManager::Certificate',
      'AWS::Route53::RecordSet',
    ]) {
      base.template.resourceCountIs(type, 0);
    }
  });

  it('cdk-nag finds nothing unacknowledged', () => {
    expect(nagViolations(base.stack)).toEqual([]);
  });
});

describe('table deletion protection', () => {
  const table = (t: Template) =>
    (Object.values(t.findResources('AWS::DynamoDB::Table'))[0] as any).Properties;

  it('is on by default and off with -c deletionProtection=false', () => {
    expect(table(base.template).DeletionProtectionEnabled).toBe(true);
    expect(table(build({ deletionProtection: 'false' }).template).DeletionProtectionEnabled).toBe(false);
  });

  it('a value that is neither true nor false fails the synth', () => {
    expect(() => build({ deletionProtection: 'no' })).toThrow(/deletionProtection must be true or false/);
  });
});

describe('AWS Backup (-c backup=true)', () => {
  it('a retained vault, a daily plan with the retention, selecting the table', () => {
    const on = build({ backup: 'true' });
    const [vault] = on.resources('AWS::Backup::BackupVault');
    expect(vault.DeletionPolicy).toBe('Retain');
    const [plan] = on.resources('AWS::Backup::BackupPlan');
    expect(plan.Properties.BackupPlan.BackupPlanRule).toEqual([
      expect.objectContaining({
        RuleName: 'Daily',
        ScheduleExpression: `cron(0 ${BACKUP_DEFAULTS.hourUtc} * * ? *)`,
        Lifecycle: { DeleteAfterDays: BACKUP_DEFAULTS.retentionDays },
        TargetBackupVault: { 'Fn::GetAtt': [on.logicalId(on.stack.backup!.vault), 'BackupVaultName'] },
      }),
    ]);
    const [selection] = on.resources('AWS::Backup::BackupSelection');
    expect(selection.Properties.BackupSelection.Resources).toEqual([
      { 'Fn::GetAtt': [on.logicalId(on.stack.table), 'Arn'] },
    ]);
    expect(nagViolations(on.stack)).toEqual([]);
  });

  it('retention and hour are context values, checked', () => {
    const on = build({ backup: 'true', backupRetentionDays: '90', backupHourUtc: '0' });
    const [plan] = on.resources('AWS::Backup::BackupPlan');
    expect(plan.Properties.BackupPlan.BackupPlanRule[0]).toMatchObject({
      ScheduleExpression: 'cron(0 0 * * ? *)',
      Lifecycle: { DeleteAfterDays: 90 },
    });
    expect(() => build({ backup: 'true', backupHourUtc: '24' })).toThrow(
      /backupHourUtc must be an integer from 0 to 23/,
    );
  });
});

describe('custom domain', () => {
  it('with a certificate ARN: an API Gateway domain on it, the API mapped at its root, the URL output', () => {
    const on = build({ domainName: DOMAIN, certificateArn: CERTIFICATE });
    const [domain] = on.resources('AWS::ApiGatewayV2::DomainName');
    expect(domain.Properties).toMatchObject({
      DomainName: DOMAIN,
      DomainNameConfigurations: [{ CertificateArn: CERTIFICATE, EndpointType: 'REGIONAL' }],
    });
    const [mapping] = on.resources('AWS::ApiGatewayV2::ApiMapping');
    expect(mapping.Properties).toMatchObject({
      ApiId: { Ref: on.logicalId(on.stack.api) },
      Stage: '$default',
    });
    expect(mapping.Properties.ApiMappingKey).toBeUndefined();
    on.template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    on.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    on.template.hasOutput('ApiUrl', { Value: `https://${DOMAIN}/api/v1` });
    expect(nagViolations(on.stack)).toEqual([]);
  });

  it('with a hosted zone: a DNS-validated certificate and an alias record to the API domain', () => {
    const on = build({ domainName: DOMAIN, ...ZONE });
    const [certificate] = on.resources('AWS::CertificateManager::Certificate');
    expect(certificate.Properties).toMatchObject({
      DomainName: DOMAIN,
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: DOMAIN, HostedZoneId: ZONE.hostedZoneId }],
    });
    const [record] = on.resources('AWS::Route53::RecordSet');
    expect(record.Properties).toMatchObject({
      Name: `${DOMAIN}.`,
      Type: 'A',
      HostedZoneId: ZONE.hostedZoneId,
    });
    expect(record.Properties.AliasTarget.DNSName).toEqual({
      'Fn::GetAtt': [on.logicalId(on.stack.edge.apiDomain!), 'RegionalDomainName'],
    });
  });

  it('refuses a domain without a certificate or zone, and a certificate or half a zone without a domain', () => {
    expect(() => build({ domainName: DOMAIN })).toThrow(/domainName needs certificateArn/);
    expect(() => build({ certificateArn: CERTIFICATE })).toThrow(/domainName is needed/);
    expect(() => build({ domainName: DOMAIN, hostedZoneId: ZONE.hostedZoneId })).toThrow(/go together/);
  });
});

describe('AWS WAF (-c waf=true)', () => {
  it('needs the stack in us-east-1 (a CloudFront web ACL lives there), and says so', () => {
    expect(() => build({ waf: 'true' }, 'eu-west-1')).toThrow(/waf=true needs the stack in us-east-1/);
    expect(() => build({ waf: 'true' })).toThrow(/us-east-1/);
  });

  const on = build(WAF, 'us-east-1');

  it('a CLOUDFRONT web ACL: rate rule per source IP, then IP reputation, known bad inputs and the common rules; every rule with metrics', () => {
    const [acl] = on.resources('AWS::WAFv2::WebACL');
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl.Properties.Rules;
    expect(rules.map((r: any) => r.Name)).toEqual(['RatePerSourceIp', ...MANAGED_RULE_GROUPS]);
    expect(rules[0]).toMatchObject({
      Action: { Block: {} },
      Statement: {
        RateBasedStatement: {
          Limit: WAF_DEFAULTS.ratePer5MinutesPerIp,
          AggregateKeyType: 'IP',
          EvaluationWindowSec: 300,
        },
      },
    });
    for (const rule of rules.slice(1)) {
      expect(rule.OverrideAction).toEqual({ None: {} });
      expect(rule.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: rule.Name });
    }
    expect(rules[3].Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
      COMMON_RULES_COUNTED.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    for (const visibility of [
      acl.Properties.VisibilityConfig,
      ...rules.map((r: any) => r.VisibilityConfig),
    ]) {
      expect(visibility).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    }
  });

  it('on a CloudFront distribution in front of the API: no caching, every method, HTTPS to the execute-api origin', () => {
    const [distribution] = on.resources('AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    expect(config.WebACLId).toEqual({ 'Fn::GetAtt': [on.stack.getLogicalId(on.stack.edge.webAcl!), 'Arn'] });
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
    });
    expect(config.Origins[0]).toMatchObject({
      DomainName: {
        'Fn::Join': [
          '',
          [{ Ref: on.logicalId(on.stack.api) }, '.execute-api.us-east-1.', { Ref: 'AWS::URLSuffix' }],
        ],
      },
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
    });
    const outputs = on.template.toJSON().Outputs;
    expect(outputs.ApiUrl.Value).toEqual({
      'Fn::Join': [
        '',
        ['https://', { 'Fn::GetAtt': [on.logicalId(on.stack.edge.distribution!), 'DomainName'] }, '/api/v1'],
      ],
    });
    expect(outputs.ExecuteApiUrl).toBeDefined();
    expect(base.template.toJSON().Outputs.ExecuteApiUrl).toBeUndefined();
  });

  it('CloudFront sends the origin secret as x-origin-verify and every API Lambda requires it; without waf neither', () => {
    const [distribution] = on.resources('AWS::CloudFront::Distribution');
    expect(distribution.Properties.DistributionConfig.Origins[0].OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: ORIGIN_SECRET },
    ]);
    const envOf = (b: typeof on, fn: LambdaFn) =>
      b.template.toJSON().Resources[b.logicalId(fn)].Properties.Environment.Variables;
    for (const fn of Object.values(on.stack.functions)) {
      expect(envOf(on, fn)[ORIGIN_VERIFY_ENV]).toBe(ORIGIN_SECRET);
    }
    for (const fn of [...Object.values(on.stack.eventFunctions), on.stack.jobs]) {
      expect(envOf(on, fn)[ORIGIN_VERIFY_ENV]).toBeUndefined();
    }
    for (const fn of Object.values(base.stack.functions)) {
      expect(envOf(base, fn)[ORIGIN_VERIFY_ENV]).toBeUndefined();
    }
    expect(JSON.stringify(base.template.toJSON())).not.toContain(ORIGIN_VERIFY_HEADER);
    expect(on.template.toJSON().Outputs.ExecuteApiUrl.Description).toMatch(/refuses requests without/);
  });

  it('refuses waf without an origin secret, or one that is short or not header-safe', () => {
    const message = /waf=true needs originVerifySecret/;
    expect(() => build({ waf: 'true' }, 'us-east-1')).toThrow(message);
    expect(() => build({ ...WAF, originVerifySecret: 'a'.repeat(31) }, 'us-east-1')).toThrow(message);
    expect(() => build({ ...WAF, originVerifySecret: `${ORIGIN_SECRET} x` }, 'us-east-1')).toThrow(message);
  });

  it('an alarm on blocked requests on the existing topic, and a dashboard graph', () => {
    const alarm = on.alarm(/^WAF: /);
    expect(alarm).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: expect.arrayContaining([
        { Name: 'WebACL', Value: 'Test-api' },
        { Name: 'Rule', Value: 'ALL' },
      ]),
      Threshold: CONTEXT_THRESHOLD_DEFAULTS.wafBlocked,
      Period: 300,
      AlarmActions: [{ Ref: on.logicalId(on.stack.operability.topic) }],
    });
    const [dashboard] = on.resources('AWS::CloudWatch::Dashboard');
    expect(JSON.stringify(dashboard.Properties.DashboardBody)).toContain('WAF blocked requests');
    expect(nagViolations(on.stack)).toEqual([]);
  });

  it('the per-IP limit and the alarm threshold are context values', () => {
    const tuned = build({ ...WAF, wafRateLimit: '500', alarmWafBlocked: '5' }, 'us-east-1');
    const [acl] = tuned.resources('AWS::WAFv2::WebACL');
    expect(acl.Properties.Rules[0].Statement.RateBasedStatement.Limit).toBe(500);
    expect(tuned.alarm(/^WAF: /).Threshold).toBe(5);
    expect(() => build({ ...WAF, wafRateLimit: '5' }, 'us-east-1')).toThrow(/wafRateLimit/);
  });

  it('with a domain and zone: the domain belongs to the distribution (TLS 1.2), aliased in the zone; no API Gateway domain', () => {
    const both = build({ ...WAF, domainName: DOMAIN, ...ZONE }, 'us-east-1');
    const config = both.resources('AWS::CloudFront::Distribution')[0].Properties.DistributionConfig;
    expect(config.Aliases).toEqual([DOMAIN]);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    both.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    const [record] = both.resources('AWS::Route53::RecordSet');
    expect(record.Properties.AliasTarget.DNSName).toEqual({
      'Fn::GetAtt': [both.logicalId(both.stack.edge.distribution!), 'DomainName'],
    });
    both.template.hasOutput('ApiUrl', { Value: `https://${DOMAIN}/api/v1` });
    expect(nagViolations(both.stack)).toEqual([]);
  });
});

describe('alarms issue 28 added (all on the one topic; thresholds as context values)', () => {
  const topic = { Ref: base.logicalId(base.stack.operability.topic) };
  const expressionOf = (alarm: any) => alarm.Metrics.find((m: any) => m.Expression);
  const metricsOf = (alarm: any) =>
    alarm.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric);

  it('API p99 latency, two 5-minute periods', () => {
    expect(base.alarm(/^API: p99 latency/)).toMatchObject({
      MetricName: 'Latency',
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p99',
      Threshold: CONTEXT_THRESHOLD_DEFAULTS.apiP99Ms,
      EvaluationPeriods: 2,
      AlarmActions: [topic],
      OKActions: [topic],
    });
  });

  it('4xx rate: metric math over the API’s 4xx and Count, only over periods with enough requests', () => {
    const alarm = base.alarm(/^API: 4xx responses/);
    expect(alarm).toMatchObject({
      Threshold: CONTEXT_THRESHOLD_DEFAULTS.api4xxPercent,
      AlarmActions: [topic],
    });
    expect(expressionOf(alarm).Expression).toBe(
      `IF(requests >= ${RATE_MIN_REQUESTS}, 100 * clientErrors / requests, 0)`,
    );
    expect(
      metricsOf(alarm)
        .map((m: any) => m.MetricName)
        .sort(),
    ).toEqual(['4xx', 'Count']);
  });

  it('429 rate: 429s counted from the access logs by a metric filter, over the API’s Count', () => {
    const alarm = base.alarm(/^API: 429 responses/);
    expect(alarm).toMatchObject({
      Threshold: CONTEXT_THRESHOLD_DEFAULTS.api429Percent,
      AlarmActions: [topic],
    });
    expect(expressionOf(alarm).Expression).toBe(
      `IF(requests >= ${RATE_MIN_REQUESTS}, 100 * tooMany / requests, 0)`,
    );
    expect(
      metricsOf(alarm)
        .map((m: any) => m.MetricName)
        .sort(),
    ).toEqual([API_429_METRIC, 'Count']);
    const [filter] = base.resources('AWS::Logs::MetricFilter');
    expect(filter.Properties).toMatchObject({
      FilterPattern: '{ $.status = "429" }',
      LogGroupName: { Ref: expect.stringMatching(/^ApiAccessLogs/) },
      MetricTransformations: [
        { MetricNamespace: 'Stockflow', MetricName: API_429_METRIC, MetricValue: '1', DefaultValue: 0 },
      ],
    });
  });

  it('DynamoDB throttled requests and system errors, summed over the operations used, on the table', () => {
    for (const [description, metricName, threshold] of [
      [/^DynamoDB: .* throttled/, 'ThrottledRequests', CONTEXT_THRESHOLD_DEFAULTS.dynamoThrottles],
      [/^DynamoDB: .* system errors/, 'SystemErrors', CONTEXT_THRESHOLD_DEFAULTS.dynamoSystemErrors],
    ] as const) {
      const alarm = base.alarm(description);
      expect(alarm).toMatchObject({ Threshold: threshold, AlarmActions: [topic] });
      const metrics = metricsOf(alarm);
      expect(metrics.length).toBeGreaterThanOrEqual(8);
      expect(metrics.length).toBeLessThanOrEqual(9);
      for (const metric of metrics) {
        expect(metric.MetricName).toBe(metricName);
        expect(metric.Dimensions).toContainEqual({
          Name: 'TableName',
          Value: { Ref: base.logicalId(base.stack.table) },
        });
      }
      expect(metrics.map((m: any) => m.Dimensions.find((d: any) => d.Name === 'Operation').Value)).toEqual(
        expect.arrayContaining(['TransactWriteItems', 'Query', 'UpdateItem']),
      );
    }
  });

  it('a missed run of each scheduled job: no completed run for 25 hours; no data breaches', () => {
    for (const job of SCHEDULED_JOB_NAMES) {
      const alarm = base.alarm(new RegExp(`^Scheduled job ${job}: no completed run`));
      expect(alarm.Metrics).toEqual([
        expect.objectContaining({
          MetricStat: {
            Metric: {
              Namespace: 'Stockflow',
              MetricName: 'ScheduledJobChanged',
              Dimensions: [
                { Name: 'job', Value: job },
                { Name: 'service', Value: 'stockflow-api' },
              ],
            },
            Period: 3600,
            Stat: 'SampleCount',
          },
        }),
      ]);
      expect(alarm).toMatchObject({
        EvaluationPeriods: CONTEXT_THRESHOLD_DEFAULTS.jobMissedHours,
        ComparisonOperator: 'LessThanThreshold',
        Threshold: 1,
        TreatMissingData: 'breaching',
        AlarmActions: [topic],
      });
    }
  });

  it('thresholds follow the context, and a bad value fails the synth', () => {
    const tuned = build({
      alarmApiP99Ms: '800',
      alarmApi4xxPercent: 10,
      alarmApi429Percent: '2.5',
      alarmDynamoThrottles: '1',
      alarmDynamoSystemErrors: '1',
      alarmJobMissedHours: '49',
    });
    expect(tuned.alarm(/^API: p99/).Threshold).toBe(800);
    expect(tuned.alarm(/^API: 4xx/).Threshold).toBe(10);
    expect(tuned.alarm(/^API: 429/).Threshold).toBe(2.5);
    expect(tuned.alarm(/throttled/).Threshold).toBe(1);
    expect(tuned.alarm(/system errors/).Threshold).toBe(1);
    expect(tuned.alarm(/^Scheduled job expire-lots/).EvaluationPeriods).toBe(49);
    expect(() => build({ alarmApiP99Ms: 'fast' })).toThrow(/alarmApiP99Ms must be a number/);
    expect(() => build({ alarmJobMissedHours: '200' })).toThrow(/alarmJobMissedHours/);
  });

  it('the dashboard shows them', () => {
    const body = JSON.stringify(base.resources('AWS::CloudWatch::Dashboard')[0].Properties.DashboardBody);
    for (const title of [
      'API 4xx and 429 rates (%)',
      'DynamoDB throttled requests',
      'DynamoDB system errors',
      'Scheduled job runs (per hour)',
    ]) {
      expect(body).toContain(title);
    }
    expect(body).not.toContain('WAF blocked requests');
  });
});

describe('the operator policy (OperatorPolicyArn output)', () => {
  const policyOf = (t: ReturnType<typeof build>) => {
    const [policy] = t.resources('AWS::IAM::ManagedPolicy');
    return policy.Properties.PolicyDocument.Statement as any[];
  };
  const statement = (statements: any[], sid: string) => statements.find((s) => s.Sid === sid);

  it("the table's item actions the CLI uses, on this table and its indexes only; no table management", () => {
    const statements = policyOf(base);
    const tableArn = { 'Fn::GetAtt': [base.logicalId(base.stack.table), 'Arn'] };
    expect(statement(statements, 'TableItems')).toEqual({
      Sid: 'TableItems',
      Effect: 'Allow',
      Action: [...OPERATOR_TABLE_ACTIONS],
      Resource: [tableArn, { 'Fn::Join': ['', [tableArn, '/index/*']] }],
    });
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions.filter((a: string) => a.includes('*'))).toEqual([]);
    expect(actions).not.toContain('dynamodb:DeleteTable');
    expect(actions).not.toContain('dynamodb:ExportTableToPointInTime');
  });

  it('opens webhook secrets (dispatch) and puts events on this bus (outbox sweep), nothing else', () => {
    const statements = policyOf(base);
    expect(statements.map((s) => s.Sid).sort()).toEqual([
      'OpenWebhookSecrets',
      'PublishEvents',
      'TableItems',
    ]);
    expect(statement(statements, 'OpenWebhookSecrets')).toMatchObject({
      Action: 'kms:Decrypt',
      Resource: { 'Fn::GetAtt': [base.logicalId(base.stack.webhookSecretsKey), 'Arn'] },
    });
    expect(statement(statements, 'PublishEvents')).toMatchObject({
      Action: 'events:PutEvents',
      Resource: { 'Fn::GetAtt': [base.logicalId(base.stack.bus), 'Arn'] },
    });
    base.template.hasOutput('OperatorPolicyArn', {
      Value: { Ref: base.logicalId(base.stack.operatorPolicy) },
    });
  });

  it("with -c tableEncryption=customer-managed: the table's key too, and cdk-nag stays clean", () => {
    const keyed = build({ tableEncryption: 'customer-managed' });
    expect(statement(policyOf(keyed), 'TableKey')).toMatchObject({
      Action: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey'],
      Resource: { 'Fn::GetAtt': [keyed.logicalId(keyed.stack.table.encryptionKey!), 'Arn'] },
    });
    expect(nagViolations(keyed.stack)).toEqual([]);
  });
});
