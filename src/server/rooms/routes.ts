import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { FREE_ITEM_LIMIT } from '../../core/plan/definition'
import { getMaxItemsPerWheel, hasPremiumPlan } from '../../core/plan/plan'
import { readRoomCode } from '../../core/rooms/code'
import {
  createdRoomSchema,
  ROOM_MESSAGES,
  roomSpinSchema,
  roomStateSchema,
  roomWheelSchema,
} from '../../core/rooms/protocol'
import { textProblemOf } from '../../core/text/schema'
import { MAX_ITEMS } from '../../core/wheel/model'
import { HttpError } from '../http/errors'
import { answers } from '../http/openapi'
import { clientKey } from '../limits/client-address'
import type { RoomHub } from './hub'
import { createLiveHandler } from './live'
import type { Role, RoomLimits, RoomService } from './service'

/** Rooms opened per address per minute (the open rooms are capped as well). */
export const ROOM_CREATE_RATE_LIMIT = { max: 10, timeWindow: 60_000 }
/** Host calls per address per minute (spins have their own limit per room). */
const HOST_RATE_LIMIT = { max: 120, timeWindow: 60_000 }

const codeParams = z.object({ code: z.string().meta({ description: 'The room’s 6-character code' }) })
const bearer = z.object({
  authorization: z.optional(z.string()).meta({ description: 'Bearer <host token> (or the remote’s secret)' }),
})
/** The OpenAPI security requirement of the host's calls (the scheme is declared in http/openapi.ts). */
const hostSecurity = [{ roomToken: [] }]

const codeOf = (request: FastifyRequest): string => {
  const code = readRoomCode((request.params as { code?: string }).code)
  if (!code) throw new HttpError(404, ROOM_MESSAGES.notFound)
  return code
}
const tokenOf = (request: FastifyRequest): string | null =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

