import type { RouteOptions } from 'fastify'
import type { OpenAPIV3_1 } from 'openapi-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, registerPremium, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { answerSerializer, errorBodySchema } from './openapi'

type Operation = OpenAPIV3_1.OperationObject
type Registered = { method: string; url: string; route: RouteOptions }

/** Fastify's `/w/:id` and `/api/auth/*` as the document writes them: `/w/{id}`, `/api/auth/{*}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')

describe.each(DATABASE_KINDS)('every route is declared on %s', (kind) => {
  let database: TestDatabase
  let app: TestApp
  let document: OpenAPIV3_1.Document
  const routes: Registered[] = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    // Every optional route on: the billing test clock and the draws' test route.
    app = await startApp(
      database,
      { BILLING_TEST_CLOCK: '1', DRAWS_TEST_TAMPER: '1' },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url, route })
        },
      },
    )
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    document = res.json()
  })
  afterAll(async () => {
    await app.dispose()
    await database.dispose()
  })

  // HEAD routes are Fastify's copies of the GET routes: the document lists the GET.
  const declared = () => routes.filter((r) => r.method !== 'HEAD')
  const operationOf = ({ method, url }: Registered) =>
    document.paths?.[documentPath(url)]?.[method.toLowerCase() as 'get'] as Operation | undefined

  it('lists every route the app registers, each with its request and response schemas', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(declared().length).toBeGreaterThanOrEqual(48)
    const missing: string[] = []
    for (const registered of declared()) {
      const { method, url, route } = registered
      const name = `${method} ${url}`
      const schema = route.schema ?? {}
      const operation = operationOf(registered)
      if (!operation) {
        missing.push(`${name}: not in the document`)
        continue
      }
      // Input: a path's parameters, a body, or (a route without input) an empty querystring.
      if (!schema.params && !schema.body && !schema.querystring) missing.push(`${name}: no request schema`)
      const inPath = (operation.parameters ?? []).filter((p) => 'in' in p && p.in === 'path').length
      if (url.includes(':') && inPath === 0) missing.push(`${name}: path parameters not documented`)
      if (schema.body && !operation.requestBody) missing.push(`${name}: body not documented`)
      const answers = Object.entries(operation.responses ?? {})
      const success = answers.find(([status]) => status.startsWith('2'))
      if (!success) missing.push(`${name}: no success response schema`)
      if (!answers.some(([status]) => status.startsWith('4')))
        missing.push(`${name}: no error response schema`)
    }
    expect(missing).toEqual([])
  })

  it('answers a body of the wrong shape on every route that reads one with the one error body', async () => {
    const { cookie } = await registerPremium(app)
    const withBody = declared().filter((r) => r.route.schema?.body && !r.url.endsWith('*'))
    expect(withBody.length).toBeGreaterThanOrEqual(15)
    const wrong: string[] = []
    for (const { method, url, route } of withBody) {
      const res = await app.inject({
        method: method as 'POST',
        url: url.replace(/:(\w+)/g, 'x'),
        headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: '[42]',
      })
      const body = res.json()
      const keys = route.config?.successFlag ? 'error,success' : 'error'
      const ok =
        res.statusCode >= 400 &&
        res.statusCode < 500 &&
        typeof body.error === 'string' &&
        body.error.length > 0 &&
        Object.keys(body).sort().join() === keys &&
        (body.success === undefined || body.success === false)
      if (!ok) wrong.push(`${method} ${url}: ${res.statusCode} ${res.body}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('answers are written as they are', () => {
  const route = { schema: errorBodySchema, method: 'GET', url: '/x', httpStatus: '200' }
  it('outside tests: plain JSON.stringify, no field dropped, JSON text passed through', () => {
    const write = answerSerializer('production')(route)
    expect(write({ error: 'x', extra: 1 })).toBe('{"error":"x","extra":1}')
    expect(write('{"already":"json"}')).toBe('{"already":"json"}')
  })
  it('under tests: an answer its schema refuses fails loudly; the bytes are the same', () => {
    const write = answerSerializer('test')(route)
    expect(write({ error: 'x', extra: 1 })).toBe('{"error":"x","extra":1}')
    expect(() => write({ message: 'x' })).toThrow(
      /GET \/x answered 200 with a body its response schema refuses/,
    )
  })
})
