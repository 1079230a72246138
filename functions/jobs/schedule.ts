import { RECOUNT_ROW_CAP } from '../platform/dynamo/collection-recount.js';

/**
 * The scheduled jobs of design.md section 7 and when they run: data only, so the CDK stack (EventBridge
 * schedules), the local runtime (infra/local/start.ts) and the Lambda entry read the same list.
 */
export const SCHEDULED_JOBS = {
  /** ACTIVE and QUARANTINED lots whose expiryDate is before today's UTC date -> EXPIRED. */
  'expire-lots': { command: 'batch expire-due', utc: { hour: 0, minute: 15 } },
  /** SENT and PARTIALLY_PAID invoices whose dueDate's UTC date is before today's -> OVERDUE. */
  'roll-overdue': { command: 'invoice roll-overdue', utc: { hour: 0, minute: 30 } },
  /** Count items of organisations created before them -> counted and complete (collection-recount.ts). */
  'recount-collections': {
    command: 'org recount',
    utc: { hour: 0, minute: 45 },
    /** Rows counted rather than items changed: a COUNT query reads a thousand rows a page. */
    cap: RECOUNT_ROW_CAP,
  },
} as const;

export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;
export const SCHEDULED_JOB_NAMES = Object.keys(SCHEDULED_JOBS) as ScheduledJobName[];

export const isScheduledJobName = (value: unknown): value is ScheduledJobName =>
  typeof value === 'string' && Object.hasOwn(SCHEDULED_JOBS, value);

/**
 * Items one invocation changes at most, over all organisations. Each change is a read and one transaction
 * (tens of milliseconds), so a capped run ends well inside the Lambda's timeout; what it leaves stays due
 * and the next run (or the CLI command) finishes it.
 */
export const JOB_ITEM_CAP = 2000;
