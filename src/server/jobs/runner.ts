import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { periodicJobs } from '../db/schema'

export type PeriodicJob = {
  /** Unique in the cluster: the row that decides who runs it. */
  name: string
  everyMs: number
  /** The work of one run; it should work in bounded batches. */
  run(): Promise<unknown>
}

/** This process's name in periodic_jobs.last_run_by (for operators reading the table). */
const PROCESS_ID = `${process.pid}-${randomUUID().slice(0, 8)}`

/**
 * Claims this interval's run of a job: one atomic upsert moves next_run_at forward only when it
 * has passed, so among any number of processes exactly one wins each interval. A process that
 * dies mid-run leaves the work to the next interval (the sweeps pick up whatever is still due).
 */
export async function claimRun(db: Db, name: string, everyMs: number, owner = PROCESS_ID): Promise<boolean> {
  const interval = `${Math.max(1, Math.round(everyMs))} milliseconds`
  const result = await db.execute<{ name: string }>(sql`
    insert into ${periodicJobs} (name, next_run_at, last_run_by)
    values (${name}, now() + ${interval}::interval, ${owner})
    on conflict (name) do update set
      next_run_at = now() + ${interval}::interval,
      last_run_by = excluded.last_run_by
    where ${periodicJobs.nextRunAt} <= now()
    returning name`)
  return (result as unknown as { rows: unknown[] }).rows.length === 1
}

export type JobRunner = {
  /** Claims and runs the job now if this interval's run is still unclaimed; true when it ran here. */
  tick(job: PeriodicJob): Promise<boolean>
}

export function createJobRunner(db: Db, onError: (error: unknown, job: string) => void): JobRunner {
  const running = new Set<string>()
  return {
    async tick(job) {
      if (running.has(job.name)) return false
      running.add(job.name)
      try {
        if (!(await claimRun(db, job.name, job.everyMs))) return false
        await job.run()
        return true
      } catch (error) {
        onError(error, job.name)
        return false
      } finally {
        running.delete(job.name)
      }
    },
  }
}

/**
 * The one way a periodic job runs in Whirl: every process wakes at a fraction of the interval and
 * tries to claim the run; the cluster as a whole runs the job once per interval.
 */
export function registerPeriodicJob(app: FastifyInstance, db: Db, job: PeriodicJob): JobRunner {
  const runner = createJobRunner(db, (error, name) =>
    app.log.error({ err: error, job: name }, 'periodic job failed'),
  )
  let timer: NodeJS.Timeout | undefined
  // A run still going when the server closes is waited for: it works on the database (and may be
  // writing a mail) that closes after it, and a run cut off leaves its mails claimed until they
  // are retried. A tick never rejects.
  const going = new Set<Promise<boolean>>()
  const wake = () => {
    const run = runner.tick(job)
    going.add(run)
    void run.finally(() => going.delete(run))
  }
  app.addHook('onReady', async () => {
    wake()
    timer = setInterval(wake, Math.max(50, Math.min(job.everyMs / 4, 60_000)))
    timer.unref()
  })
  app.addHook('preClose', async () => {
    clearInterval(timer)
    await Promise.all(going)
  })
  return runner
}
