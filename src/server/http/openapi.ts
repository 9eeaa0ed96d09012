import swagger from '@fastify/swagger'
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { $ZodObject, $ZodType, safeParse } from 'zod/v4/core'

export const OPENAPI_PATH = '/api/openapi.json'

/** Types zod cannot write as JSON Schema (a custom check) appear as "any" in the document. */
const zodToJsonConfig = { unrepresentable: 'any' } as const

/** An object schema with no keys: documentation only (a GET without input), never checked. */
const isEmptyObject = (schema: unknown) =>
  schema instanceof $ZodObject && Object.keys(schema._zod.def.shape).length === 0

/**
 * Input is read with the route's zod schema (fastify-type-provider-zod); an empty object schema
 * (a route without input) costs nothing per request and lets any query through, as before.
 */
const validateInput: FastifySchemaCompiler<$ZodType> = (route) => {
  if (isEmptyObject(route.schema)) return (value: unknown) => ({ value })
  return validatorCompiler(route)
}

/**
 * Answers are written with plain JSON.stringify, strings passed through (pre-serialised JSON): the
 * response schemas document the API and are not paid for per request (decision 0023: a
 * serialising schema on GET /api/profile cost throughput). Under NODE_ENV=test each answer is
 * checked against its schema first, so a test fails when the code and the document disagree; the
 * bytes written are the same in every environment.
 */
export function answerSerializer(env: string): FastifySerializerCompiler<unknown> {
  const plain = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data))
  if (env !== 'test') return () => plain
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof $ZodType)) return plain
    return (data: unknown) => {
      if (typeof data === 'string') return data
      const checked = safeParse(schema, data)
      if (!checked.success) {
        const issue = checked.error.issues[0]
        throw new Error(
          `${method} ${url} answered ${httpStatus} with a body its response schema refuses: ` +
            `${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
        )
      }
      return JSON.stringify(data)
    }
  }
}

/** The one error body of every route (billing's routes add `success: false`). */
export const errorBodySchema = z.object({ error: z.string() }).meta({ id: 'Error' })
export const billingErrorSchema = z
  .object({ success: z.literal(false), error: z.string() })
  .meta({ id: 'BillingError' })

/** A route's answers: the given successes, and the one error body for 4xx and 5xx. */
export function answers<T extends Record<number, $ZodType>>(ok: T, options: { billing?: boolean } = {}) {
  const error = options.billing ? billingErrorSchema : errorBodySchema
  return { ...ok, '4xx': error, '5xx': error }
}

/** A route without input: an empty query (documented, not checked). */
export const noQuery = z.object({})

export type OpenApiPluginOptions = {
  /** Sees every route as it is registered (the OpenAPI test checks each one is declared). */
  onRoute?: (route: RouteOptions) => void
}

/** Declared routes and /api/openapi.json (below); registered before any plugin with routes. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: OpenApiPluginOptions) => {
    if (options.onRoute) app.addHook('onRoute', options.onRoute)
    await registerOpenApi(app)
  },
  { name: 'whirl-openapi', dependencies: ['whirl-config'] },
)

/**
 * Declared routes: zod schemas read every route's input, and @fastify/swagger collects them into
 * the OpenAPI document served at GET /api/openapi.json. Register before any route.
 */
async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validateInput)
  app.setSerializerCompiler(answerSerializer(app.config.env))
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Whirl API',
        version: '1',
        description:
          'Every route of the Whirl server. Errors answer `{ error }` (billing adds `success: false`).',
      },
      components: {
        // A live room's host calls (issue 35): `Authorization: Bearer <host token>`.
        securitySchemes: { roomToken: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig }),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  })
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document',
        querystring: noQuery,
        response: answers({ 200: z.looseObject({ openapi: z.string() }) }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return app.swagger()
    },
  )
}
