import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedRoom } from '../../core/rooms/protocol'
import { send, startApp, startSecondProcess, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { baseOf, connectRoom, isState, isViewers, testWheel } from '../testing/room-client'

// Two server processes on one PostgreSQL: a room's changes reach the other through LISTEN/NOTIFY.
describe.skipIf(!DATABASE_KINDS.includes('postgres'))('live rooms across two processes', () => {
  let database: TestDatabase
  let a: TestApp
  let b: TestApp
  const cleanups: (() => Promise<unknown>)[] = []
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    a = await startApp(database)
    b = await startSecondProcess(database, cleanups)
    await a.listen({ port: 0, host: '127.0.0.1' })
    await b.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    await a?.dispose()
    await database?.dispose()
  })

  it('a viewer on app B hears a spin made on app A, and the viewer count adds both', async () => {
    const res = await send(a, '/api/rooms', { wheel: testWheel(5) })
    expect(res.statusCode).toBe(201)
    const created: CreatedRoom = res.json()
    const onA = await connectRoom(baseOf(a), created.code)
    const onB = await connectRoom(baseOf(b), created.code)
    await onB.next(isState)
    await onB.next((m): m is Extract<typeof m, { type: 'viewers' }> => isViewers(m) && m.viewers === 2)
    const spun = await a.inject({
      method: 'POST',
      url: `/api/rooms/${created.code}/spin`,
      headers: { authorization: `Bearer ${created.hostToken}` },
    })
    expect(spun.statusCode).toBe(200)
    const heard = await onB.next(
      (m): m is Extract<typeof m, { type: 'state' }> => isState(m) && m.room.spin !== null,
    )
    expect(heard.room.spin).toEqual(spun.json().spin)
    // It is heard before the wheel starts turning (the spin starts ROOM_LIMITS.leadMs after the request).
    expect(heard.serverTime).toBeLessThan(heard.room.spin?.start ?? 0)
    onA.close()
    await onB.next((m): m is Extract<typeof m, { type: 'viewers' }> => isViewers(m) && m.viewers === 1)
    onB.close()
  })
})
