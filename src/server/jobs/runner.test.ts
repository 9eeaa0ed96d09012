import { eq, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createBillingClock } from '../billing/clock'
import { createPlanRenewal, SWEEP_BATCH_SIZE } from '../billing/plan-renewal'
import type { PaymentProvider, ProviderSubscription } from '../billing/provider'
import { type Db, openDatabase } from '../db/client'
import { billingSubscriptions, periodicJobs, profiles, users } from '../db/schema'
import { createInProcessProfileEvents } from '../events/events'
import { createProfileRepository } from '../profile/repository'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { createJobRunner, type PeriodicJob, registerPeriodicJob } from './runner'

const DAY = 86_400_000

/** A provider that only answers getSubscription, counting the questions per subscription. */
function countingProvider(answer: (id: string) => ProviderSubscription | null) {
  const asked = new Map<string, number>()
  const provider = {
    kind: 'sandbox',
    async getSubscription(id: string) {
      asked.set(id, (asked.get(id) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, 1))
      return answer(id)
    },
  } as unknown as PaymentProvider
  return { provider, asked }
}

async function addDueUsers(db: Db, count: number) {
  const ids = Array.from({ length: count }, (_, i) => `due-${String(i).padStart(5, '0')}`)
  const past = new Date(Date.now() - DAY)
  for (let i = 0; i < ids.length; i += 250) {
    const chunk = ids.slice(i, i + 250)
    await db.insert(users).values(chunk.map((id) => ({ id, name: id, email: `${id}@example.com` })))
    await db.insert(profiles).values(
      chunk.map((id) => ({
        userId: id,
        displayName: id,
        email: `${id}@example.com`,
        planType: 'monthly' as const,
        subscriptionStatus: 'active',
        subscriptionId: `sub-${id}`,
        subscriptionExpiresAt: past,
      })),
    )
    await db.insert(billingSubscriptions).values(
      chunk.map((id) => ({
        id: `sub-${id}`,
        userId: id,
        provider: 'sandbox' as const,
        status: 'ACTIVE',
        nextBillingTime: past,
      })),
    )
  }
  return ids
}

describe.each(DATABASE_KINDS)('periodic jobs across two processes on %s', (kind) => {
  let database: TestDatabase
  let second: Db
  let closeSecond = async () => {}

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    if (kind === 'postgres') {
      const other = await openDatabase({
        kind: 'postgres',
        url: process.env.DATABASE_URL ?? '',
        schema: database.schema,
      })
      second = other.db
      closeSecond = () => other.close()
    } else {
      second = database.db
    }
  })
  afterEach(async () => {
    await database.db.delete(periodicJobs)
    await database.db.delete(users)
  })
  afterAll(async () => {
    await closeSecond()
    await database.dispose()
  })

  /** The plan sweep as each process registers it, over that process's own connection. */
  function sweepJob(db: Db, provider: PaymentProvider, everyMs: number, batches: number[]): PeriodicJob {
    const renewal = createPlanRenewal(
      db,
      provider,
      createProfileRepository(db, createInProcessProfileEvents()),
      createBillingClock(),
    )
    return {
      name: 'plan-renewal-sweep',
      everyMs,
      run: () => renewal.sweep({ onBatch: (n) => batches.push(n) }),
    }
  }

  /** Both processes wake `times` times at once, as their timers would within one interval. */
  async function wakeBoth(jobs: [PeriodicJob, PeriodicJob], times: number) {
    const runners = [createJobRunner(database.db, () => {}), createJobRunner(second, () => {})]
    let ran = 0
    for (let i = 0; i < times; i++) {
      const results = await Promise.all([runners[0]?.tick(jobs[0]), runners[1]?.tick(jobs[1])])
      ran += results.filter(Boolean).length
    }
    return ran
  }

  /** The interval ends (as if its time had passed). */
  const endInterval = () =>
    database.db
      .update(periodicJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(periodicJobs.name, 'plan-renewal-sweep'))

  it('a server closing waits for the run it has started, on a database still open', async () => {
    const app = Fastify()
    const steps: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    registerPeriodicJob(app, database.db, {
      name: 'slow-job',
      everyMs: 60_000,
      async run() {
        steps.push('started')
        await held
        // Still on the database after the close was asked for.
        await database.db.select().from(periodicJobs)
        steps.push('finished')
      },
    })
    await app.ready()
    await expect.poll(() => steps).toEqual(['started'])
    const closed = app.close().then(() => steps.push('closed'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(steps).toEqual(['started'])
    release()
    await closed
    expect(steps).toEqual(['started', 'finished', 'closed'])
  })

  it('a due user is checked with the provider exactly once per sweep interval', async () => {
    await addDueUsers(database.db, 1)
    // The provider is down: the user stays due, and is asked about again only in the next interval.
    const { provider, asked } = countingProvider(() => {
      throw new Error('provider unavailable')
    })
    const batches: number[] = []
    const jobs: [PeriodicJob, PeriodicJob] = [
      sweepJob(database.db, provider, 60_000, batches),
      sweepJob(second, provider, 60_000, batches),
    ]
    for (let interval = 1; interval <= 3; interval++) {
      expect(await wakeBoth(jobs, 5)).toBe(1)
      expect(asked.get('sub-due-00000')).toBe(interval)
      await endInterval()
    }
  })

  it('1,000 due users are processed in bounded batches, each checked once', async () => {
    await addDueUsers(database.db, 1000)
    const paidUntil = new Date(Date.now() + 30 * DAY).toISOString()
    const { provider, asked } = countingProvider(
      (id) => ({ id, status: 'ACTIVE', nextBillingTime: paidUntil }) as ProviderSubscription,
    )
    const batches: number[] = []
    const jobs: [PeriodicJob, PeriodicJob] = [
      sweepJob(database.db, provider, 60_000, batches),
      sweepJob(second, provider, 60_000, batches),
    ]
    expect(await wakeBoth(jobs, 3)).toBe(1)
    expect(asked.size).toBe(1000)
    expect([...asked.values()].every((n) => n === 1)).toBe(true)
    expect(Math.max(...batches)).toBeLessThanOrEqual(SWEEP_BATCH_SIZE)
    expect(batches.length).toBeGreaterThanOrEqual(1000 / SWEEP_BATCH_SIZE)
    // Renewed by the provider: nobody is due any more, so the next interval asks no one.
    await endInterval()
    expect(await wakeBoth(jobs, 1)).toBe(1)
    expect(asked.size).toBe(1000)
    expect([...asked.values()].every((n) => n === 1)).toBe(true)
  }, 120_000)
})
