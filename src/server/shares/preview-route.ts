import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { msg } from '../../core/i18n/message-id'
import { isShareId, SHARE_MESSAGES } from '../../core/share/protocol'
import type { Item } from '../../core/wheel/model'
import { HttpError } from '../http/errors'
import { answers } from '../http/openapi'
import { translator } from '../i18n/translate'
import { clientKey } from '../limits/client-address'
import { createMemoryWindowLimiter } from '../limits/memory-window'
import { tooManyAttempts } from '../limits/rate-limit'
import type { createPreviewCache } from './image'
import { createPreviewPool, PreviewPoolBusy, type PreviewPoolOptions } from './preview-pool'
import type { ShareRepository } from './repository'

export type PreviewOptions = {
  /** Preview images one address may have drawn afresh per minute in this process (cached ones are not counted). */
  rendersPerMinute?: number
  /** Called as each preview is drawn afresh (tests count the drawings). */
  onPreviewRender?: (id: string) => void
  /** The worker pool's size (tests). */
  previewPool?: PreviewPoolOptions
}

/** How long a cached preview is served before the database is asked again whether its link is live. */
const LIVENESS_MS = 60_000

export const PREVIEW_BUSY_MESSAGE = msg(
  'Too many previews are being drawn right now. Please try again in a few seconds.',
)

type Drawn = { png: Buffer; ms: number }

/**
 * GET /api/shares/:id/image.png. A preview is drawn at most once at a time per link (later requests
 * wait for the same drawing), in a worker pool off the event loop, and the per-address limit on
 * fresh drawings is counted in memory before anything reads the database, so a refusal costs
 * nothing. The image is cached per process: a link deleted in this process drops its image at
 * once; one deleted through another process is noticed within LIVENESS_MS.
 */
export function registerPreviewRoute(
  app: FastifyInstance,
  {
    repository,
    previews,
    readShare,
    options = {},
  }: {
    repository: ShareRepository
    previews: ReturnType<typeof createPreviewCache>
    /** Reads a live link or throws its 404 or 410 (and drops a gone link's image). */
    readShare: (id: string) => Promise<{ name: string; wheel: { items: Item[] } }>
    options?: PreviewOptions
  },
): void {
  const { rendersPerMinute = 30, onPreviewRender } = options
  // Drawing a 10,000-item preview takes a thread 0.1–0.6 s: one address cycling through links the
  // cache does not hold must not keep the pool busy.
  const limiter = createMemoryWindowLimiter(60_000)
  const pool = createPreviewPool(options.previewPool)
  app.addHook('onClose', () => pool.close())
  /** The drawing under way for each link. */
  const flights = new Map<string, Promise<Drawn>>()

  const draw = async (id: string): Promise<Drawn> => {
    const share = await readShare(id)
    onPreviewRender?.(id)
    const started = performance.now()
    const png = await pool.render(share.name, share.wheel.items)
    previews.set(id, png, Date.now())
    return { png, ms: performance.now() - started }
  }

  const schema = {
    params: z.object({ id: z.string() }),
    response: answers({ 200: z.string().meta({ description: 'The link’s preview image (image/png).' }) }),
  }
  app.get<{ Params: { id: string } }>('/api/shares/:id/image.png', { schema }, async (request, reply) => {
    const { id } = request.params
    if (!isShareId(id)) throw new HttpError(404, SHARE_MESSAGES.notFound)
    const cached = previews.get(id)
    let png: Buffer
    let timing: string
    if (cached && Date.now() - cached.checkedAt < LIVENESS_MS) {
      png = cached.png
      timing = 'preview;desc="cached"'
    } else if (cached) {
      const status = await repository.status(id)
      if (status !== 'ok') {
        previews.delete(id)
        throw new HttpError(
          status === 'gone' ? 410 : 404,
          SHARE_MESSAGES[status === 'gone' ? 'gone' : 'notFound'],
        )
      }
      cached.checkedAt = Date.now()
      png = cached.png
      timing = 'preview;desc="cached"'
    } else {
      let flight = flights.get(id)
      let started = false
      if (!flight) {
        const retryAfterMs = limiter.hit(`preview:ip:${clientKey(request.ip)}`, rendersPerMinute)
        if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs)
        flight = draw(id).finally(() => flights.delete(id))
        flights.set(id, flight)
        started = true
      }
      try {
        const drawn = await flight
        png = drawn.png
        timing = started ? `preview;desc="drawn";dur=${drawn.ms.toFixed(1)}` : 'preview;desc="waited"'
      } catch (error) {
        if (!(error instanceof PreviewPoolBusy)) throw error
        return reply
          .status(503)
          .header('retry-after', '5')
          .header('cache-control', 'no-store')
          .send({ error: translator(request.locale)(PREVIEW_BUSY_MESSAGE) })
      }
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=600')
      .header('server-timing', timing)
      .send(png)
  })
}
