/**
 * What the stack adds so it can be run: function settings for logs, metrics and tracing (applied by the
 * stack's one function factory), and alarms, a dashboard and one SNS topic derived from whatever
 * functions, queues and stream consumers the stack holds when `addOperability` runs (last in the
 * constructor), so a function or queue added later is covered without naming it here.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  ApplicationLogLevel,
  CfnEventSourceMapping,
  Function as LambdaFunction,
  LoggingFormat,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { METRIC, NAMESPACE, SERVICE_NAME } from '../functions/platform/observability/metric-names.js';
import { contextFlag, contextNumber } from './context.js';

/** Context values (`cdk deploy -c name=value`) that change operability settings. */
export const CONTEXT = {
  /** An address that gets every alarm by email (SNS asks it to confirm once). */
  alarmEmail: 'alarmEmail',
  /** The functions' log level: DEBUG, INFO (default), WARN or ERROR. */
  logLevel: 'logLevel',
  /** `false` turns X-Ray off (and with it the X-Ray SDK's cold-start cost). */
  tracing: 'tracing',
  /**
   * `true` maps the functions' stack traces to the TypeScript source (NODE_OPTIONS=--enable-source-maps).
   * Off by default: Node then reads and parses each file's source map at import, ~16-30 ms more per cold
   * start of an API function (docs/benchmarks.md, "Source maps at import, session 40"), and maps every
   * stack a request touches.
   */
  sourceMaps: 'sourceMaps',
} as const;

/** Alarm thresholds, in one place so the README and the template tests quote the same numbers. */
export const THRESHOLDS = {
  /** Percent of API requests answered 5xx, over 5 minutes, two periods in a row. */
  api5xxPercent: 1,
  /** Lambda errors (uncaught: the API renders its own 500s, so these are crashes and timeouts) per 5 min. */
  lambdaErrors: 1,
  lambdaThrottles: 1,
  /** Milliseconds the stream consumer lags behind the table (publisher retries back off up to ~1 min). */
  streamIteratorAgeMs: 5 * 60_000,
  /** Messages parked in a dead-letter or failure queue: any at all needs a look. */
  parkedMessages: 1,
  /** Seconds the oldest message of a work queue may wait (delivery hops are delayed up to 15 minutes). */
  queueBacklogSeconds: 60 * 60,
  /** Deliveries that gave up (DEAD) in an hour, over all subscriptions: a subscriber down or a bug of ours. */
  deadDeliveriesPerHour: 10,
  /** Seconds an outbox item may stay unpublished: the sweeper republishes after 2 minutes, every 5. */
  outboxOldestSeconds: 15 * 60,
} as const;

/** Context values (`-c name=value`) overriding the thresholds of the alarms issue 28 added. */
export const ALARM_CONTEXT = {
  apiP99Ms: 'alarmApiP99Ms',
  api4xxPercent: 'alarmApi4xxPercent',
  api429Percent: 'alarmApi429Percent',
  dynamoThrottles: 'alarmDynamoThrottles',
  dynamoSystemErrors: 'alarmDynamoSystemErrors',
  jobMissedHours: 'alarmJobMissedHours',
  wafBlocked: 'alarmWafBlocked',
} as const;
export type ContextThreshold = keyof typeof ALARM_CONTEXT;

/** Their defaults: what a small deployment should hear about without being paged for noise. */
export const CONTEXT_THRESHOLD_DEFAULTS: Record<ContextThreshold, number> = {
  /** API Gateway's p99 latency in ms over 5 minutes, two periods in a row (the handlers aim for 100s). */
  apiP99Ms: 2000,
  /** Percent of requests answered 4xx over 5 minutes, two periods in a row: a broken integration. */
  api4xxPercent: 25,
  /** Percent answered 429 (our limiter or the stage throttle) over 5 minutes: a client storm. */
  api429Percent: 5,
  /** DynamoDB requests throttled in 5 minutes (on demand: a hot partition or a sudden doubling). */
  dynamoThrottles: 10,
  /** DynamoDB 500s in 5 minutes (AWS-side; the SDK retries them, a run of them needs a look). */
  dynamoSystemErrors: 5,
  /** Hours without a completed run of a daily scheduled job before it counts as missed. */
  jobMissedHours: 25,
  /** Requests WAF blocked in 5 minutes (with `-c waf=true`). */
  wafBlocked: 100,
};

