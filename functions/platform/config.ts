/**
 * The environment the functions run with, named and typed in one place (the stack sets these on each
 * Lambda; npm start, the admin CLI, the bench and the tests set them locally). Each setting is read when
 * asked, not once at load: the local runtime and the tests set variables after the modules load, and some
 * tests change them between cases. Defaults owned by another module (the table's default name, the
 * service name) stay with it: a setting here is undefined when the variable is not set.
 * The secret sealers take the environment as an argument instead (functions/platform/secrets/).
 */
const env = (name: string): string | undefined => process.env[name];

export const config = {
  /** The single table; the table definition's default name when unset. */
  get tableName(): string | undefined {
    return env('TABLE_NAME');
  },
  /** A DynamoDB endpoint other than AWS's (DynamoDB Local), with the region it answers for. */
  get dynamodbEndpoint(): string | undefined {
    return env('DYNAMODB_ENDPOINT');
  },
  get region(): string | undefined {
    return env('AWS_REGION');
  },
  /** Set by the Lambda runtime: whether this process is a deployed Lambda. */
  get lambdaFunctionName(): string | undefined {
    return env('AWS_LAMBDA_FUNCTION_NAME');
  },
  get logLevel(): string | undefined {
    return env('LOG_LEVEL');
  },
  get serviceName(): string | undefined {
    return env('POWERTOOLS_SERVICE_NAME');
  },
  get metricsNamespace(): string | undefined {
    return env('POWERTOOLS_METRICS_NAMESPACE');
  },
  get metricsDisabled(): boolean {
    return env('POWERTOOLS_METRICS_DISABLED') === 'true';
  },
  get tracingDisabled(): boolean {
    return env('POWERTOOLS_TRACE_ENABLED') === 'false';
  },
  /** The EventBridge bus the outbox publishes to; without it the admin CLI's sweep fans out locally. */
  get eventBusName(): string | undefined {
    return env('EVENT_BUS_NAME');
  },
  /** How old an unpublished outbox item must be before the sweeper republishes it. */
  get outboxSweepAfterSeconds(): number {
    return Number(env('OUTBOX_SWEEP_AFTER_SECONDS') ?? 120);
  },
  /** The slim projection's cache: overlap re-read, reload age and row cap (docs/design/slim-projection.md). */
  get slimOverlapMs(): number {
    return Number(env('SLIM_OVERLAP_MS') ?? 5_000);
  },
  get slimReloadMs(): number {
    return Number(env('SLIM_RELOAD_MS') ?? 10 * 60_000);
  },
  get slimMaxRows(): number {
    return Number(env('SLIM_MAX_ROWS') ?? 300_000);
  },
  /**
   * The probe of a cold load without a usable snapshot reads about 1 MB of slim index entries (one Query
   * page's worth: ~2,800 bench products) and at most this many rows (default: no row bound, the bytes
   * decide; tests lower it). A collection that fits is held whole; a larger one gets a packed snapshot
   * (slim-snapshot.ts) that no request reads whole: the refresh on mark writes it, and the job rewrites it
   * when a cold load finds more changed rows than the feed limit or its rows were last read whole longer
   * ago than half the full-read age.
   */
  get slimProbeMaxRows(): number {
    return Number(env('SLIM_PROBE_MAX_ROWS') ?? Number.POSITIVE_INFINITY);
  },
  get slimSnapshotFeedRows(): number {
    return Number(env('SLIM_SNAPSHOT_FEED_ROWS') ?? 1_000);
  },
  get slimSnapshotFullMs(): number {
    return Number(env('SLIM_SNAPSHOT_FULL_MS') ?? 60 * 60_000);
  },
  /**
   * The largest packed snapshot (bytes over its chunks) a cold load reads: with the feed since it, read
   * within the list budget's bytes (LIST_SCAN_MAX_BYTES), a cold load stays within about 1 MB. A collection
   * whose snapshot packs larger is above the projection's ceiling, like one of more than SLIM_MAX_ROWS
   * rows: its lists are the bounded index reads (docs/design/slim-projection.md, session 43). ~24k rows of
   * the bench's shape, ~10k of varied ones; raise it to trade a larger cold load for search at that size.
   */
  get slimSnapshotMaxBytes(): number {
    return Number(env('SLIM_SNAPSHOT_MAX_BYTES') ?? 655_360);
  },
  /** A snapshot is still read this long after its rows' whole read while the refresh job is late. */
  get slimSnapshotMaxAgeMs(): number {
    return Number(env('SLIM_SNAPSHOT_MAX_AGE_MS') ?? 4 * 60 * 60_000);
  },
  /**
   * The snapshot rewrite reads its collection's GSI5 entries in time slices, this many at once
   * (slim-snapshot-read.ts): a 100k-row collection is ~35 Query pages of 1 MB, 8 readers ~5 pages each.
   */
  get slimSnapshotReadConcurrency(): number {
    return Number(env('SLIM_SNAPSHOT_READ_CONCURRENCY') ?? 8);
  },
  /** Rows one list request may read from an index when the projection cannot serve it (list-budget.ts). */
  get listScanMaxRows(): number {
    return Number(env('LIST_SCAN_MAX_ROWS') ?? 1_000);
  },
  /**
   * Bytes one list request may read (DynamoDB's measure: the capacity its Queries are billed, ~1 MB by
   * default), shared by the probe of a cold load and the bounded index reads (read-budget.ts).
   */
  get listScanMaxBytes(): number {
    return Number(env('LIST_SCAN_MAX_BYTES') ?? 1_048_576);
  },
  /** The webhook delivery queue (SQS). */
  get deliveryQueueUrl(): string | undefined {
    return env('DELIVERY_QUEUE_URL');
  },
  /** Webhook delivery settings as written; the webhooks area parses and checks them. */
  get webhookRetryDelaysSeconds(): string | undefined {
    return env('WEBHOOK_RETRY_DELAYS_SECONDS');
  },
  get webhookDisableAfterFailures(): string | undefined {
    return env('WEBHOOK_DISABLE_AFTER_FAILURES');
  },
  get webhookTimeoutMs(): string | undefined {
    return env('WEBHOOK_TIMEOUT_MS');
  },
  /** '1' lets webhook targets resolve to private addresses (local runs and tests only). */
  get allowPrivateWebhookUrls(): boolean {
    return env('ALLOW_PRIVATE_WEBHOOK_URLS') === '1';
  },
  /** How long GET /events waits before serving an event, as written; the events area checks it. */
  get eventsSettleSeconds(): string | undefined {
    return env('EVENTS_SETTLE_SECONDS');
  },
};
