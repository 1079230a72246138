import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import {
  FilterCriteria,
  FilterRule,
  Function as LambdaFn,
  StartingPosition,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledgeNagFindings } from './nag.js';
import { addApiReference } from './api-reference.js';
import { functionCode } from './function-build.js';
import { tableBackup, tableDeletionProtection, type TableBackup } from './data-protection.js';
import { addEdge, type Edge } from './edge.js';
import { ORIGIN_VERIFY_ENV } from '../functions/platform/http/origin-verify.js';
import { addOperability, functionObservability, type Operability } from './operability.js';
import { operatorPolicy } from './operator-access.js';
import { projectionEnvironment } from './projection-limits.js';
import { tableEncryption } from './table-encryption.js';
import { allowOpening, allowSealing, webhookSecretsKey } from './webhook-secrets.js';
import { ENDPOINTS } from '../functions/catalogue.js';
import { GROUPS, type Group } from '../functions/lambdas.js';
import { SCHEDULED_JOB_NAMES, scheduledJob } from '../functions/jobs/schedule.js';
import { API_PREFIX } from '../functions/platform/catalogue/endpoint.js';
import { EVENT_SOURCE } from '../functions/platform/events/bus.js';
import { TABLE_DEFINITION } from '../functions/platform/dynamo/table-definition.js';

// Resolved from this file rather than process.cwd() so synth and tests work from any directory.
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Groups that never read or write the table (meta serves the OpenAPI document and its reference page). */
const WITHOUT_TABLE_ACCESS: ReadonlySet<Group> = new Set<Group>(['meta']);

const string = (name: string) => ({ name, type: AttributeType.STRING });

/** The Lambdas of the event path (design.md section 1), apart from the API groups. */
export const EVENT_FUNCTIONS = [
  'publisher',
  'sweeper',
  'deliveryWorker',
  'dispatcher',
  'ledgerProjector',
] as const;
export type EventFunction = (typeof EVENT_FUNCTIONS)[number];

