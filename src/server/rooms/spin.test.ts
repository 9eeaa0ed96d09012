import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type CreatedRoom, ROOM_MESSAGES, type RoomWheel } from '../../core/rooms/protocol'
import { draws, rooms } from '../db/schema'
import { newDrawId } from '../draws/repository'
import { send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { baseOf, connectRoom, isState, testWheel } from '../testing/room-client'
import { USER_TABLES, useTestApp } from '../testing/test-app'
import { readForSpin, spinConflictOf, writeSpin } from './spin-store'

let ipCounter = 0
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

describe.each(DATABASE_KINDS)('a room’s spin on %s', (kind) => {
  const server = useTestApp(kind, {
    build: { rooms: { limits: { spinsPerMinute: 2, leadMs: 100 } } },
    clean: [...USER_TABLES, rooms],
  })
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  const open = async (): Promise<CreatedRoom> => {
    const res = await send(server.app, '/api/rooms', { wheel: testWheel(4) }, { ip: freshIp() })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const spin = (code: string, token: string, ip = '10.7.0.1') =>
    server.app.inject({
      method: 'POST',
      url: `/api/rooms/${code}/spin`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: ip,
    })

  it('a viewer’s spin requests do not use up the host’s spins; the host’s spin is heard with its draw revealed', async () => {
    const created = await open()
    const viewer = await connectRoom(baseOf(server.app), created.code)
    await viewer.next(isState)
    for (let i = 0; i < 3; i++) {
      const refused = await spin(created.code, 'host_not-the-token')
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ error: ROOM_MESSAGES.badToken })
    }
    const spun = await spin(created.code, created.hostToken)
    expect(spun.statusCode, spun.body).toBe(200)
    const heard = await viewer.next(
      (m): m is Extract<typeof m, { type: 'state' }> => isState(m) && m.room.spin !== null,
    )
    expect(heard.room.spin).toEqual(spun.json().spin)
    expect(heard.room.next?.drawId).not.toBe(created.room.next?.drawId)
    const proof = await server.app.inject({ url: `/api/draws/${spun.json().spin.drawId}` })
    expect(proof.json()).toMatchObject({ winnerIndex: spun.json().spin.winnerIndex })
    viewer.close()
  })

  it('the host calls of one address are limited across spins', async () => {
    const created = await open()
    const ip = freshIp()
    let last = 0
    // 120 host calls a minute per address (routes.ts); a wrong token counts as well.
    for (let i = 0; i <= 120; i++) last = (await spin(created.code, 'host_not-the-token', ip)).statusCode
    expect(last).toBe(429)
    expect((await spin(created.code, created.hostToken, ip)).json().error).toMatch(/Too many attempts/)
    expect((await spin(created.code, created.hostToken, freshIp())).statusCode).toBe(200)
  })

  it('a spin written from a stale read writes nothing: no reveal, no next draw, no new version', async () => {
    const created = await open()
    const { db } = server.database
    const read = await readForSpin(db, created.code, null, null)
    const row = read.room
    const draw = read.draw
    if (!row || !draw) throw new Error('the room and its draw were not read')
    const attempt = () => {
      const next = { ...draw, id: newDrawId(), clientSeed: null, winnerIndex: null, revealedAt: null }
      return {
        row,
        changes: {
          wheel: row.wheel as RoomWheel,
          spin: null,
          history: [],
          activeAt: new Date(),
          nextDrawId: next.id,
        },
        reveal: { drawId: draw.id, clientSeed: 'a-b-c-d', winnerIndex: 0 },
        next,
        announcement: null,
      }
    }
    // Another change of the room came between the read and the write.
    await db
      .update(rooms)
      .set({ version: sql`${rooms.version} + 1` })
      .where(eq(rooms.code, created.code))
    const stale = attempt()
    const failed = await writeSpin(db, stale).catch((error: unknown) => error)
    expect(spinConflictOf(failed)).toBe('room-changed')
    const [kept] = await db.select().from(draws).where(eq(draws.id, draw.id))
    expect(kept?.revealedAt).toBeNull()
    expect(await db.select().from(draws).where(eq(draws.id, stale.next.id))).toHaveLength(0)
    const [after] = await db.select().from(rooms).where(eq(rooms.code, created.code))
    expect(after?.version).toBe(row.version + 1)
  })
})
