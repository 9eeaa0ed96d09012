import * as z from 'zod/mini'
import { msg } from '../i18n/message-id'

/** The JSON of the draws API (issue 14), shared by the server and the web app. */

const entrySchema = z.tuple([z.string(), z.number()])

/** Several winners or teams (issue 36, decision 0051): the request committed with the entries. */
export const giveawaySpecSchema = z.union([
  z.object({ kind: z.literal('winners'), count: z.number() }),
  z.object({ kind: z.literal('teams'), teams: z.optional(z.number()), size: z.optional(z.number()) }),
])
export const giveawayResultSchema = z.union([
  z.object({
    kind: z.literal('winners'),
    /** The entry index at each place (place 1 first), after the rerolls. */
    winners: z.array(z.number()),
    rerolls: z.array(z.object({ place: z.number(), replaced: z.number(), winner: z.number() })),
  }),
  z.object({ kind: z.literal('teams'), teams: z.array(z.array(z.number())) }),
])
/** A giveaway draw's part of a record: the request, the result once revealed, the rerolls' times. */
export const giveawayRecordSchema = z.object({
  spec: giveawaySpecSchema,
  result: z.nullable(giveawayResultSchema),
  rerolledAt: z.array(z.string()),
})
export type GiveawayRecord = z.infer<typeof giveawayRecordSchema>

export const createdDrawSchema = z.object({
  id: z.string(),
  commitment: z.string(),
  wheelHash: z.string(),
  createdAt: z.string(),
  /** Only for a draw of several winners or teams. */
  giveaway: z.optional(giveawaySpecSchema),
})
export type CreatedDraw = z.infer<typeof createdDrawSchema>

export const revealedDrawSchema = z.object({
  id: z.string(),
  winnerIndex: z.number(),
  winner: z.string(),
  serverSeed: z.string(),
  clientSeed: z.string(),
  commitment: z.string(),
  wheelHash: z.string(),
  createdAt: z.string(),
  revealedAt: z.string(),
  /** Only for a draw of several winners or teams. */
  giveaway: z.optional(giveawayRecordSchema),
})
export type RevealResult = z.infer<typeof revealedDrawSchema>

/** GET /api/draws/:id: the public record; the seeds and the winner are null until the reveal. */
export const publicDrawSchema = z.object({
  id: z.string(),
  name: z.string(),
  entries: z.array(entrySchema),
  commitment: z.string(),
  wheelHash: z.string(),
  createdAt: z.string(),
  serverSeed: z.nullable(z.string()),
  clientSeed: z.nullable(z.string()),
  winnerIndex: z.nullable(z.number()),
  revealedAt: z.nullable(z.string()),
  previousDrawId: z.nullable(z.string()),
  /** Several winners or teams; null for a single winner. */
  giveaway: z.nullable(giveawayRecordSchema),
  nextDrawId: z.nullable(z.string()),
  /**
   * The host's other draws of the same entries (the same wheelHash), newest first: a host who drew
   * again and again until a friend won cannot show only that draw. `total` counts them all; at most
   * SAME_ENTRIES_LISTED are listed.
   */
  sameEntries: z.object({
    total: z.number(),
    draws: z.array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        revealedAt: z.nullable(z.string()),
        winner: z.nullable(z.string()),
      }),
    ),
  }),
})
export type PublicDraw = z.infer<typeof publicDrawSchema>
export type SameEntries = PublicDraw['sameEntries']
/** How many of the host's other draws of the same entries a draw's record lists. */
export const SAME_ENTRIES_LISTED = 20

/** Draw ids are 22 URL-safe characters; anything else is not a draw. */
export const isDrawId = (id: string): boolean => /^[A-Za-z0-9_-]{22}$/.test(id)

export const DRAW_API_MESSAGES = {
  notFound: msg('This draw does not exist.'),
  notOwner: msg('Only the person who made this draw can reveal it.'),
  alreadyRevealed: msg('This draw has already been revealed. Here is its result.'),
  notRevealed: msg('This draw has not been revealed yet: reveal it before a reroll.'),
  previousNotFound: msg('The previous draw of this chain was not found among your draws.'),
} as const