/** The room's HTTP routes and its WebSocket (issue 35). */
export function registerRoomRoutes(
  app: FastifyInstance,
  service: RoomService,
  hub: RoomHub,
  limits: RoomLimits,
) {
  /** The code, if the request's bearer token is the host's (or, where allowed, the remote's). */
  const authorised = async (request: FastifyRequest, allowed: readonly Role[]): Promise<string> => {
    const code = codeOf(request)
    const role = await service.roleOf(code, tokenOf(request))
    if (!allowed.includes(role))
      throw new HttpError(403, tokenOf(request) ? ROOM_MESSAGES.badToken : ROOM_MESSAGES.hostOnly)
    return code
  }
  const hostCall = (summary: string, ok: z.ZodType | typeof roomStateSchema, body?: z.ZodType) => ({
    schema: {
      summary,
      params: codeParams,
      headers: bearer,
      ...(body ? { body } : {}),
      security: hostSecurity,
      response: answers({ 200: ok }),
    },
    config: { rateLimit: HOST_RATE_LIMIT },
  })

  const newRoom = z.object({
    wheel: z.unknown().meta({ description: 'The wheel: name, items, mode, spinDuration (ms), tally' }),
    permanent: z.optional(z.boolean()).meta({ description: 'Premium: the room does not close when idle' }),
  })
  app.post(
    '/api/rooms',
    {
      schema: { summary: 'Open a live room', body: newRoom, response: answers({ 201: createdRoomSchema }) },
      config: { rateLimit: ROOM_CREATE_RATE_LIMIT },
      onRequest: app.accounts.checkOrigin,
      bodyLimit: limits.messageBytes,
    },
    async (request, reply) => {
      noStore(reply)
      const body = request.body as z.infer<typeof newRoom>
      const wheel = roomWheelSchema.safeParse(body.wheel)
      if (!wheel.success)
        throw new HttpError(
          400,
          textProblemOf(wheel.error) ??
            (Array.isArray((body.wheel as { items?: unknown })?.items) &&
            (body.wheel as { items: unknown[] }).items.length === 0
              ? ROOM_MESSAGES.empty
              : ROOM_MESSAGES.invalid),
        )
      const user = await app.accounts.readSession(request)
      const premium = user ? hasPremiumPlan(user.profile) : false
      const created = await service.create({
        wheel: wheel.data,
        userId: user?.userId ?? null,
        address: clientKey(request.ip),
        // Premium's limit is Infinity: a room keeps the wheel's own cap, as a whole number.
        maxItems: user ? Math.min(getMaxItemsPerWheel(user.profile), MAX_ITEMS) : FREE_ITEM_LIMIT,
        permanent: premium && body.permanent === true,
      })
      return reply.status(201).send(created)
    },
  )

  app.route({
    method: 'GET',
    url: '/api/rooms/:code/live',
    schema: {
      summary: 'The room’s state; with a WebSocket upgrade, its live messages',
      description:
        'Upgraded to a WebSocket, the room sends `state`, `viewers`, `pong`, `role` and `error` messages and reads `ping` (anyone), `auth` and, after it, `wheel`, `spin`, `remove-winner`, `end` (host; the remote may spin and remove the winner). Without an upgrade: the state as JSON.',
      params: codeParams,
      response: answers({ 200: roomStateSchema }),
    },
    handler: async (request, reply) => {
      noStore(reply)
      return service.state(codeOf(request))
    },
    wsHandler: createLiveHandler(service, hub, limits, app.log),
  })

  const spinAnswer = z.object({
    spin: roomSpinSchema,
    winner: z.object({ text: z.string(), color: z.string(), drawId: z.string(), at: z.number() }),
  })
  // The host-call limit of this route is counted by the spin's own first statement, with the
  // token check and the room's spin counter (decision 0056), in the key the route limits use.
  const spinRoute = '/api/rooms/:code/spin'
  app.post(
    spinRoute,
    { schema: hostCall('Spin the room’s wheel (host token or remote secret)', spinAnswer).schema },
    async (request, reply) => {
      noStore(reply)
      const { spin, winner } = await service.spin(codeOf(request), {
        token: tokenOf(request),
        callsKey: `route:POST ${spinRoute}:${clientKey(request.ip)}`,
        callsLimit: HOST_RATE_LIMIT,
      })
      return { spin, winner }
    },
  )

  const wheelBody = z.object({
    wheel: z.unknown().meta({ description: 'The wheel, as for POST /api/rooms' }),
  })
  app.post(
    '/api/rooms/:code/wheel',
    {
      ...hostCall('Mirror the host’s wheel to every screen', roomStateSchema, wheelBody),
      bodyLimit: limits.messageBytes,
    },
    async (request, reply) => {
      noStore(reply)
      const code = await authorised(request, ['host'])
      const wheel = roomWheelSchema.safeParse((request.body as z.infer<typeof wheelBody>).wheel)
      if (!wheel.success) throw new HttpError(400, textProblemOf(wheel.error) ?? ROOM_MESSAGES.invalid)
      await service.setWheel(code, wheel.data)
      return service.state(code)
    },
  )

  app.post(
    '/api/rooms/:code/remove-winner',
    hostCall('Remove the last winner from the wheel', roomStateSchema),
    async (request, reply) => {
      noStore(reply)
      const code = await authorised(request, ['host', 'remote'])
      await service.removeWinner(code)
      return service.state(code)
    },
  )

  app.post('/api/rooms/:code/end', hostCall('End the room', roomStateSchema), async (request, reply) => {
    noStore(reply)
    const code = await authorised(request, ['host'])
    await service.end(code)
    return service.state(code)
  })

  const secrets = z.object({ hostToken: z.optional(z.string()), remoteSecret: z.optional(z.string()) })
  app.post(
    '/api/rooms/:code/host-token',
    hostCall('A new host token; the old one stops working', secrets),
    async (request, reply) => {
      noStore(reply)
      const code = await authorised(request, ['host'])
      return { hostToken: await service.rotate(code, 'host') }
    },
  )
  app.post(
    '/api/rooms/:code/remote',
    hostCall('A new remote link; the old one stops working', secrets),
    async (request, reply) => {
      noStore(reply)
      const code = await authorised(request, ['host'])
      return { remoteSecret: await service.rotate(code, 'remote') }
    },
  )
  app.delete(
    '/api/rooms/:code/remote',
    hostCall('Revoke the remote link', secrets),
    async (request, reply) => {
      noStore(reply)
      const code = await authorised(request, ['host'])
      await service.revokeRemote(code)
      return {}
    },
  )
}
