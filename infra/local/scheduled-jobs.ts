/**
 * The scheduled jobs in the local runtime (design.md section 7): the deployed stack runs them on
 * EventBridge schedules (daily, or every few minutes); `npm start` runs each once at start (catching up
 * whatever fell due while it was down) and then the daily ones hourly and the others at their interval,
 * which the jobs allow since a run changes nothing that is not due. The timers are
 * unref'd, so they never keep the process alive, and stopped with the rest of the runtime.
 */
import { runScheduledJob, type ScheduledJobRun } from '../../functions/jobs/run.js';
import { SCHEDULED_JOB_NAMES, scheduledJob, type ScheduledJobName } from '../../functions/jobs/schedule.js';

export const JOBS_EVERY_MS = 60 * 60 * 1000;

/** Runs every job once, in turn (lots before invoices, as the schedules order them). */
export async function runScheduledJobsOnce(
  options: { now?: Date; cap?: number } = {},
): Promise<ScheduledJobRun[]> {
  const runs: ScheduledJobRun[] = [];
  for (const job of SCHEDULED_JOB_NAMES) runs.push(await runScheduledJob(job, options));
  return runs;
}

const describeRun = (run: ScheduledJobRun) =>
  `${run.job}: ${run.changed} changed over ${run.organisations} organisation(s)${run.complete ? '' : ' (capped; the next run finishes the rest)'}`;

/** How often a job runs locally: its interval, or `daily` ms for the daily ones. */
const periodOf = (job: ScheduledJobName, daily: number): number => {
  const spec = scheduledJob(job);
  return 'everyMinutes' in spec ? Math.min(daily, spec.everyMinutes * 60_000) : daily;
};

/**
 * Starts the jobs: a run of each now, then each again once its period (`every` ms for the daily jobs, the
 * interval for the others) has passed since its last run, checked after each run (runs never overlap).
 * `firstRun` settles when the run at start has finished (a failure is logged, not thrown: the next run
 * retries, as the stack's schedule does).
 */
export function startScheduledJobs(options: { every?: number; log?: (line: string) => void } = {}): {
  stop: () => void;
  firstRun: Promise<void>;
} {
  const every = options.every ?? JOBS_EVERY_MS;
  const log = options.log ?? ((line: string) => console.log(`Scheduled jobs: ${line}`));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const lastRun = new Map<ScheduledJobName, number>();
  const tickEvery = Math.min(...SCHEDULED_JOB_NAMES.map((job) => periodOf(job, every)));
  const tick = async (): Promise<void> => {
    if (stopped) return;
    try {
      for (const job of SCHEDULED_JOB_NAMES) {
        const last = lastRun.get(job);
        if (last !== undefined && Date.now() - last < periodOf(job, every) - tickEvery / 2) continue;
        lastRun.set(job, Date.now());
        const run = await runScheduledJob(job);
        if (run.changed > 0 || !run.complete) log(describeRun(run));
      }
    } catch (error) {
      log(`failed: ${(error as Error).message}`);
    }
    if (!stopped) {
      timer = setTimeout(() => void tick(), tickEvery);
      timer.unref();
    }
  };
  return {
    firstRun: tick(),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