/** Rates (4xx, 429) are judged only over periods with at least this many requests: 1 of 2 is not a storm. */
export const RATE_MIN_REQUESTS = 20;

/**
 * The DynamoDB operations the functions and the CLI call; throttles and system errors are summed over
 * them (an alarm's metric math takes at most 10 metrics, so not over every operation DynamoDB has).
 */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.SCAN,
];

export const contextThresholds = (scope: Construct): Record<ContextThreshold, number> =>
  Object.fromEntries(
    (Object.keys(ALARM_CONTEXT) as ContextThreshold[]).map((name) => [
      name,
      contextNumber(
        scope,
        ALARM_CONTEXT[name],
        CONTEXT_THRESHOLD_DEFAULTS[name],
        // Hourly periods: an alarm may look back at most 7 days.
        name === 'jobMissedHours' ? { min: 2, max: 168, integer: true } : {},
      ),
    ]),
  ) as Record<ContextThreshold, number>;

/** API Gateway's stage-level defaults, before the per-key and per-organisation limits of the handlers. */
export const STAGE_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const;

/** Function properties for logs, metrics and tracing; the stack's function factory spreads them. */
export function functionObservability(scope: Construct) {
  const logLevel = String(scope.node.tryGetContext(CONTEXT.logLevel) ?? 'INFO').toUpperCase();
  const tracing = String(scope.node.tryGetContext(CONTEXT.tracing) ?? 'true') !== 'false';
  const sourceMaps = contextFlag(scope, CONTEXT.sourceMaps, false);
  return {
    tracing: tracing ? Tracing.ACTIVE : Tracing.DISABLED,
    // Lambda's JSON log format keeps its own platform lines parseable too; the application level is the
    // one Powertools Logger honours (AWS_LAMBDA_LOG_LEVEL), LOG_LEVEL mirrors it for the code.
    loggingFormat: LoggingFormat.JSON,
    applicationLogLevelV2: ApplicationLogLevel[logLevel as keyof typeof ApplicationLogLevel],
    systemLogLevelV2: SystemLogLevel.WARN,
    environment: {
      LOG_LEVEL: logLevel,
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      POWERTOOLS_METRICS_NAMESPACE: NAMESPACE,
      POWERTOOLS_TRACE_ENABLED: String(tracing),
      ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
    },
  };
}

const FIVE_MINUTES = Duration.minutes(5);

const appMetric = (metricName: string, statistic: string, period = FIVE_MINUTES) =>
  new Metric({
    namespace: NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE_NAME },
    statistic,
    period,
  });

/**
 * A request metric summed over every operation: the handlers emit it with an `operation` dimension
 * (functions/platform/http/observe.ts), so a metric of the service alone would stay empty.
 */
const acrossOperations = (metricName: string, label: string) =>
  new MathExpression({
    expression: `SUM(SEARCH('{${NAMESPACE},service,operation} service="${SERVICE_NAME}" MetricName="${metricName}"', 'Sum', 300))`,
    usingMetrics: {},
    label,
    period: FIVE_MINUTES,
  });

export interface Operability {
  topic: Topic;
  dashboard: Dashboard;
  alarms: Alarm[];
}

/** The access-log metric counting responses with status 429 (HTTP APIs publish no per-status metric). */
export const API_429_METRIC = 'Api429Responses';

