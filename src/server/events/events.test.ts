import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { waitFor } from '../testing/smtp'
import {
  createPgProfileEvents,
  MAX_EVENT_PAYLOAD_BYTES,
  type ProfileEvents,
  PUBLISH_BATCH,
  schemaOf,
} from './events'

const quiet = { info() {}, warn() {}, error() {} }

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('change events through PostgreSQL', () => {
  let database: TestDatabase
  let listener: ProfileEvents
  let publisher: ProfileEvents
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    const make = () =>
      createPgProfileEvents({
        db: database.db,
        pgOptions: database.pgOptions ?? {},
        schema: schemaOf(database),
        log: quiet,
        channel: 'whirl_events_test',
      })
    listener = make()
    publisher = make()
    await listener.start()
  })
  afterAll(async () => {
    await listener?.close()
    await publisher?.close()
    await database?.dispose()
  })

  it('publishes made together share statements, and every one arrives, in order, once', async () => {
    const heard: number[] = []
    const other: number[] = []
    listener.subscribe('user-a', (revision) => heard.push(revision ?? -1))
    listener.subscribe('user-b', (revision) => other.push(revision ?? -1))
    const execute = vi.spyOn(database.db, 'execute')
    const count = PUBLISH_BATCH + 50
    const sent = Array.from({ length: count }, (_, i) =>
      publisher.publish(i % 2 ? 'user-b' : 'user-a', i + 1),
    )
    await Promise.all(sent)
    // The first goes alone; the rest waited for it and went in batches of at most PUBLISH_BATCH.
    expect(execute).toHaveBeenCalledTimes(3)
    execute.mockRestore()
    await waitFor(() => heard.length + other.length === count, 5_000)
    expect(heard).toEqual(Array.from({ length: count / 2 }, (_, i) => 2 * i + 1))
    expect(other).toEqual(Array.from({ length: count / 2 }, (_, i) => 2 * i + 2))
    // A lone publish afterwards goes at once, on its own.
    await publisher.publish('user-a', 1_000)
    await waitFor(() => heard.at(-1) === 1_000, 5_000)
  })

  it('a publish the database refuses fails its caller and not the next one', async () => {
    const execute = vi.spyOn(database.db, 'execute').mockRejectedValueOnce(new Error('database down'))
    await expect(publisher.publish('user-a', 2_000)).rejects.toThrow('database down')
    execute.mockRestore()
    await expect(publisher.publish('user-a', 2_001)).resolves.toBeUndefined()
  })

  it('an announcement goes out with the statement that carries it, with its data when it fits, and not if that statement fails', async () => {
    const heard: [number | undefined, unknown][] = []
    listener.subscribe('room-a', (revision, data) => heard.push([revision, data]))
    const small = { code: 'room-a', version: 1 }
    await database.db.execute(sql`select ${publisher.announcement('room-a', 1, small)}`)
    await waitFor(() => heard.length === 1, 5_000)
    expect(heard[0]).toEqual([1, small])
    // A failed statement sends nothing; the next one is heard, without data too long for NOTIFY.
    await expect(
      database.db.execute(sql`select ${publisher.announcement('room-a', 2, small)}, 1 / 0`),
    ).rejects.toThrow()
    const large = { text: 'x'.repeat(MAX_EVENT_PAYLOAD_BYTES) }
    await database.db.execute(sql`select ${publisher.announcement('room-a', 3, large)}`)
    await waitFor(() => heard.length === 2, 5_000)
    expect(heard[1]).toEqual([3, undefined])
  })
})