const ENTRIES: Record<EventFunction, string> = {
  publisher: 'publisher.ts',
  sweeper: 'sweeper.ts',
  deliveryWorker: 'delivery-worker.ts',
  dispatcher: 'dispatcher.ts',
  ledgerProjector: 'ledger-projector.ts',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `expire-lots` -> `ExpireLots`: the rule's construct id. */
const scheduleId = (job: string) => job.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** One webhook POST may take WEBHOOK_TIMEOUT_MS (10 s); a worker batch holds a few of them. */
const WORKER_TIMEOUT = Duration.seconds(60);
const WORKER_BATCH = 5;

export class ApiStack extends Stack {
  readonly table: Table;
  readonly api: HttpApi;
  readonly functions: Record<Group, LambdaFn>;
  readonly eventFunctions: Record<EventFunction, LambdaFn>;
  readonly bus: EventBus;
  readonly deliveryQueue: Queue;
  readonly deliveryDeadLetters: Queue;
  readonly publisherFailures: Queue;
  readonly projectionFailures: Queue;
  readonly operability: Operability;
  readonly webhookSecretsKey: Key;
  readonly jobs: LambdaFn;
  readonly jobFailures: Queue;
  readonly edge: Edge;
  readonly backup: TableBackup | undefined;
  readonly operatorPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: string(TABLE_DEFINITION.partitionKey),
      sortKey: string(TABLE_DEFINITION.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      stream: StreamViewType[TABLE_DEFINITION.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: tableDeletionProtection(this),
      ...tableEncryption(this),
    });
    for (const index of TABLE_DEFINITION.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        ...(index.projection === 'ALL'
          ? { projectionType: ProjectionType.ALL }
          : { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] }),
      });
    }

    this.webhookSecretsKey = webhookSecretsKey(this);
    this.functions = Object.fromEntries(GROUPS.map((group) => [group, this.groupFunction(group)])) as Record<
      Group,
      LambdaFn
    >;

    this.api = new HttpApi(this, 'Api');
    const integrations = new Map<Group, HttpLambdaIntegration>();
    for (const group of GROUPS) {
      // One invoke permission per function instead of one per route keeps the resource count flat as the
      // catalogue grows (CloudFormation caps a stack at 500 resources).
      integrations.set(
        group,
        new HttpLambdaIntegration(`${group}Integration`, this.functions[group], {
          scopePermissionToRoute: false,
        }),
      );
    }
    for (const endpoint of ENDPOINTS) {
      this.api.addRoutes({
        path: `${API_PREFIX}${endpoint.path}`,
        methods: [HttpMethod[endpoint.method]],
        integration: integrations.get(endpoint.group)!,
      });
    }

    const events = this.eventPath();
    this.bus = events.bus;
    this.deliveryQueue = events.deliveryQueue;
    this.deliveryDeadLetters = events.deliveryDeadLetters;
    this.publisherFailures = events.publisherFailures;
    this.projectionFailures = events.projectionFailures;
    this.eventFunctions = events.functions;
    const jobs = this.scheduledJobs();
    this.jobs = jobs.fn;
    this.jobFailures = jobs.failures;

    this.edge = addEdge(this, this.api);
    if (this.edge.originSecret) {
      for (const fn of Object.values(this.functions))
        fn.addEnvironment(ORIGIN_VERIFY_ENV, this.edge.originSecret);
    }
    this.backup = tableBackup(this, this.table);
    this.operatorPolicy = operatorPolicy(this, {
      table: this.table,
      webhookSecretsKey: this.webhookSecretsKey,
      bus: this.bus,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.edge.url });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'OperatorPolicyArn', {
      value: this.operatorPolicy.managedPolicyArn,
      description: 'Attach to the role, group or permission set of whoever runs the admin CLI',
    });
    new CfnOutput(this, 'WebhookSecretsKeyArn', {
      value: this.webhookSecretsKey.keyArn,
      description: 'WEBHOOK_SECRETS_KEY_ID for `webhooks dispatch` run from the admin CLI',
    });
    if (this.edge.distribution) {
      new CfnOutput(this, 'ExecuteApiUrl', {
        value: `${this.api.apiEndpoint}${API_PREFIX}`,
        description:
          'The API without CloudFront in front: it refuses requests without the origin secret (403)',
      });
    }

    // Last: alarms and the dashboard cover every function and queue defined above.
    this.operability = addOperability(this, {
      api: this.api,
      table: this.table,
      scheduledJobs: SCHEDULED_JOB_NAMES,
      wafBlocked: this.edge.blockedRequests,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.operability.topic.topicArn });
    acknowledgeNagFindings(this, {
      api: this.api,
      failureQueues: [
        this.deliveryDeadLetters,
        this.publisherFailures,
        this.projectionFailures,
        this.jobFailures,
      ],
      failureDestinations: [this.publisherFailures, this.projectionFailures, this.jobFailures],
      queueConsumers: [this.eventFunctions.deliveryWorker],
      schedules: ['SweepSchedule', 'DispatchSchedule'].map((id) => this.node.findChild(id)),
      alarmTopic: this.operability.topic,
      distribution: this.edge.distribution,
      distributionHasDomain: this.edge.hasDomain,
      backupPlan: this.backup?.plan,
      tableKeyed: this.table.encryptionKey !== undefined,
    });
  }

  private groupFunction(group: Group): LambdaFn {
    const fn = this.nodeFunction(group, groupEntry(group));
    if (!WITHOUT_TABLE_ACCESS.has(group)) this.table.grantReadWriteData(fn);
    if (group === 'webhooks') allowSealing(this.webhookSecretsKey, fn);
    return fn;
  }

  /**
   * The scheduled jobs of design.md section 7 (functions/jobs): one Lambda, one EventBridge rule per job
   * at its UTC time (EventBridge rule crons are UTC) or its interval. A failed invocation is retried by the target's
   * policy (the jobs are idempotent), then parked in JobFailures; operability alarms on the function's
   * Errors and on any message in JobFailures. The function may only read by key and write items.
   * The same function refreshes a collection's snapshot when a request marks it (slim-snapshot-on-mark.ts),
   * from the table's stream filtered to projection-state items gaining `dueAt`.
   */
  private scheduledJobs() {
    const failures = new Queue(this, 'JobFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const fn = this.nodeFunction('jobs', join(ROOT, 'functions', 'entries', 'jobs.ts'), {
      timeout: Duration.minutes(10),
      // A snapshot rewrite holds its collection's rows (up to SLIM_MAX_ROWS, 300k: ~300 MB of objects) and
      // is CPU-bound (unmarshalling, packing: ~3.5 s of one core per 100k rows, measured in session 38);
      // Lambda gives one full vCPU at 1,769 MB, so a 100k rewrite takes seconds, not ~12 s at 512 MB's
      // 0.29 vCPU, and one at the ceiling stays inside the writers' 30 s claim.
      memorySize: 1_769,
    });
    this.table.grant(
      fn,
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    );
    for (const job of SCHEDULED_JOB_NAMES) {
      const spec = scheduledJob(job);
      const when =
        'utc' in spec
          ? {
              text: `every day at ${pad(spec.utc.hour)}:${pad(spec.utc.minute)} UTC`,
              schedule: Schedule.cron({ minute: String(spec.utc.minute), hour: String(spec.utc.hour) }),
            }
          : {
              text: `every ${spec.everyMinutes} minutes`,
              schedule: Schedule.rate(Duration.minutes(spec.everyMinutes)),
            };
      new Rule(this, `${scheduleId(job)}Schedule`, {
        description: `${job} (as \`${spec.command}\`) ${when.text}`,
        schedule: when.schedule,
        targets: [
          new LambdaFunction(fn, {
            event: RuleTargetInput.fromObject({ job }),
            retryAttempts: 2,
            maxEventAge: Duration.hours(1),
            deadLetterQueue: failures,
          }),
        ],
      });
    }
    this.snapshotRefreshOnMark(fn, failures);
    return { fn, failures };
  }

  /**
   * A projection-state item gaining `dueAt` (a request found its collection larger than the probe, with no
   * usable snapshot) -> that collection's snapshot rewritten within seconds. One record per invocation: a
   * rewrite reads its collection whole (up to the ceiling), well inside the function's 10 minutes and
   * 1,769 MB (one vCPU; see scheduledJobs). Retries are harmless (the rewrite reads the state item and
   * stops when the snapshot is fresh); a record still failing is parked in JobFailures (alarmed) and the
   * refresh-snapshots schedule writes it on its next run.
   * Two filters: an insert has no old image to test (`exists: false` on a missing image is not relied on).
   */
  private snapshotRefreshOnMark(fn: LambdaFn, failures: Queue) {
    const marked = { dueAt: { N: FilterRule.exists() } };
    fn.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 1,
        bisectBatchOnError: true,
        retryAttempts: 2,
        maxRecordAge: Duration.hours(1),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(failures),
        filters: [
          FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: marked } }),
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('MODIFY'),
            dynamodb: { NewImage: marked, OldImage: { dueAt: { N: FilterRule.notExists() } } },
          }),
        ],
      }),
    );
  }

  /**
   * Outbox -> stream -> publisher -> bus -> rule -> delivery queue -> worker -> subscriber, with a sweeper
   * for outbox items the stream path missed and a dispatcher for deliveries whose message went missing.
   */
  private eventPath() {
    const bus = new EventBus(this, 'Events');
    const encryption = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;
    const deliveryDeadLetters = new Queue(this, 'DeliveryDeadLetters', {
      ...encryption,
      retentionPeriod: Duration.days(14),
    });
    const deliveryQueue = new Queue(this, 'DeliveryQueue', {
      ...encryption,
      // At least six times the worker's timeout, as Lambda's SQS integration advises.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: deliveryDeadLetters, maxReceiveCount: 5 },
    });
    const publisherFailures = new Queue(this, 'PublisherFailures', {
      ...encryption,
      retentionPeriod: Duration.days(14),
    });
    const fn = (name: EventFunction, timeout: Duration, environment: Record<string, string>) =>
      this.nodeFunction(name, join(ROOT, 'functions', 'entries', ENTRIES[name]), { timeout, environment });

    const busEnv = { EVENT_BUS_NAME: bus.eventBusName };
    const functions: Record<EventFunction, LambdaFn> = {
      publisher: fn('publisher', Duration.seconds(60), busEnv),
      sweeper: fn('sweeper', Duration.seconds(120), busEnv),
      deliveryWorker: fn('deliveryWorker', WORKER_TIMEOUT, { DELIVERY_QUEUE_URL: deliveryQueue.queueUrl }),
      dispatcher: fn('dispatcher', Duration.seconds(120), {}),
      ledgerProjector: fn('ledgerProjector', Duration.seconds(60), {}),
    };

    // Outbox inserts only; a failing record is retried, bisected, then parked in PublisherFailures so it
    // cannot block its shard. It stays in the pending index, so the sweeper still publishes it.
    functions.publisher.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(1),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(publisherFailures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual('Outbox') } } },
          }),
        ],
      }),
    );
    this.table.grant(functions.publisher, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    bus.grantPutEventsTo(functions.publisher);

    this.table.grant(functions.sweeper, 'dynamodb:Query', 'dynamodb:UpdateItem');
    bus.grantPutEventsTo(functions.sweeper);
    new Rule(this, 'SweepSchedule', {
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(functions.sweeper)],
    });

    new Rule(this, 'WebhookFanOut', {
      eventBus: bus,
      eventPattern: { source: [EVENT_SOURCE] },
      targets: [new SqsQueue(deliveryQueue, { deadLetterQueue: deliveryDeadLetters, retryAttempts: 10 })],
    });
    functions.deliveryWorker.addEventSource(
      new SqsEventSource(deliveryQueue, { batchSize: WORKER_BATCH, reportBatchItemFailures: true }),
    );
    deliveryQueue.grantSendMessages(functions.deliveryWorker);

    const deliveryTableActions = [
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:Query',
    ];
    this.table.grant(functions.deliveryWorker, ...deliveryTableActions);
    this.table.grant(functions.dispatcher, ...deliveryTableActions);
    // Both sign deliveries: the worker those from the queue, the dispatcher pings and lost messages.
    allowOpening(this.webhookSecretsKey, functions.deliveryWorker);
    allowOpening(this.webhookSecretsKey, functions.dispatcher);
    new Rule(this, 'DispatchSchedule', {
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(functions.dispatcher)],
    });

    const projectionFailures = this.ledgerProjection(functions.ledgerProjector, encryption);

    return { bus, deliveryQueue, deliveryDeadLetters, publisherFailures, projectionFailures, functions };
  }

  /**
   * Ledger inserts -> movement rows (functions/areas/reports/ledger-projection.ts). Writes are idempotent
   * overwrites, so retries are safe; a record still failing after the retries is parked in
   * ProjectionFailures (its shard moves on) and `report rebuild-movements --org --from` re-projects it.
   */
  private ledgerProjection(
    projector: LambdaFn,
    encryption: { encryption: QueueEncryption; enforceSSL: boolean },
  ): Queue {
    const projectionFailures = new Queue(this, 'ProjectionFailures', {
      ...encryption,
      retentionPeriod: Duration.days(14),
    });
    projector.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(projectionFailures),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual('LedgerEntry') } } },
          }),
        ],
      }),
    );
    this.table.grant(projector, 'dynamodb:BatchWriteItem');
    return projectionFailures;
  }

  private nodeFunction(
    name: string,
    entry: string,
    options: { timeout?: Duration; memorySize?: number; environment?: Record<string, string> } = {},
  ): LambdaFn {
    const observability = functionObservability(this);
    return new LambdaFn(this, `${name}Function`, {
      ...observability,
      ...lambdaCode(name, entry, { tracing: observability.tracing === Tracing.ACTIVE }),
      memorySize: options.memorySize ?? 512,
      timeout: options.timeout ?? Duration.seconds(10),
      environment: {
        TABLE_NAME: this.table.tableName,
        ...observability.environment,
        ...projectionEnvironment(this),
        ...options.environment,
      },
      logGroup: new LogGroup(this, `${name}Logs`, { retention: RetentionDays.ONE_MONTH }),
    });
  }
}

export const groupEntry = (group: Group): string => join(ROOT, 'functions', 'entries', `${group}.ts`);

/**
 * How a function's code is built (infra/function-build.ts); only the meta function carries files beside
 * its bundle (infra/api-reference.ts).
 */
export const lambdaCode = (name: string, entry: string, { tracing = true }: { tracing?: boolean } = {}) =>
  functionCode(entry, { tracing, ...(name === 'meta' ? { extra: addApiReference(ROOT) } : {}) });
