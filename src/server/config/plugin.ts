import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from './config'

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings read once at start (config.ts); every plugin below reads them here. */
    config: Config
  }
}

export type ConfigPluginOptions = { config: Config }

/** The first plugin: decorates app.config with the settings buildApp was given. */
export const configPlugin = fp(
  async (app: FastifyInstance, options: ConfigPluginOptions) => {
    app.decorate('config', options.config)
  },
  { name: 'whirl-config' },
)