/** JSON access logs and throttling defaults on the API's default stage. */
function configureStage(scope: Construct, api: HttpApi): LogGroup {
  const accessLogs = new LogGroup(scope, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH });
  const stage = api.defaultStage!.node.defaultChild as CfnStage;
  stage.accessLogSettings = {
    destinationArn: accessLogs.logGroupArn,
    format: JSON.stringify({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      method: '$context.httpMethod',
      routeKey: '$context.routeKey',
      path: '$context.path',
      status: '$context.status',
      protocol: '$context.protocol',
      responseLength: '$context.responseLength',
      latencyMs: '$context.responseLatency',
      integrationLatencyMs: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
      errorMessage: '$context.error.message',
    }),
  };
  stage.defaultRouteSettings = {
    throttlingRateLimit: STAGE_THROTTLE.rateLimit,
    throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
  };
  return accessLogs;
}

/** The alarm topic, encrypted with its own key that CloudWatch may use to publish. */
function alarmTopic(scope: Construct): Topic {
  const key = new Key(scope, 'AlarmTopicKey', {
    enableKeyRotation: true,
    description: 'Encrypts the alarm topic; CloudWatch alarms publish to it',
  });
  key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
  const topic = new Topic(scope, 'Alarms', { masterKey: key, enforceSSL: true });
  const email = scope.node.tryGetContext(CONTEXT.alarmEmail) as string | undefined;
  if (email) topic.addSubscription(new EmailSubscription(email));
  return topic;
}

export interface Watched {
  api: HttpApi;
  table: Table;
  /** The scheduled jobs' names: each must complete a run within `jobMissedHours`. */
  scheduledJobs: readonly string[];
  /** WAF's blocked requests, when the stack has a web ACL (infra/edge.ts). */
  wafBlocked?: Metric;
}

/**
 * Alarms, dashboard and topic. Call last in the stack's constructor: it covers every Lambda function,
 * every queue and every stream consumer that exists by then.
 */
