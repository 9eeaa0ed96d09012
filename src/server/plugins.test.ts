import Fastify, { type FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountDataPlugin } from './account/account-data-routes'
import { accountsPlugin } from './auth/accounts'
import { accountRoutesPlugin } from './auth/routes'
import { billingPlugin } from './billing/module'
import { configPlugin } from './config/plugin'
import { contactPlugin } from './contact/routes'
import { databasePlugin } from './db/plugin'
import { drawsPlugin } from './draws/routes'
import { healthPlugin } from './health/routes'
import { closingPlugin } from './http/closing'
import { errorsPlugin } from './http/errors'
import { openApiPlugin } from './http/openapi'
import { securityHeadersPlugin } from './http/security'
import { webPlugin, webShellPlugin } from './http/web'
import { i18nPlugin } from './i18n/plugin'
import { rateLimitsPlugin } from './limits/rate-limit'
import { mailerPlugin } from './mail/plugin'
import { profilePlugin } from './profile/routes'
import { usagePlugin } from './profile/usage-route'
import { quotaPlugin } from './quota/account-quota'
import { roomsPlugin } from './rooms/plugin'
import { sharesPlugin } from './shares/routes'
import { startApp, type TestApp } from './testing/auth'
import { openTestDatabase, type TestDatabase, testConfig } from './testing/harness'
import { themesPlugin } from './themes/routes'
import { wheelsPlugin } from './wheels/routes'

// biome-ignore lint/suspicious/noExplicitAny: each plugin has options of its own type
type AnyPlugin = FastifyPluginAsync<any>
type Meta = { name?: string; dependencies?: string[] }
const metaOf = (plugin: AnyPlugin): Meta =>
  (plugin as unknown as Record<symbol, Meta>)[Symbol.for('plugin-meta')] ?? {}

/** Every module of the server, as buildApp registers them, in this order. */
const PLUGINS: [string, AnyPlugin][] = [
  ['whirl-config', configPlugin],
  ['whirl-database', databasePlugin],
  ['whirl-closing', closingPlugin],
  ['whirl-i18n', i18nPlugin],
  ['whirl-web-shell', webShellPlugin],
  ['whirl-errors', errorsPlugin],
  ['whirl-openapi', openApiPlugin],
  ['whirl-security-headers', securityHeadersPlugin],
  ['whirl-rate-limits', rateLimitsPlugin],
  ['whirl-health', healthPlugin],
  ['whirl-mailer', mailerPlugin],
  ['whirl-accounts', accountsPlugin],
  ['whirl-contact', contactPlugin],
  ['whirl-account-routes', accountRoutesPlugin],
  ['whirl-profile', profilePlugin],
  ['whirl-billing', billingPlugin],
  ['whirl-account-data', accountDataPlugin],
  ['whirl-quota', quotaPlugin],
  ['whirl-usage', usagePlugin],
  ['whirl-wheels', wheelsPlugin],
  ['whirl-themes', themesPlugin],
  ['whirl-shares', sharesPlugin],
  ['whirl-draws', drawsPlugin],
  ['whirl-rooms', roomsPlugin],
  ['whirl-web', webPlugin],
]
const NAMES = PLUGINS.map(([name]) => name)
const byName = new Map(PLUGINS)

/** A plugin that only carries a name: stands in for a dependency without doing its work. */
const stub = (name: string) => fp(async () => {}, { name })

describe('server modules as plugins', () => {
  it('gives every module a name and declares only earlier modules as its dependencies', () => {
    PLUGINS.forEach(([name, plugin], index) => {
      const meta = metaOf(plugin)
      expect(meta.name).toBe(name)
      for (const dependency of meta.dependencies ?? []) {
        expect(NAMES.indexOf(dependency), `${name} depends on ${dependency}`).toBeGreaterThanOrEqual(0)
        expect(NAMES.indexOf(dependency), `${name} depends on ${dependency}`).toBeLessThan(index)
      }
    })
  })

  it.each(
    PLUGINS.flatMap(([name, plugin]) =>
      (metaOf(plugin).dependencies ?? []).map((missing) => ({ name, missing })),
    ),
  )('refuses to start $name without $missing', async ({ name, missing }) => {
    const plugin = byName.get(name) as AnyPlugin
    const app = Fastify({ logger: false })
    for (const dependency of metaOf(plugin).dependencies ?? []) {
      if (dependency !== missing) await app.register(stub(dependency))
    }
    await expect(app.register(plugin, {})).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: `The dependency '${missing}' of plugin '${name}' is not registered`,
    })
    await app.close()
  })

  it('refuses billing registered before the sign-in service, as a wrong order in app.ts would be', async () => {
    const app = Fastify({ logger: false })
    for (const name of NAMES.slice(0, NAMES.indexOf('whirl-accounts'))) await app.register(stub(name))
    await expect(app.register(billingPlugin, {})).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency 'whirl-accounts' of plugin 'whirl-billing' is not registered",
    })
    await app.close()
  })
})

describe('server modules as plugins, on a database', () => {
  let database: TestDatabase
  let app: TestApp
  const config = testConfig()

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await startApp(database)
  })
  afterAll(async () => {
    await app?.dispose()
    await database?.dispose()
    config.cleanup()
  })

  it('buildApp registers every module, in the listed order', () => {
    for (const name of NAMES) expect(app.hasPlugin(name), name).toBe(true)
    const tree = app.printPlugins()
    const registered = [...tree.matchAll(/whirl-[a-z0-9-]+/g)].map(([name]) => name)
    expect(registered).toEqual(NAMES)
  })

  /** A plugin's declared dependencies, theirs, and so on, in buildApp's order. */
  const closure = (name: string): string[] => {
    const needed = new Set<string>()
    const visit = (next: string) => {
      for (const dependency of metaOf(byName.get(next) as AnyPlugin).dependencies ?? []) {
        if (!needed.has(dependency)) {
          needed.add(dependency)
          visit(dependency)
        }
      }
    }
    visit(name)
    return NAMES.filter((candidate) => needed.has(candidate))
  }
  const optionsOf = (name: string) =>
    name === 'whirl-config' ? { config } : name === 'whirl-database' ? { database } : {}

  it.each(NAMES)('starts %s with only its declared dependencies (and theirs) registered', async (name) => {
    const only = Fastify({ logger: false })
    for (const dependency of [...closure(name), name]) {
      await only.register(byName.get(dependency) as AnyPlugin, optionsOf(dependency))
    }
    await only.ready()
    for (const other of NAMES) {
      if (other !== name && !closure(name).includes(other)) expect(only.hasPlugin(other), other).toBe(false)
    }
    await only.close()
  })
})
