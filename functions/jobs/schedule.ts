/**
 * The scheduled jobs of design.md section 7 and when they run: data only, so the CDK stack (EventBridge
 * schedules), the local runtime (infra/local/start.ts) and the Lambda entry read the same list.
 */

/** A job's schedule: daily at a UTC time, or every so many minutes. */
export type JobSchedule = { utc: { hour: number; minute: number } } | { everyMinutes: number };

export type ScheduledJob = JobSchedule & {
  /** The back-office command that runs the same operation (infra/admin). */
  command: string;
  /** What one invocation does at most, in the job's unit (default JOB_ITEM_CAP items changed). */
  cap?: number;
};

/**
 * Rows the snapshot refresh reads whole per run (about 0.35 KB each: ~210 MB, two collections at the
 * projection's ceiling); the collection that passes it is finished, the rest waits for the next run.
 */
export const SNAPSHOT_REFRESH_ROW_CAP = 600_000;

/**
 * Rows the recount of count items reads per run (collection-recount.ts): a COUNT query reads a thousand
 * rows a page, so a run stays short; a longer collection completes over runs from its kept progress.
 */
export const RECOUNT_ROW_CAP = 20_000;

export const SCHEDULED_JOBS = {
  /** ACTIVE and QUARANTINED lots whose expiryDate is before today's UTC date -> EXPIRED. */
  'expire-lots': { command: 'batch expire-due', utc: { hour: 0, minute: 15 } },
  /** SENT and PARTIALLY_PAID invoices whose dueDate's UTC date is before today's -> OVERDUE. */
  'roll-overdue': { command: 'invoice roll-overdue', utc: { hour: 0, minute: 30 } },
  /**
   * The projection's packed snapshots that are awaited, stale or behind a long feed are rewritten from a
   * whole read (platform/dynamo/slim-snapshot-refresh.ts), so no list request reads a collection whole.
   * Its unit is rows read; every 10 minutes keeps snapshots under 40 minutes old (rewritten from 30).
   */
  'refresh-snapshots': {
    command: 'projection refresh-snapshots',
    everyMinutes: 10,
    cap: SNAPSHOT_REFRESH_ROW_CAP,
  },
  /** Count items of organisations created before them -> counted and complete (collection-recount.ts). */
  'recount-collections': {
    command: 'org recount',
    utc: { hour: 0, minute: 45 },
    /** Rows counted rather than items changed: a COUNT query reads a thousand rows a page. */
    cap: RECOUNT_ROW_CAP,
  },
} as const satisfies Record<string, ScheduledJob>;

export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;
export const SCHEDULED_JOB_NAMES = Object.keys(SCHEDULED_JOBS) as ScheduledJobName[];

export const isScheduledJobName = (value: unknown): value is ScheduledJobName =>
  typeof value === 'string' && Object.hasOwn(SCHEDULED_JOBS, value);

/** The job's entry, as its general type (the list above is `as const`). */
export const scheduledJob = (job: ScheduledJobName): ScheduledJob => SCHEDULED_JOBS[job];

/**
 * Items one invocation changes at most, over all organisations. Each change is a read and one transaction
 * (tens of milliseconds), so a capped run ends well inside the Lambda's timeout; what it leaves stays due
 * and the next run (or the CLI command) finishes it.
 */
export const JOB_ITEM_CAP = 2000;