export function addOperability(scope: Construct, watched: Watched): Operability {
  const { api, table } = watched;
  const accessLogs = configureStage(scope, api);
  const limits = contextThresholds(scope);
  const topic = alarmTopic(scope);
  const action = new SnsAction(topic);
  const alarms: Alarm[] = [];
  const alarm = (
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    periods = 1,
    when: { below?: boolean } = {},
  ) => {
    const created = new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods: periods,
      // "Below" alarms watch for something that should happen: no data is the failure itself.
      comparisonOperator: when.below
        ? ComparisonOperator.LESS_THAN_THRESHOLD
        : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: when.below ? TreatMissingData.BREACHING : TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    created.addAlarmAction(action);
    created.addOkAction(action);
    alarms.push(created);
    return created;
  };

  const api5xxRate = new MathExpression({
    expression: '100 * errors / MAX([requests, 1])',
    usingMetrics: {
      errors: api.metricServerError({ period: FIVE_MINUTES }),
      requests: api.metricCount({ period: FIVE_MINUTES }),
    },
    label: 'API 5xx %',
    period: FIVE_MINUTES,
  });
  alarm(
    'Api5xxRateAlarm',
    api5xxRate,
    THRESHOLDS.api5xxPercent,
    'API: 5xx responses above 1% of requests',
    2,
  );

  alarm(
    'ApiP99LatencyAlarm',
    api.metricLatency({ statistic: 'p99', period: FIVE_MINUTES }),
    limits.apiP99Ms,
    `API: p99 latency at or above ${limits.apiP99Ms} ms`,
    2,
  );
  const requests = api.metricCount({ period: FIVE_MINUTES });
  /** Percent of requests, over periods with enough requests to mean something. */
  const rate = (label: string, id: string, part: IMetric) =>
    new MathExpression({
      expression: `IF(requests >= ${RATE_MIN_REQUESTS}, 100 * ${id} / requests, 0)`,
      usingMetrics: { [id]: part, requests },
      label,
      period: FIVE_MINUTES,
    });
  const api4xxRate = rate('API 4xx %', 'clientErrors', api.metricClientError({ period: FIVE_MINUTES }));
  alarm(
    'Api4xxRateAlarm',
    api4xxRate,
    limits.api4xxPercent,
    `API: 4xx responses at or above ${limits.api4xxPercent}% of requests`,
    2,
  );
  new MetricFilter(scope, 'Api429Filter', {
    logGroup: accessLogs,
    filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
    metricNamespace: NAMESPACE,
    metricName: API_429_METRIC,
    metricValue: '1',
    defaultValue: 0,
  });
  const api429 = new Metric({
    namespace: NAMESPACE,
    metricName: API_429_METRIC,
    statistic: 'Sum',
    period: FIVE_MINUTES,
  });
  const api429Rate = rate('API 429 %', 'tooMany', api429);
  alarm(
    'Api429RateAlarm',
    api429Rate,
    limits.api429Percent,
    `API: 429 responses at or above ${limits.api429Percent}% of requests`,
  );

  const dynamoThrottles = table.metricThrottledRequestsForOperations({
    operations: TABLE_OPERATIONS,
    period: FIVE_MINUTES,
  });
  alarm(
    'TableThrottlesAlarm',
    dynamoThrottles,
    limits.dynamoThrottles,
    `DynamoDB: ${limits.dynamoThrottles} or more throttled requests in 5 minutes`,
  );
  const dynamoSystemErrors = table.metricSystemErrorsForOperations({
    operations: TABLE_OPERATIONS,
    period: FIVE_MINUTES,
  });
  alarm(
    'TableSystemErrorsAlarm',
    dynamoSystemErrors,
    limits.dynamoSystemErrors,
    `DynamoDB: ${limits.dynamoSystemErrors} or more system errors in 5 minutes`,
  );

  // A job's every completed run counts ScheduledJobChanged (value 0 when nothing was due), so an hour
  // without a sample is an hour without a run; `jobMissedHours` of them in a row is a missed run (the
  // rule did not fire, or every attempt failed). Failed attempts alarm sooner: the jobs function's
  // errors and JobFailures messages alarms below.
  const jobRuns = watched.scheduledJobs.map(
    (job) =>
      new Metric({
        namespace: NAMESPACE,
        metricName: METRIC.scheduledJobChanged,
        dimensionsMap: { service: SERVICE_NAME, job },
        statistic: 'SampleCount',
        period: Duration.hours(1),
        label: job,
      }),
  );
  watched.scheduledJobs.forEach((job, i) =>
    alarm(
      `${job.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}MissedAlarm`,
      jobRuns[i]!,
      1,
      `Scheduled job ${job}: no completed run in ${limits.jobMissedHours} hours`,
      limits.jobMissedHours,
      { below: true },
    ),
  );

  if (watched.wafBlocked) {
    alarm(
      'WafBlockedRequestsAlarm',
      watched.wafBlocked.with({ period: FIVE_MINUTES }),
      limits.wafBlocked,
      `WAF: ${limits.wafBlocked} or more requests blocked in 5 minutes`,
    );
  }

  const stack = Stack.of(scope);
  const children = stack.node.findAll();
  const functions = children.filter((c): c is LambdaFunction => c instanceof LambdaFunction);
  const mappings = children.filter((c): c is CfnEventSourceMapping => c instanceof CfnEventSourceMapping);
  for (const fn of functions) {
    const name = fn.node.id.replace(/Function$/, '');
    alarm(
      `${name}ErrorsAlarm`,
      fn.metricErrors({ period: FIVE_MINUTES }),
      THRESHOLDS.lambdaErrors,
      `${name}: Lambda errors`,
    );
    alarm(
      `${name}ThrottlesAlarm`,
      fn.metricThrottles({ period: FIVE_MINUTES }),
      THRESHOLDS.lambdaThrottles,
      `${name}: Lambda throttles`,
    );
    // Stream consumers are the mappings with a starting position (SQS mappings have none).
    if (mappings.some((m) => m.functionName === fn.functionName && m.startingPosition)) {
      alarm(
        `${name}IteratorAgeAlarm`,
        fn.metric('IteratorAge', { statistic: 'Maximum', period: FIVE_MINUTES }),
        THRESHOLDS.streamIteratorAgeMs,
        `${name}: the stream consumer is more than 5 minutes behind`,
      );
    }
  }

  const queues = children.filter((c): c is Queue => c instanceof Queue);
  for (const queue of queues) {
    const name = queue.node.id;
    const consumed = mappings.some((m) => m.eventSourceArn === queue.queueArn);
    if (consumed) {
      alarm(
        `${name}BacklogAlarm`,
        queue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: FIVE_MINUTES }),
        THRESHOLDS.queueBacklogSeconds,
        `${name}: the oldest message has waited an hour`,
      );
    } else {
      // Nothing consumes it: a dead-letter or failure queue, where any message is a failure to look at.
      alarm(
        `${name}MessagesAlarm`,
        queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES }),
        THRESHOLDS.parkedMessages,
        `${name}: messages parked (dead letters or failed records)`,
      );
    }
  }

  alarm(
    'WebhookDeadDeliveriesAlarm',
    appMetric(METRIC.webhookDead, 'Sum', Duration.hours(1)),
    THRESHOLDS.deadDeliveriesPerHour,
    'Webhooks: deliveries gave up (DEAD) in the last hour',
  );
  alarm(
    'OutboxOldestUnpublishedAlarm',
    appMetric(METRIC.outboxOldestUnpublishedAge, 'Maximum'),
    THRESHOLDS.outboxOldestSeconds,
    'Outbox: an event has waited more than 15 minutes to be published',
  );

  const dashboard = new Dashboard(scope, 'Dashboard', { dashboardName: `${stack.stackName}-operations` });
  const graph = (title: string, left: IMetric[]) => new GraphWidget({ title, left, width: 12 });
  dashboard.addWidgets(
    graph('API requests and errors', [api.metricCount(), api.metricClientError(), api.metricServerError()]),
    graph('API latency (p50, p99)', [
      api.metricLatency({ statistic: 'p50' }),
      api.metricLatency({ statistic: 'p99' }),
    ]),
  );
  // The DynamoDB sums name their metrics after the operations, so each gets a graph of its own.
  dashboard.addWidgets(
    graph('API 4xx and 429 rates (%)', [api4xxRate, api429Rate]),
    graph('DynamoDB throttled requests', [dynamoThrottles]),
  );
  dashboard.addWidgets(
    graph('DynamoDB system errors', [dynamoSystemErrors]),
    graph('Scheduled job runs (per hour)', jobRuns),
  );
  if (watched.wafBlocked) dashboard.addWidgets(graph('WAF blocked requests', [watched.wafBlocked]));
  dashboard.addWidgets(
    graph(
      'Lambda errors',
      functions.map((fn) => fn.metricErrors()),
    ),
    graph(
      'Lambda throttles',
      functions.map((fn) => fn.metricThrottles()),
    ),
  );
  dashboard.addWidgets(
    graph('Rate limited and throttled requests', [
      acrossOperations(METRIC.rateLimited, 'rate limited'),
      acrossOperations(METRIC.authThrottled, 'auth throttled'),
    ]),
    graph('Webhook deliveries', [
      ...['delivered', 'retrying', 'dead'].map(
        (outcome) =>
          new Metric({
            namespace: NAMESPACE,
            metricName: METRIC.webhookDeliveries,
            dimensionsMap: { service: SERVICE_NAME, outcome },
            statistic: 'Sum',
            label: outcome,
          }),
      ),
      appMetric(METRIC.webhookAutoDisabled, 'Sum'),
      appMetric(METRIC.webhookEventsRefused, 'Sum'),
    ]),
  );
  dashboard.addWidgets(
    graph('Outbox', [
      appMetric(METRIC.outboxPublished, 'Sum'),
      appMetric(METRIC.outboxSwept, 'Sum'),
      appMetric(METRIC.outboxOldestUnpublishedAge, 'Maximum'),
    ]),
    graph(
      'Queues: messages visible',
      queues.map((q) => q.metricApproximateNumberOfMessagesVisible({ label: q.node.id })),
    ),
  );
  return { topic, dashboard, alarms };
}
