import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import {
  ApiError,
  EMPTY_RESPONSE,
  errorOf,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  OFFLINE_ERROR,
  request,
} from './client'

const schema = z.object({ value: z.number() })

const answer = (status: number, body: string) =>
  vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status }))

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the call to fail')
}

describe('request', () => {
  it('sends JSON with the session cookie and returns what the schema accepts', async () => {
    const fetchFn = answer(200, '{"value":7}')
    const result = await request('/api/x', { method: 'PATCH', body: { a: 1 }, schema, fetch: fetchFn })
    expect(result).toEqual({ value: 7 })
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/x')
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'same-origin' })
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'en' })
    expect(JSON.parse(String(init.body))).toEqual({ a: 1 })
  })

  it('a GET has no body and no content type, only the page language', async () => {
    const fetchFn = answer(200, '{"value":1}')
    await request('/api/y', { schema, fetch: fetchFn })
    const init = fetchFn.mock.calls[0]?.[1]
    expect(init?.method).toBe('GET')
    expect(init?.body).toBeUndefined()
    expect(init?.headers).toEqual({ 'Accept-Language': 'en' })
  })

  it('without a schema an OK answer resolves without reading the body', async () => {
    await expect(request('/api/z', { method: 'POST', fetch: answer(202, '') })).resolves.toBeUndefined()
  })

  it('a failed answer carries the status, the server error and the parsed body', async () => {
    const error = await failure(
      request('/api/x', { schema, fetch: answer(409, '{"error":"  Taken  ","code":"x"}') }),
    )
    expect(error.status).toBe(409)
    expect(error.message).toBe('Taken')
    expect(error.body).toEqual({ error: '  Taken  ', code: 'x' })
  })

  it.each([
    ['an empty body', 200, '', EMPTY_RESPONSE],
    ['a body that is not JSON', 502, 'Bad Gateway', INVALID_RESPONSE],
    ['JSON of the wrong shape', 200, '{"value":"x"}', INVALID_RESPONSE],
    ['a failure without an error field', 500, '{}', 'Could not save'],
  ])('%s gives its message', async (_, status, body, message) => {
    const error = await failure(
      request('/api/x', { schema, failure: 'Could not save', fetch: answer(status, body) }),
    )
    expect(error).toMatchObject({ status, message })
  })

  it('a caller may name its own messages for an unreadable answer', async () => {
    const unreadable = { empty: 'Nothing came back', invalid: 'Garbled' }
    expect((await failure(request('/a', { schema, unreadable, fetch: answer(200, ' ') }))).message).toBe(
      'Nothing came back',
    )
    expect((await failure(request('/a', { schema, unreadable, fetch: answer(500, '{}') }))).message).toBe(
      'Garbled',
    )
  })

  it('a network failure has status 0 and says Whirl could not be reached', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const error = await failure(request('/api/x', { schema, fetch: fetchFn }))
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR })
  })

  it('a network failure while the browser is offline says so', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    try {
      const fetchFn = vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      })
      const error = await failure(request('/api/x', { schema, fetch: fetchFn }))
      expect(error).toMatchObject({ status: 0, message: OFFLINE_ERROR })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('Retry-After', () => {
  it('a failed answer carries the seconds the server asked to wait', async () => {
    const fetchFn = vi.fn(
      async () => new Response('{"error":"Busy"}', { status: 503, headers: { 'Retry-After': '5' } }),
    )
    expect(await failure(request('/api/x', { schema, fetch: fetchFn }))).toMatchObject({
      status: 503,
      message: 'Busy',
      retryAfter: 5,
    })
  })

  it('a failed answer without one carries null', async () => {
    expect((await failure(request('/api/x', { schema, fetch: answer(500, '{}') }))).retryAfter).toBeNull()
  })

  it.each([
    [' 120 ', 120],
    ['0', 0],
    ['Thu, 26 Nov 2026 10:00:30 GMT', null],
    ['soon', null],
    ['-3', null],
    ['', null],
  ])('a Retry-After of %j carries %j', async (header, seconds) => {
    const fetchFn = vi.fn(async () => new Response('{}', { status: 429, headers: { 'Retry-After': header } }))
    expect((await failure(request('/api/x', { schema, fetch: fetchFn }))).retryAfter).toBe(seconds)
  })
})

describe('answerOn', () => {
  it('a failed status named by the call is the answer when the schema accepts its body', async () => {
    const fetchFn = answer(409, '{"value":3}')
    expect(await request('/api/x', { method: 'POST', schema, answerOn: [409], fetch: fetchFn })).toEqual({
      value: 3,
    })
  })

  it('a failed status not named, or a body the schema refuses, still fails', async () => {
    expect((await failure(request('/a', { schema, fetch: answer(409, '{"value":3}') }))).status).toBe(409)
    const refused = await failure(
      request('/a', { schema, answerOn: [409], fetch: answer(409, '{"error":"No"}') }),
    )
    expect(refused).toMatchObject({ status: 409, message: 'No' })
  })
})

describe('errorOf', () => {
  it('reads a non-blank error string, shortened to 300 characters', () => {
    expect(errorOf({ error: 'x'.repeat(400) })).toHaveLength(300)
    expect(errorOf({ error: ' ' })).toBeNull()
    expect(errorOf({ error: 3 })).toBeNull()
    expect(errorOf([1])).toBeNull()
    expect(errorOf(null)).toBeNull()
  })
})
