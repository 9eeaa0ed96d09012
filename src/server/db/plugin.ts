import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Database, openDatabase } from './client'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one database of the process (PGlite or PostgreSQL); modules query app.database.db. */
    database: Database
  }
}

export type DatabasePluginOptions = {
  /** An already opened database (tests share one); otherwise the plugin opens and closes its own. */
  database?: Database
}

/** Decorates app.database: the given one, or one opened from app.config and closed with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabasePluginOptions) => {
    const database = options.database ?? (await openDatabase(app.config.database))
    app.decorate('database', database)
    if (!options.database) app.addHook('onClose', async () => database.close())
  },
  { name: 'whirl-database', dependencies: ['whirl-config'] },
)
