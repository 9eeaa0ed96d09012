import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  VERSION_MESSAGES,
  type VersionListResponse,
  type VersionResponse,
  type VersionSummary,
} from '../../core/sync/versions-protocol'
import type { Wheel } from '../../core/wheel/model'
import type { Db } from '../db/client'
import { savedWheelVersions } from '../db/schema'
import { HttpError } from '../http/errors'
import { premiumBeforeBody, requirePremium } from '../http/guards'
import { answers } from '../http/openapi'
import { versionListSchema, versionParams, versionSchema } from './schemas'

/**
 * Earlier versions of a premium user's saved wheels (drizzle/0016_saved_wheel_versions.sql keeps
 * them; decision 0025). Read only: a restore happens in the browser and syncs as a normal change.
 */
export function createVersionRepository(db: Db) {
  const columns = {
    versionId: savedWheelVersions.versionId,
    createdAt: savedWheelVersions.createdAt,
    name: savedWheelVersions.name,
    itemCount: savedWheelVersions.itemCount,
    bytes: savedWheelVersions.dataBytes,
  }
  const summary = (
    row: { versionId: number; createdAt: Date; name: string; itemCount: number; bytes: number },
    savedAt: string | null,
  ): VersionSummary => ({
    id: String(row.versionId),
    createdAt: row.createdAt.toISOString(),
    savedAt,
    name: row.name,
    itemCount: row.itemCount,
    bytes: row.bytes,
  })
  return {
    /** A wheel's versions, newest first, without their items. */
    async list(userId: string, wheelId: string): Promise<VersionSummary[]> {
      const rows = await db
        .select({ ...columns, savedAt: sql<string | null>`${savedWheelVersions.data}->>'updatedAt'` })
        .from(savedWheelVersions)
        .where(and(eq(savedWheelVersions.userId, userId), eq(savedWheelVersions.wheelId, wheelId)))
        .orderBy(desc(savedWheelVersions.createdAt), desc(savedWheelVersions.versionId))
      return rows.map((row) => summary(row, row.savedAt))
    },
    /** One version with its content, or null when it is not (or no longer) kept. */
    async get(userId: string, wheelId: string, versionId: number) {
      const [row] = await db
        .select({ ...columns, data: savedWheelVersions.data })
        .from(savedWheelVersions)
        .where(
          and(
            eq(savedWheelVersions.userId, userId),
            eq(savedWheelVersions.wheelId, wheelId),
            eq(savedWheelVersions.versionId, versionId),
          ),
        )
      if (!row) return null
      const wheel = row.data as Wheel
      return { ...summary(row, wheel.updatedAt ?? null), wheel }
    },
  }
}

/** GET /api/wheels/:id/versions and GET /api/wheels/:id/versions/:versionId (premium). */
export function registerVersionRoutes(app: FastifyInstance, db: Db): void {
  const versions = createVersionRepository(db)
  const api = app.withTypeProvider<ZodTypeProvider>()
  // The plan first (401, 403), then the path (400).
  const options = {
    preValidation: premiumBeforeBody(VERSION_MESSAGES.premiumRequired),
    config: { invalid: VERSION_MESSAGES.invalid },
  }
  const list = { params: versionParams, response: answers({ 200: versionListSchema }) }
  api.get('/api/wheels/:id/versions', { ...options, schema: list }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requirePremium(request, VERSION_MESSAGES.premiumRequired)
    const { id } = request.params
    const answer: VersionListResponse = { versions: await versions.list(user.userId, id) }
    return answer
  })
  const one = { params: versionParams, response: answers({ 200: versionSchema }) }
  api.get('/api/wheels/:id/versions/:versionId', { ...options, schema: one }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requirePremium(request, VERSION_MESSAGES.premiumRequired)
    const { id, versionId } = request.params
    const version = await versions.get(user.userId, id, Number(versionId))
    if (!version) throw new HttpError(404, VERSION_MESSAGES.gone)
    const answer: VersionResponse = { version }
    return answer
  })
}
