import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../db/auth-schema'
import { contactMessages } from '../db/contact-schema'
import { openTestDatabase } from './harness'

const message = {
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'Hi',
  message: 'Hello there',
  type: 'general',
}

// A block's PGlite goes to the next block of the worker (decision 0067): what the next one gets
// must be what a fresh database holds, or one block's rows would reach another's tests.
describe('the server tests’ PGlite', () => {
  it('is handed to the next block empty, its counters restarted and its session new', async () => {
    const first = await openTestDatabase('pglite')
    await first.db.insert(users).values({ id: 'u1', name: 'Ann', email: 'ann@example.com' })
    const [before] = await first.db.insert(contactMessages).values(message).returning()
    expect(before?.id).toBe(1)
    await first.db.insert(contactMessages).values(message)
    await first.db.execute(sql`set statement_timeout = 1234`)
    await first.dispose()

    const second = await openTestDatabase('pglite')
    try {
      expect(second.db).toBe(first.db)
      expect(await second.db.select().from(users)).toEqual([])
      expect(await second.db.select().from(contactMessages)).toEqual([])
      const [after] = await second.db.insert(contactMessages).values(message).returning()
      expect(after?.id).toBe(1)
      const timeout = (await second.db.execute(sql`show statement_timeout`)) as {
        rows: { statement_timeout: string }[]
      }
      expect(timeout.rows[0]?.statement_timeout).toBe('0')
    } finally {
      await second.dispose()
    }
  })

  it('is not handed on once its test has closed it', async () => {
    const first = await openTestDatabase('pglite')
    await first.close()
    await first.dispose()
    const second = await openTestDatabase('pglite')
    try {
      expect(second.db).not.toBe(first.db)
      expect(await second.db.select().from(users)).toEqual([])
    } finally {
      await second.dispose()
    }
  })
})
