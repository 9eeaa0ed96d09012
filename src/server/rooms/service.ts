import { createHash, randomBytes } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { msg } from '../../core/i18n/message-id'
import { itemLimitMessage } from '../../core/plan/plan'
import type { RandomSource } from '../../core/random/random'
import { newRoomCode } from '../../core/rooms/code'
import { withoutItem } from '../../core/rooms/outcome'
import { type ROOM_LIMITS, ROOM_MESSAGES, type RoomState, type RoomWheel } from '../../core/rooms/protocol'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { createRoomDraws } from './draws'
import { createRoomRepository, type RoomRow, roomState } from './repository'
import { createRoomSpin, type KnownRoom, lastSpin, openRow, type SpinCaller, spinning } from './spin'

export type RoomLimits = { -readonly [K in keyof typeof ROOM_LIMITS]: number }
export type Role = 'host' | 'remote' | 'viewer'
type RoomChange = Parameters<ReturnType<typeof createRoomRepository>['update']>[1] & {
  /** The commitment of `nextDrawId` (not stored on the room): lets the change be sent without a read. */
  commitment?: string
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')
const newSecret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`

/**
 * What a room does (issue 35), whichever way the request came (HTTP or the room's WebSocket):
 * open, mirror the wheel, spin, remove the winner, end, rotate the secrets. Every change is
 * written as the room's next version and announced with `publish(code, version)`.
 */
export function createRoomService(options: {
  db: Db
  source: RandomSource
  limits: RoomLimits
  /** `known` is the changed room as this process already has it: its own screens need no read. */
  publish: (code: string, version: number, known?: KnownRoom) => Promise<void>
  /** The notification of a change as SQL for the statement that commits it (null in-process). */
  announcement: (code: string, version: number, state: RoomState) => SQL | null
}) {
  const { db, source, limits, publish, announcement } = options
  const repository = createRoomRepository(db)
  const draws = createRoomDraws(db, source)

  const open = async (code: string): Promise<RoomRow> => openRow(await repository.find(code))

  const stateOf = async (row: RoomRow): Promise<RoomState> => {
    const [draw, viewers] = await Promise.all([
      row.nextDrawId ? draws.find(row.nextDrawId) : null,
      repository.viewers(row.code),
    ])
    const next = draw && !draw.revealedAt ? { drawId: draw.id, commitment: draw.commitment } : null
    return roomState(row, next, viewers)
  }

  const checkItems = (row: Pick<RoomRow, 'maxItems'>, wheel: RoomWheel) => {
    if (wheel.items.length > row.maxItems) throw new HttpError(403, itemLimitMessage(row.maxItems))
  }

  /** Writes `change(row)` as the next version; on a concurrent change, reads again and retries. */
  const change = async (
    code: string,
    make: (row: RoomRow) => Promise<RoomChange>,
    /** The row as the caller just read it: the first attempt needs no read of its own. */
    known?: RoomRow,
  ): Promise<RoomRow> => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = attempt === 0 && known ? known : await open(code)
      const { commitment, ...changes } = await make(row)
      const updated = await repository.update(row, changes)
      if (updated) {
        const next =
          commitment !== undefined && updated.nextDrawId
            ? { drawId: updated.nextDrawId, commitment }
            : updated.endedAt
              ? null
              : undefined
        await publish(code, updated.version, { row: updated, next })
        return updated
      }
    }
    throw new HttpError(409, msg('The room changed meanwhile. Please try again.'))
  }

  /** The wheel changed: a new commitment for the next spin replaces the old one. */
  const withWheel = async (row: RoomRow, wheel: RoomWheel) => {
    const draw = await draws.commit(wheel, null)
    await draws.drop(row.nextDrawId)
    return { wheel, nextDrawId: draw.id, commitment: draw.commitment }
  }

  const spin = createRoomSpin({ db, source, limits, draws, publish, announcement })

  return {
    repository,

    async create(input: {
      wheel: RoomWheel
      userId: string | null
      address: string
      maxItems: number
      permanent: boolean
    }) {
      checkItems(input, input.wheel)
      if ((await repository.openCount({ address: input.address })) >= limits.roomsPerAddress)
        throw new HttpError(429, ROOM_MESSAGES.tooManyRooms)
      if (input.userId && (await repository.openCount({ userId: input.userId })) >= limits.roomsPerAccount)
        throw new HttpError(429, ROOM_MESSAGES.tooManyAccountRooms)
      const hostToken = newSecret('host')
      const remoteSecret = newSecret('remote')
      const draw = await draws.commit(input.wheel, null)
      for (let attempt = 0; attempt < 10; attempt++) {
        const row = await repository.insert({
          code: newRoomCode(source),
          hostTokenHash: hashSecret(hostToken),
          remoteSecretHash: hashSecret(remoteSecret),
          userId: input.userId,
          address: input.address,
          maxItems: input.maxItems,
          wheel: input.wheel,
          permanent: input.permanent,
          nextDrawId: draw.id,
        })
        if (row) return { code: row.code, hostToken, remoteSecret, room: await stateOf(row) }
      }
      throw new Error('rooms: no free code after 10 tries')
    },

    /**
     * The room as every screen is sent it. The room and its next draw are read in one statement;
     * `viewers`, when the caller knows the count, saves its read.
     */
    async state(code: string, viewers?: number): Promise<RoomState> {
      const [found, counted] = await Promise.all([
        repository.findWithNext(code),
        viewers ?? repository.viewers(code),
      ])
      if (!found) throw new HttpError(404, ROOM_MESSAGES.notFound)
      return roomState(found.row, found.next, counted)
    },

    /** Who holds `token` in this room: its host, its remote, or nobody (a viewer). */
    async roleOf(code: string, token: string | null): Promise<Role> {
      if (!token) return 'viewer'
      const row = await open(code)
      const hash = hashSecret(token)
      if (hash === row.hostTokenHash) return 'host'
      if (row.remoteSecretHash !== null && hash === row.remoteSecretHash) return 'remote'
      return 'viewer'
    },

    setWheel(code: string, wheel: RoomWheel) {
      return change(code, async (row) => {
        checkItems(row, wheel)
        return withWheel(row, wheel)
      })
    },

    /** Spins (spin.ts); an HTTP caller without a token is refused before any read. */
    spin(code: string, caller?: SpinCaller) {
      if (caller && !caller.token) throw new HttpError(403, ROOM_MESSAGES.hostOnly)
      return spin(code, caller && { ...caller, tokenHash: caller.token ? hashSecret(caller.token) : null })
    },

    /** Removes the last winner from the wheel (the remote's button). */
    removeWinner(code: string) {
      return change(code, async (row) => {
        const spin = lastSpin(row)
        if (spinning(row, Date.now())) throw new HttpError(409, ROOM_MESSAGES.spinning)
        const id = spin?.items[spin.winnerIndex]?.id
        const wheel = row.wheel as RoomWheel
        if (!id || !wheel.items.some((i) => i.id === id)) throw new HttpError(409, ROOM_MESSAGES.noWinner)
        if (wheel.items.length <= 1) throw new HttpError(409, ROOM_MESSAGES.lastItem)
        return withWheel(row, withoutItem(wheel, id))
      })
    },

    async end(code: string) {
      const row = await change(code, async () => ({ endedAt: new Date() }))
      await draws.drop(row.nextDrawId)
      return row
    },

    /** A new host token (the old one stops working) or a new remote secret. */
    async rotate(code: string, which: 'host' | 'remote'): Promise<string> {
      await open(code)
      const secret = newSecret(which)
      const hash = hashSecret(secret)
      await repository.setSecrets(
        code,
        which === 'host' ? { hostTokenHash: hash } : { remoteSecretHash: hash },
      )
      return secret
    },

    async revokeRemote(code: string): Promise<void> {
      await open(code)
      await repository.setSecrets(code, { remoteSecretHash: null })
    },

    /** Ends rooms idle for ROOM_LIMITS.idleMs and deletes those ended a week ago. */
    async sweep(now = Date.now()): Promise<string[]> {
      const ended = await repository.endIdle(new Date(now - limits.idleMs))
      for (const { code, version } of ended) await publish(code, version)
      await repository.purgeEnded(new Date(now - 7 * 86_400_000))
      return ended.map((room) => room.code)
    },
  }
}

export type RoomService = ReturnType<typeof createRoomService>
