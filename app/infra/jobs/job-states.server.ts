import { and, gt, lt, sql } from 'drizzle-orm'
import { jobStates } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

/**
 * What each instance last did with each job (table `job_states`), so that the Background work
 * screen shows the site's jobs and not only the answering process's: every instance writes its
 * own rows (the registry, at most every few seconds per job and at once on a failure), and the
 * screen reads those of the instances seen in the last day.
 */

export interface SharedJobState {
  job: string
  instance: string
  runs: number
  failures: number
  lastRun: { at: number; ms: number; ok: boolean } | null
  lastFailure: { at: number; message: string } | null
  nextRunAt: number | null
  updatedAt: number
}

const date = (ms: number | null | undefined) => (ms == null ? null : new Date(ms))

export async function writeJobStates(states: SharedJobState[]): Promise<void> {
  if (states.length === 0) return
  await getDb()
    .insert(jobStates)
    .values(
      states.map((s) => ({
        job: s.job,
        instance: s.instance,
        runs: s.runs,
        failures: s.failures,
        lastRunAt: date(s.lastRun?.at),
        lastRunMs: s.lastRun?.ms ?? null,
        lastRunOk: s.lastRun?.ok ?? null,
        lastFailureAt: date(s.lastFailure?.at),
        lastFailureMessage: s.lastFailure?.message.slice(0, 2000) ?? null,
        nextRunAt: date(s.nextRunAt),
        updatedAt: new Date(s.updatedAt),
      })),
    )
    .onConflictDoUpdate({
      target: [jobStates.job, jobStates.instance],
      set: {
        runs: sql`excluded.runs`,
        failures: sql`excluded.failures`,
        lastRunAt: sql`excluded.last_run_at`,
        lastRunMs: sql`excluded.last_run_ms`,
        lastRunOk: sql`excluded.last_run_ok`,
        lastFailureAt: sql`excluded.last_failure_at`,
        lastFailureMessage: sql`excluded.last_failure_message`,
        nextRunAt: sql`excluded.next_run_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
}

const DAY_MS = 86_400_000

/** Every instance's rows written within the last day (`now` in ms). */
export async function readJobStates(now: number): Promise<SharedJobState[]> {
  const rows = await getDb()
    .select()
    .from(jobStates)
    .where(gt(jobStates.updatedAt, new Date(now - DAY_MS)))
  return rows.map((row) => ({
    job: row.job,
    instance: row.instance,
    runs: row.runs,
    failures: row.failures,
    lastRun:
      row.lastRunAt && row.lastRunMs !== null && row.lastRunOk !== null
        ? { at: row.lastRunAt.getTime(), ms: row.lastRunMs, ok: row.lastRunOk }
        : null,
    lastFailure:
      row.lastFailureAt && row.lastFailureMessage !== null
        ? { at: row.lastFailureAt.getTime(), message: row.lastFailureMessage }
        : null,
    nextRunAt: row.nextRunAt?.getTime() ?? null,
    updatedAt: row.updatedAt.getTime(),
  }))
}

/** Rows of instances gone for a week are dropped (restarts take new names). */
export async function sweepJobStates(now = Date.now()): Promise<number> {
  const swept = await getDb()
    .delete(jobStates)
    .where(and(lt(jobStates.updatedAt, new Date(now - 7 * DAY_MS))))
    .returning({ job: jobStates.job })
  return swept.length
}
