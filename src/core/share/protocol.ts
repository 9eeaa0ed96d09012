import * as z from 'zod/mini'
import { formatCount } from '../format/count'
import { english, type Sourced } from '../i18n/english'
import { msg } from '../i18n/message-id'
import { FREE_ITEM_LIMIT } from '../plan/definition'
import { MAX_ITEMS, MAX_WHEEL_NAME, type Wheel } from '../wheel/model'
import { wheelSchema } from '../wheel/schema'

/**
 * Share links: a frozen snapshot of a wheel at /w/<id>, readable by anyone with the link. The
 * server and the page both read these shapes.
 */

/** Ids are 12 base62 characters from a CSPRNG (about 71 bits): unguessable. */
export const SHARE_ID_LENGTH = 12
export const SHARE_ID_PATTERN = /^[A-Za-z0-9]{10,32}$/
export const isShareId = (value: unknown): value is string =>
  typeof value === 'string' && SHARE_ID_PATTERN.test(value)

/** A snapshot holds at most this many bytes of JSON (and MAX_ITEMS items). */
export const MAX_SHARE_BYTES = 1_000_000
/** Visitors' links are removed after this many days without a visit. */
export const VISITOR_LINK_DAYS = 30

/** The messages with values: [source, values] for t(); SHARE_MESSAGES holds their English. */
export const SHARE_MESSAGE_SOURCES = {
  overFreeLimit: [
    msg('Free wheels can be shared with up to {free} items. Upgrade to Premium to share up to {max} items.'),
    { free: FREE_ITEM_LIMIT, max: formatCount(MAX_ITEMS) },
  ],
} as const satisfies Record<string, Sourced>

export const SHARE_MESSAGES = {
  invalid: msg('This wheel could not be shared: it is not a valid wheel. Nothing was stored.'),
  empty: msg('Add at least one item before sharing the wheel.'),
  tooLarge: msg('This wheel is too large to share (at most 1 MB). Nothing was stored.'),
  overFreeLimit: english(...SHARE_MESSAGE_SOURCES.overFreeLimit),
  notFound: msg('This link does not exist. Check the address, or ask for a new link.'),
  gone: msg('This link was deleted or has expired. Ask its owner for a new link.'),
  notYours: msg('This link is not one of yours.'),
} as const

/**
 * The wheel as it is shared: name, items with colours and pictures, settings and mode, and the
 * centre picture. No ids of saved copies, no tally.
 */
export function snapshotOf(wheel: Wheel): Wheel {
  const { name, items, settings, centerImage } = wheel
  return { id: null, name, items, settings, ...(centerImage ? { centerImage } : {}) }
}

export const createShareRequestSchema = z.object({ wheel: wheelSchema })

export const sharedWheelSchema = z.object({
  id: z.string(),
  name: z.string().check(z.maxLength(MAX_WHEEL_NAME)),
  itemCount: z.int(),
  createdAt: z.string(),
  /** True when the link belongs to a signed-in user (it does not expire). */
  owned: z.boolean(),
  wheel: wheelSchema,
  /**
   * Whether the page shows the "Made with Whirl" mark: the server decides it from the link owner's
   * plan as it is now (none for a premium owner, also for links made before they subscribed).
   */
  watermark: z.optional(z.boolean()),
})
export type SharedWheel = z.infer<typeof sharedWheelSchema>

export const shareSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.int(),
  createdAt: z.string(),
  lastVisitedAt: z.string(),
})
export type ShareSummary = z.infer<typeof shareSummarySchema>

export const createShareResponseSchema = z.object({ share: shareSummarySchema })
export const shareListSchema = z.object({ shares: z.array(shareSummarySchema) })

/** The share page's address, and the embed page's. */
export const sharePath = (id: string) => `/w/${id}`
export const embedPath = (id: string) => `/embed/${id}`

/** The HTML an owner pastes into another site to show the wheel there. */
export function embedSnippet(origin: string, id: string, name: string): string {
  const title = name
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
  return `<iframe src="${origin}${embedPath(id)}" title="${title || 'Wheel'}" width="420" height="520" style="border:0" loading="lazy"></iframe>`
}

/** og:description of a link: how many items, and what it is. */
export const shareDescription = (itemCount: number) =>
  `A wheel with ${formatCount(itemCount)} ${itemCount === 1 ? 'item' : 'items'}. Spin it on Whirl for one fair, random winner.`
