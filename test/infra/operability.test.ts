import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../functions/lambdas.js';
import { nagPacks } from '../../infra/nag.js';
import { STAGE_THROTTLE, THRESHOLDS } from '../../infra/operability.js';
import { ApiStack, EVENT_FUNCTIONS } from '../../infra/stack.js';

const build = (context: Record<string, unknown> = {}) => {
  // An empty bundling-stacks list skips esbuild: these tests check the template, not the bundles.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new ApiStack(app, 'Test');
  return { stack, template: Template.fromStack(stack) };
};
const { stack, template } = build({ alarmEmail: 'ops@example.com' });
const resources = (type: string) => Object.values(template.findResources(type)) as any[];
const alarms = resources('AWS::CloudWatch::Alarm');
const alarmNamed = (description: RegExp) =>
  alarms.filter((a) => description.test(a.Properties.AlarmDescription));
const FUNCTIONS = GROUPS.length + EVENT_FUNCTIONS.length + 1; // plus the scheduled jobs

describe('cdk-nag', () => {
  it('AwsSolutions and Serverless checks find nothing unacknowledged', () => {
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

describe('functions', () => {
  const functions = resources('AWS::Lambda::Function');

  it('all trace with X-Ray, log JSON at the context log level, and name the service and namespace', () => {
    expect(functions).toHaveLength(FUNCTIONS);
    for (const fn of functions) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO' });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        LOG_LEVEL: 'INFO',
        POWERTOOLS_SERVICE_NAME: 'stockflow-api',
        POWERTOOLS_METRICS_NAMESPACE: 'Stockflow',
        POWERTOOLS_TRACE_ENABLED: 'true',
      });
    }
  });

  it('`-c tracing=false -c logLevel=debug` turn X-Ray off and logs up', () => {
    const fn = build({ tracing: 'false', logLevel: 'debug' });
    const first = Object.values(fn.template.findResources('AWS::Lambda::Function'))[0] as any;
    expect(first.Properties.TracingConfig).toBeUndefined();
    expect(first.Properties.Environment.Variables).toMatchObject({
      LOG_LEVEL: 'DEBUG',
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
  });

  it('`-c sourceMaps=true` maps stack traces to the source in every function', () => {
    const mapped = Object.values(
      build({ sourceMaps: 'true' }).template.findResources('AWS::Lambda::Function'),
    ) as any[];
    expect(mapped).toHaveLength(FUNCTIONS);
    for (const fn of mapped) {
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
    for (const fn of functions) expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    expect(() => build({ sourceMaps: 'yes' })).toThrow('context sourceMaps must be true or false, not yes');
  });

  it("`-c snapshotMaxBytes=` sets the projection's byte bound on every function, checked", () => {
    const bounded = Object.values(
      build({ snapshotMaxBytes: '4194304' }).template.findResources('AWS::Lambda::Function'),
    ) as any[];
    expect(bounded).toHaveLength(FUNCTIONS);
    for (const fn of bounded) {
      expect(fn.Properties.Environment.Variables.SLIM_SNAPSHOT_MAX_BYTES).toBe('4194304');
    }
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables.SLIM_SNAPSHOT_MAX_BYTES).toBeUndefined();
    }
    expect(() => build({ snapshotMaxBytes: '1.5' })).toThrow(
      'context snapshotMaxBytes must be an integer from 1, not 1.5',
    );
  });

  it('every log group keeps 30 days', () => {
    const groups = resources('AWS::Logs::LogGroup');
    expect(groups).toHaveLength(FUNCTIONS + 1); // plus the API access logs
    for (const group of groups) expect(group.Properties.RetentionInDays).toBe(30);
  });
});

describe('API stage', () => {
  it('writes JSON access logs and has throttling defaults', () => {
    const [stage] = resources('AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.AccessLogSettings.DestinationArn).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^ApiAccessLogs/), 'Arn'],
    });
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
    });
  });
});

