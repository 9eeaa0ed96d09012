import * as z from 'zod/mini'
import { english, type Sourced } from '../i18n/english'
import { msg } from '../i18n/message-id'
import { storableString } from '../text/schema'
import { MAX_ITEM_TEXT, MAX_ITEMS, MAX_WHEEL_NAME, SPIN_DURATION, WHEEL_MODES } from '../wheel/model'
import { hexColorSchema, idSchema, itemSchema } from '../wheel/schema'

/**
 * Live rooms' messages (issue 35), shared by the server and every page: the HTTP answers and what
 * goes over the room's WebSocket in each direction. Times are epoch ms on the server clock.
 */

/** The part of the host's wheel a room mirrors: items, colours, weights, name, mode, spin time. */
export const roomWheelSchema = z.object({
  name: storableString(MAX_WHEEL_NAME),
  items: z.array(itemSchema).check(z.minLength(1), z.maxLength(MAX_ITEMS)),
  mode: z.enum(WHEEL_MODES as ['normal', 'elimination', 'accumulation']),
  spinDuration: z.int().check(z.gte(SPIN_DURATION.min), z.lte(SPIN_DURATION.max)),
  tally: z.optional(z.record(idSchema, z.int().check(z.gte(1)))),
})
export type RoomWheel = z.infer<typeof roomWheelSchema>

const winnerSchema = z.object({
  text: z.string().check(z.maxLength(MAX_ITEM_TEXT)),
  color: hexColorSchema,
  /** The verifiable draw behind this spin: its proof page is /draw/<drawId>. */
  drawId: z.string(),
  at: z.number(),
})
export type RoomWinner = z.infer<typeof winnerSchema>

/** A spin as announced: every screen turns the wheel as rotationAt(spin, server time). */
export const roomSpinSchema = z.object({
  drawId: z.string(),
  start: z.number(),
  duration: z.number(),
  from: z.number(),
  to: z.number(),
  winnerIndex: z.int(),
  /** The items as they were spun (elimination may remove the winner from the room's wheel). */
  items: z.array(itemSchema),
})
export type RoomSpin = z.infer<typeof roomSpinSchema>

export const roomStateSchema = z.object({
  code: z.string(),
  wheel: roomWheelSchema,
  /** Grows with every change; a client ignores a state older than the one it shows. */
  version: z.int(),
  /** The commitment of the next spin's draw, published before the spin. */
  next: z.nullable(z.object({ drawId: z.string(), commitment: z.string() })),
  spin: z.nullable(roomSpinSchema),
  /** This room's spins, newest first (at most ROOM_LIMITS.history). */
  history: z.array(winnerSchema),
  viewers: z.int(),
  ended: z.boolean(),
})
export type RoomState = z.infer<typeof roomStateSchema>

/** POST /api/rooms: the host's secrets are only in this answer. */
export const createdRoomSchema = z.object({
  code: z.string(),
  /** Authorises the host page and the HTTP spin call (`Authorization: Bearer <hostToken>`). */
  hostToken: z.string(),
  /** The remote's secret, in the remote link (#…): it can only spin and remove the winner. */
  remoteSecret: z.string(),
  room: roomStateSchema,
})
export type CreatedRoom = z.infer<typeof createdRoomSchema>

/** What a client may send. Viewers may only ping; the rest needs the host's token or the remote's secret. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.int(), sentAt: z.number() }),
  z.object({ type: z.literal('auth'), token: z.string().check(z.maxLength(100)) }),
  z.object({ type: z.literal('wheel'), wheel: roomWheelSchema }),
  z.object({ type: z.literal('spin') }),
  z.object({ type: z.literal('remove-winner') }),
  z.object({ type: z.literal('end') }),
])
export type ClientMessage = z.infer<typeof clientMessageSchema>

/** What the server sends. */
export type ServerMessage =
  | { type: 'state'; room: RoomState; serverTime: number }
  | { type: 'pong'; id: number; sentAt: number; serverTime: number }
  | { type: 'viewers'; viewers: number }
  | { type: 'role'; role: 'host' | 'remote' | 'viewer' }
  | { type: 'error'; status: number; message: string }

export const ROOM_LIMITS = {
  /** Connections to one room, host and remote included. */
  viewersPerRoom: 5_000,
  /** Rooms open at once per address, and per account. */
  roomsPerAddress: 5,
  roomsPerAccount: 20,
  /** Spins per room per minute. */
  spinsPerMinute: 10,
  /** One message from a client, in bytes (a Premium wheel of 10,000 items fits). */
  messageBytes: 4 * 1024 * 1024,
  /** Spins a room's history keeps. */
  history: 50,
  /** A room closes this long after its last spin (or its creation). */
  idleMs: 24 * 60 * 60 * 1000,
  /** Between the spin request and the wheel starting to turn, so every screen hears it first. */
  leadMs: 400,
} as const

/** The messages with values: [source, values] for t(); ROOM_MESSAGES holds their English. */
export const ROOM_MESSAGE_SOURCES = {
  full: [
    msg('This room is full ({count} viewers). Try again later.'),
    { count: ROOM_LIMITS.viewersPerRoom.toLocaleString('en-US') },
  ],
  tooManyRooms: [
    msg('You have {count} rooms open. End one before opening another.'),
    { count: ROOM_LIMITS.roomsPerAddress },
  ],
  tooManyAccountRooms: [
    msg('Your account has {count} rooms open. End one before opening another.'),
    { count: ROOM_LIMITS.roomsPerAccount },
  ],
  tooManySpins: [
    msg('At most {count} spins a minute in one room. Wait a moment.'),
    { count: ROOM_LIMITS.spinsPerMinute },
  ],
} as const satisfies Record<string, Sourced>

export const ROOM_MESSAGES = {
  notFound: msg('This room does not exist or has closed. Check the code.'),
  ended: msg('This room has ended.'),
  hostOnly: msg('Only the host can do this. Viewers can watch.'),
  badToken: msg('This host link is not valid any more.'),
  full: english(...ROOM_MESSAGE_SOURCES.full),
  tooManyRooms: english(...ROOM_MESSAGE_SOURCES.tooManyRooms),
  tooManyAccountRooms: english(...ROOM_MESSAGE_SOURCES.tooManyAccountRooms),
  tooManySpins: english(...ROOM_MESSAGE_SOURCES.tooManySpins),
  tooLarge: msg('This message is too large.'),
  tooManyMessages: msg('Too many messages. Wait a moment.'),
  invalid: msg('This message was not understood.'),
  spinning: msg('The wheel is still spinning.'),
  noWinner: msg('There is no winner to remove.'),
  lastItem: msg('The wheel needs at least one item.'),
  empty: msg('Add at least one item before going live.'),
} as const
