import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { themeSyncSchema } from '../../core/sync/theme-schema'
import { MAX_CUSTOM_THEMES, mergeThemes, THEME_SYNC_MESSAGES, type ThemeSync } from '../../core/sync/themes'
import type { Db } from '../db/client'
import { customThemes } from '../db/schema'
import { HttpError } from '../http/errors'
import { premiumBeforeBody, requirePremium, requireUser } from '../http/guards'
import { answers, noQuery } from '../http/openapi'
import { stateChanging } from '../http/state-changing'

/** 50 themes of 12 colours and a name each, and 200 removed ids, fit well inside this. */
const THEMES_BODY_LIMIT = 64 * 1024

/** The account's copy of a user's custom themes; an account without one has none. */
async function stored(db: Db, userId: string): Promise<ThemeSync> {
  const [row] = await db.select().from(customThemes).where(eq(customThemes.userId, userId))
  return { themes: (row?.themes ?? []) as ThemeSync['themes'], deleted: (row?.deleted ?? []) as string[] }
}

/** Custom themes' sync (below). */
export const themesPlugin = fp(
  async (app: FastifyInstance) => {
    registerThemeRoutes(app, app.database.db)
  },
  {
    name: 'whirl-themes',
    dependencies: ['whirl-errors', 'whirl-openapi', 'whirl-database', 'whirl-accounts'],
  },
)

/**
 * Cloud sync of custom themes: GET /api/themes (the account's themes, also for a user whose
 * premium lapsed) and POST /api/themes/sync (premium only): the browser sends its themes and the
 * ids it removed, the server merges them into the account's copy (core/sync/themes.ts) and answers
 * the merged list. A user's syncs run one at a time (the row is locked), so none is lost.
 */
function registerThemeRoutes(app: FastifyInstance, db: Db): void {
  const read = { querystring: noQuery, response: answers({ 200: themeSyncSchema }) }
  app.get('/api/themes', { schema: read }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    return stored(db, user.userId)
  })

  const sync = {
    bodyLimit: THEMES_BODY_LIMIT,
    onRequest: premiumBeforeBody(THEME_SYNC_MESSAGES.premiumRequired),
    schema: { body: themeSyncSchema, response: answers({ 200: themeSyncSchema }) },
    config: { invalid: THEME_SYNC_MESSAGES.invalid },
  }
  stateChanging(app, (scope) =>
    scope.withTypeProvider<ZodTypeProvider>().post('/api/themes/sync', sync, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requirePremium(request, THEME_SYNC_MESSAGES.premiumRequired)
      const { body } = request
      // The account's lock first (the quota's transaction), then the row's.
      return app.quota.write(user.userId, async (tx, room) => {
        await tx.insert(customThemes).values({ userId: user.userId }).onConflictDoNothing()
        const [row] = await tx
          .select()
          .from(customThemes)
          .where(eq(customThemes.userId, user.userId))
          .for('update')
        const merged = mergeThemes(
          { themes: (row?.themes ?? []) as ThemeSync['themes'], deleted: (row?.deleted ?? []) as string[] },
          body,
        )
        if (merged.themes.length > MAX_CUSTOM_THEMES) throw new HttpError(409, THEME_SYNC_MESSAGES.tooMany)
        const dataBytes =
          Buffer.byteLength(JSON.stringify(merged.themes)) + Buffer.byteLength(JSON.stringify(merged.deleted))
        await room(dataBytes - (row?.dataBytes ?? 0))
        await tx
          .update(customThemes)
          .set({ themes: merged.themes, deleted: merged.deleted, dataBytes, updatedAt: sql`now()` })
          .where(eq(customThemes.userId, user.userId))
        return merged
      })
    }),
  )
}
