import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { isRoomCode } from '../../core/rooms/code'
import { type CreatedRoom, ROOM_MESSAGES } from '../../core/rooms/protocol'
import { rooms } from '../db/schema'
import { register, registerPremium, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { baseOf, connectRoom, isError, isState, isViewers, testWheel } from '../testing/room-client'
import { waitFor } from '../testing/smtp'
import { USER_TABLES, useTestApp } from '../testing/test-app'

let ipCounter = 0
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

describe.each(DATABASE_KINDS)('live rooms on %s', (kind) => {
  const server = useTestApp(kind, {
    build: {
      rooms: {
        limits: {
          roomsPerAddress: 3,
          spinsPerMinute: 2,
          viewersPerRoom: 3,
          messageBytes: 64 * 1024,
          leadMs: 100,
        },
        sweepEveryMs: 200,
      },
    },
    clean: [...USER_TABLES, rooms],
  })
  let base = ''
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    base = baseOf(server.app)
  })

  const open = async (wheel = testWheel(), ip = freshIp()): Promise<CreatedRoom> => {
    const res = await send(server.app, '/api/rooms', { wheel }, { ip })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const call = (code: string, action: string, token?: string, method: 'POST' | 'DELETE' = 'POST') =>
    server.app.inject({
      method,
      url: `/api/rooms/${code}/${action}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('opens a room with a readable code, secrets and the next spin’s commitment; a free wheel holds 15 items', async () => {
    const created = await open()
    expect(isRoomCode(created.code)).toBe(true)
    expect(created.hostToken).not.toBe(created.remoteSecret)
    expect(created.room.next?.commitment).toMatch(/^[0-9a-f]{64}$/)
    expect(created.room.wheel.items).toHaveLength(4)
    const tooMany = await send(server.app, '/api/rooms', { wheel: testWheel(16) }, { ip: freshIp() })
    expect(tooMany.statusCode).toBe(403)
    expect(tooMany.json().error).toMatch(/15 items/)
    const premium = await register(server.app)
    const signedIn = await send(
      server.app,
      '/api/rooms',
      { wheel: testWheel(15) },
      { cookie: premium.cookie, ip: freshIp() },
    )
    expect(signedIn.statusCode).toBe(201)
    const empty = await send(
      server.app,
      '/api/rooms',
      { wheel: { ...testWheel(), items: [] } },
      { ip: freshIp() },
    )
    expect(empty.json()).toEqual({ error: ROOM_MESSAGES.empty })
  })

  it('a spin is heard by every viewer with one timeline, and its draw is revealed with the announced winner', async () => {
    const created = await open(testWheel(4, 'elimination'))
    const [a, b] = await Promise.all([connectRoom(base, created.code), connectRoom(base, created.code)])
    const first = await a.next(isState)
    expect(first.room.code).toBe(created.code)
    await a.next((m): m is Extract<typeof m, { type: 'viewers' }> => isViewers(m) && m.viewers === 2)
    const spun = await call(created.code, 'spin', created.hostToken)
    expect(spun.statusCode, spun.body).toBe(200)
    const { spin, winner } = spun.json()
    const heard = await Promise.all(
      [a, b].map((c) =>
        c.next((m): m is Extract<typeof m, { type: 'state' }> => isState(m) && m.room.spin !== null),
      ),
    )
    for (const h of heard) {
      expect(h.room.spin).toEqual(spin)
      expect(h.room.history[0]).toEqual(winner)
      // Elimination applied once, on the server.
      expect(h.room.wheel.items).toHaveLength(3)
      expect(h.room.wheel.items.map((i) => i.text)).not.toContain(winner.text)
    }
    const draw = (await send(server.app, `/api/draws/${spin.drawId}`)).json()
    expect(draw.commitment).toBe(created.room.next?.commitment)
    expect(draw.winnerIndex).toBe(spin.winnerIndex)
    expect(draw.entries[spin.winnerIndex][0]).toBe(winner.text)
    // The next spin has a new commitment, chained to this draw.
    expect(heard[0]?.room.next?.drawId).not.toBe(spin.drawId)
    a.close()
    b.close()
  })

  it('viewers are read-only, whatever they send (403), and bad messages change nothing', async () => {
    const created = await open()
    const viewer = await connectRoom(base, created.code)
    await viewer.next(isState)
    for (const message of [{ type: 'spin' }, { type: 'end' }, { type: 'wheel', wheel: testWheel(2) }]) {
      const from = viewer.messages.length
      viewer.send(message)
      const refused = await viewer.next(isError, 5_000, from)
      expect(refused).toMatchObject({ status: 403, message: ROOM_MESSAGES.hostOnly })
    }
    viewer.send({ type: 'auth', token: 'host_guess' })
    expect(await viewer.next(isError, 5_000, viewer.messages.length - 0)).toMatchObject({ status: 403 })
    viewer.send('not json')
    viewer.send('x'.repeat(70 * 1024))
    await waitFor(() => viewer.messages.filter(isError).some((m) => m.status === 413))
    expect(viewer.messages.filter(isError).some((m) => m.message === ROOM_MESSAGES.invalid)).toBe(true)
    expect((await call(created.code, 'spin')).statusCode).toBe(403)
    expect((await call(created.code, 'spin', 'host_wrong')).json()).toEqual({ error: ROOM_MESSAGES.badToken })
    expect((await call(created.code, 'end', created.remoteSecret)).statusCode).toBe(403)
    const state = (await send(server.app, `/api/rooms/${created.code}/live`)).json()
    expect(state.spin).toBeNull()
    expect(state.ended).toBe(false)
    viewer.close()
  })

  it('the host mirrors its wheel over the socket; the remote spins and removes the winner', async () => {
    const created = await open()
    const host = await connectRoom(base, created.code)
    const viewer = await connectRoom(base, created.code)
    host.send({ type: 'auth', token: created.hostToken })
    await host.next((m): m is Extract<typeof m, { type: 'role' }> => m.type === 'role')
    host.send({ type: 'wheel', wheel: { ...testWheel(3), name: 'Renamed' } })
    await viewer.next(
      (m): m is Extract<typeof m, { type: 'state' }> => isState(m) && m.room.wheel.name === 'Renamed',
    )
    host.send({ type: 'wheel', wheel: testWheel(16) })
    expect((await host.next(isError)).message).toMatch(/15 items/)
    const spun = await call(created.code, 'spin', created.remoteSecret)
    expect(spun.statusCode).toBe(200)
    expect((await call(created.code, 'spin', created.hostToken)).json()).toEqual({
      error: ROOM_MESSAGES.spinning,
    })
    await new Promise((r) => setTimeout(r, 1_200))
    const removed = await call(created.code, 'remove-winner', created.remoteSecret)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().wheel.items).toHaveLength(2)
    // Spins per minute (2 in this test app): the third in a minute is refused.
    await call(created.code, 'spin', created.hostToken)
    await new Promise((r) => setTimeout(r, 1_200))
    const third = await call(created.code, 'spin', created.hostToken)
    expect(third.json()).toEqual({ error: ROOM_MESSAGES.tooManySpins })
    // A chat bot's HTTP spin is told when it may spin again.
    expect(third.headers['retry-after']).toBe('60')
    host.close()
    viewer.close()
  })

  it('tokens rotate, the remote can be revoked, the host ends the room and viewers are told', async () => {
    const created = await open()
    const rotated = await call(created.code, 'host-token', created.hostToken)
    const { hostToken } = rotated.json()
    expect((await call(created.code, 'remote', created.hostToken)).statusCode).toBe(403)
    expect((await call(created.code, 'remote', created.remoteSecret, 'DELETE')).statusCode).toBe(403)
    expect((await call(created.code, 'remote', hostToken, 'DELETE')).statusCode).toBe(200)
    expect((await call(created.code, 'spin', created.remoteSecret)).statusCode).toBe(403)
    const viewer = await connectRoom(base, created.code)
    await viewer.next(isState)
    expect((await call(created.code, 'end', hostToken)).statusCode).toBe(200)
    await viewer.next((m): m is Extract<typeof m, { type: 'state' }> => isState(m) && m.room.ended)
    expect(await viewer.closed).toBe(4410)
    const late = await connectRoom(base, created.code)
    expect(await late.next(isError)).toMatchObject({ status: 410, message: ROOM_MESSAGES.ended })
    expect((await call(created.code, 'spin', hostToken)).statusCode).toBe(410)
  })

  it('limits rooms per address, and closes a room 24 h after its last spin', async () => {
    const ip = freshIp()
    const created = await open(testWheel(), ip)
    await open(testWheel(), ip)
    await open(testWheel(), ip)
    const fourth = await send(server.app, '/api/rooms', { wheel: testWheel() }, { ip })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toEqual({ error: ROOM_MESSAGES.tooManyRooms })
    await server.database.db
      .update(rooms)
      .set({ activeAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(rooms.code, created.code))
    await waitFor(async () => (await send(server.app, `/api/rooms/${created.code}/live`)).json().ended, 5_000)
    expect((await send(server.app, '/api/rooms', { wheel: testWheel() }, { ip })).statusCode).toBe(201)
  })

  it('keeps a Premium host’s permanent room open however long it stays idle; others cannot ask for one', async () => {
    const premium = await registerPremium(server.app)
    const kept = await send(
      server.app,
      '/api/rooms',
      { wheel: testWheel(), permanent: true },
      { cookie: premium.cookie, ip: freshIp() },
    )
    expect(kept.statusCode).toBe(201)
    const plain = await open()
    const visitor = await send(
      server.app,
      '/api/rooms',
      { wheel: testWheel(), permanent: true },
      { ip: freshIp() },
    )
    expect(visitor.statusCode).toBe(201)
    const codes = [kept.json().code, plain.code, visitor.json().code] as string[]
    for (const code of codes)
      await server.database.db
        .update(rooms)
        .set({ activeAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(rooms.code, code))
    await waitFor(async () => (await send(server.app, `/api/rooms/${plain.code}/live`)).json().ended, 5_000)
    await waitFor(async () => (await send(server.app, `/api/rooms/${codes[2]}/live`)).json().ended, 5_000)
    expect((await send(server.app, `/api/rooms/${codes[0]}/live`)).json().ended).toBe(false)
  })

  it('a full room says so to the next viewer, and lets one in again when someone leaves', async () => {
    const created = await open()
    const inside = await Promise.all([1, 2, 3].map(() => connectRoom(base, created.code)))
    // A connection counts once the room has been read for it (its first state).
    await Promise.all(inside.map((client) => client.next(isState)))
    const extra = await connectRoom(base, created.code)
    expect(await extra.next(isError)).toMatchObject({ status: 503 })
    expect(await extra.closed).toBe(4503)
    inside[0]?.close()
    // The count is written VIEWER_FLUSH_MS after a change.
    await new Promise((r) => setTimeout(r, 600))
    const again = await connectRoom(base, created.code)
    expect((await again.next(isState)).room.code).toBe(created.code)
    again.close()
    for (const client of inside) client.close()
  })

  it('an open connection keeps nothing of the HTTP request that opened it, and an error still ends it', async () => {
    const created = await open()
    const viewer = await connectRoom(base, created.code)
    await viewer.next(isState)
    // This viewer's connection on the server: the one whose peer port is the viewer's own (an
    // earlier test's connections may still be open).
    type Tcp = { _httpMessage?: unknown; remotePort?: number; localPort?: number }
    const tcpOf = (ws: unknown) => (ws as { _socket: Tcp })._socket
    const port = tcpOf(viewer.socket).localPort
    const socket = [...server.app.websocketServer.clients].find((ws) => tcpOf(ws).remotePort === port)
    if (!socket) throw new Error('the server has no connection for this viewer')
    // The upgrade's response no longer holds the TCP socket (nor the request, reply and logger).
    expect(tcpOf(socket)._httpMessage).toBeNull()
    // One error listener, the room's own; it ends the connection as the plugin's did.
    expect(socket.listenerCount('error')).toBe(1)
    socket.emit('error', new Error('a broken frame'))
    expect(await viewer.closed).toBe(1006)
    // The room goes on for the next viewer.
    const next = await connectRoom(base, created.code)
    expect((await next.next(isState)).room.code).toBe(created.code)
    next.close()
  })

  it('refuses an unknown code clearly', async () => {
    expect((await send(server.app, '/api/rooms/AAAAAA/live')).json()).toEqual({
      error: ROOM_MESSAGES.notFound,
    })
    const socket = await connectRoom(base, 'AAAAAA')
    expect(await socket.next(isError)).toMatchObject({ status: 404 })
    expect(await socket.closed).toBe(4404)
  })
})
