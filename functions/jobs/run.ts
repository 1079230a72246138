/**
 * Runs one scheduled job over every organisation. The organisations are walked by key through their
 * registry (organisations' public.ts), and each one runs the same operation as the job's CLI command.
 *
 * Idempotent: a changed item leaves the status partition the job reads (a rewritten snapshot is fresh), so
 * a second run finds nothing.
 * Resumable: nothing is remembered between runs; a run that stops part-way (the cap, a timeout, an error)
 * leaves the rest due, and the next run's scan by key picks it up.
 * Bounded: at most `cap` items change per run (rows read, for the snapshot refresh and the recount);
 * `complete: false` says the cap stopped it (items may be left for the next run).
 * The recount (collection-recount.ts) keeps its progress on the count item and skips a complete one.
 */
import { expireDueBatches } from '../areas/inventory/back-office/batches.js';
import { rollInvoicesOverdue } from '../areas/invoices/back-office/roll-overdue.js';
import { organisationIdsPage } from '../areas/organisations/public.js';
import { refreshOrganisationSnapshots } from '../platform/dynamo/slim-snapshot-refresh.js';
import { recountOrganisation } from '../platform/dynamo/collection-recount.js';
import { JOB_ITEM_CAP, scheduledJob, type ScheduledJobName } from './schedule.js';

/** One organisation's pass: how many items changed (the job's unit), at most `limit` (or just past it). */
type OrganisationPass = (orgId: string, asOf: string, limit: number) => Promise<number>;

const PASSES: Record<ScheduledJobName, OrganisationPass> = {
  'expire-lots': async (orgId, asOf, limit) => (await expireDueBatches({ orgId, asOf, limit })).expiredCount,
  'roll-overdue': async (orgId, asOf, limit) =>
    (await rollInvoicesOverdue({ orgId, asOf, limit })).data.length,
  'refresh-snapshots': async (orgId, _asOf, limit) =>
    (await refreshOrganisationSnapshots(orgId, { limit })).rows,
  'recount-collections': async (orgId, _asOf, limit) => (await recountOrganisation(orgId, limit)).read,
};

const ORGANISATION_PAGE = 100;

export interface ScheduledJobRun {
  job: ScheduledJobName;
  /** The start of today's UTC date: lots and invoices due before this instant's date are acted on. */
  asOf: string;
  organisations: number;
  changed: number;
  /** False when the cap stopped the run; the rest stays due for the next run. */
  complete: boolean;
}

/** The start of `now`'s UTC day: "before today's UTC date" as an instant the operations compare against. */
export const startOfUtcDay = (now: Date): string => `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;

export async function runScheduledJob(
  job: ScheduledJobName,
  options: { now?: Date; cap?: number } = {},
): Promise<ScheduledJobRun> {
  const asOf = startOfUtcDay(options.now ?? new Date());
  const cap = options.cap ?? scheduledJob(job).cap ?? JOB_ITEM_CAP;
  const pass = PASSES[job];
  let organisations = 0;
  let changed = 0;
  let after: string | undefined;
  do {
    const page = await organisationIdsPage(after, ORGANISATION_PAGE);
    for (const orgId of page.ids) {
      organisations += 1;
      changed += await pass(orgId, asOf, cap - changed);
      // Reaching the cap may have left items of this or later organisations: say so (conservatively).
      if (changed >= cap) return { job, asOf, organisations, changed, complete: false };
    }
    after = page.next;
  } while (after);
  return { job, asOf, organisations, changed, complete: true };
}