describe('alarms', () => {
  const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;

  it('all notify the one encrypted SNS topic, which emails the address given as context', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    const [topic] = resources('AWS::SNS::Topic');
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('API 5xx rate above 1% over two 5-minute periods', () => {
    const [alarm] = alarmNamed(/^API: 5xx/);
    expect(alarm.Properties).toMatchObject({ Threshold: THRESHOLDS.api5xxPercent, EvaluationPeriods: 2 });
    expect(alarm.Properties.Metrics.find((m: any) => m.Expression).Expression).toBe(
      '100 * errors / MAX([requests, 1])',
    );
  });

  it('Lambda errors and throttles for every function', () => {
    for (const kind of ['Errors', 'Throttles']) {
      const found = alarms.filter((a) => a.Properties.MetricName === kind);
      expect(found).toHaveLength(FUNCTIONS);
      for (const alarm of found)
        expect(alarm.Properties).toMatchObject({ Threshold: 1, Period: 300, Statistic: 'Sum' });
    }
  });

  it('the stream iterator age of the publisher', () => {
    const [alarm] = alarms.filter((a) => a.Properties.MetricName === 'IteratorAge');
    expect(alarm.Properties).toMatchObject({
      Threshold: THRESHOLDS.streamIteratorAgeMs,
      Statistic: 'Maximum',
    });
    expect(alarm.Properties.Dimensions).toEqual([
      {
        Name: 'FunctionName',
        Value: { Ref: stack.getLogicalId(stack.eventFunctions.publisher.node.defaultChild as any) },
      },
    ]);
  });

  it('messages in every dead-letter queue and in the publisher and projection failure queues; backlog of the delivery queue', () => {
    const parked = alarms.filter((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    const queueOf = (a: any) => a.Properties.Dimensions[0].Value['Fn::GetAtt'][0];
    const idOf = (q: any) => stack.getLogicalId(q.node.defaultChild);
    expect(parked.map(queueOf).sort()).toEqual(
      [
        idOf(stack.deliveryDeadLetters),
        idOf(stack.publisherFailures),
        idOf(stack.projectionFailures),
        idOf(stack.jobFailures),
      ].sort(),
    );
    for (const alarm of parked) expect(alarm.Properties.Threshold).toBe(THRESHOLDS.parkedMessages);
    const backlog = alarms.filter((a) => a.Properties.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(backlog.map(queueOf)).toEqual([idOf(stack.deliveryQueue)]);
  });

  it('DEAD webhook deliveries and the oldest unpublished outbox item, from the functions’ own metrics', () => {
    const custom = (name: string) => alarms.find((a) => a.Properties.MetricName === name)!.Properties;
    expect(custom('WebhookDeadDeliveries')).toMatchObject({
      Namespace: 'Stockflow',
      Dimensions: [{ Name: 'service', Value: 'stockflow-api' }],
      Threshold: THRESHOLDS.deadDeliveriesPerHour,
      Period: 3600,
    });
    expect(custom('OutboxOldestUnpublishedAgeSeconds')).toMatchObject({
      Threshold: THRESHOLDS.outboxOldestSeconds,
      Statistic: 'Maximum',
    });
  });

  it('and a dashboard', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it("the dashboard's rate-limit graph sums the per-operation metrics the handlers emit", () => {
    const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as any;
    // The body is an Fn::Join of strings and tokens: its literal parts hold the graph's expressions.
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const name of ['RateLimited', 'AuthThrottled']) {
      // Quotes inside the expression come escaped twice (JSON in JSON): match the search, then the name.
      const at = body.indexOf(`SUM(SEARCH('{Stockflow,service,operation}`);
      expect(at).toBeGreaterThan(-1);
      expect(body.slice(at)).toContain(`MetricName=`);
      expect(body.slice(at)).toContain(name);
    }
  });

  it('the webhook graph shows the bus events the delivery worker refused (malformed detail)', () => {
    const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as any;
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    const graph = body.slice(body.indexOf('Webhook deliveries'));
    expect(graph).toContain('WebhookEventsRefused');
  });
});

describe('table encryption', () => {
  it('uses the AWS-owned key by default and a retained key of the stack with -c tableEncryption=customer-managed', () => {
    const table = (t: Template) =>
      (Object.values(t.findResources('AWS::DynamoDB::Table'))[0] as any).Properties;
    expect(table(template).SSESpecification).toBeUndefined();
    const cmk = build({ tableEncryption: 'customer-managed' }).template;
    expect(table(cmk).SSESpecification).toMatchObject({
      SSEEnabled: true,
      SSEType: 'KMS',
      KMSMasterKeyId: expect.anything(),
    });
    const keys = Object.values(cmk.findResources('AWS::KMS::Key')) as any[];
    expect(
      keys.some(
        (k) => k.Properties.Description === 'Encrypts the API table' && k.DeletionPolicy === 'Retain',
      ),
    ).toBe(true);
  });
});
