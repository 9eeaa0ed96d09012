// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { billingRequest } from './billing'
import { ApiError as BillingApiError, NETWORK_ERROR } from './client'

const schema = z.object({ success: z.literal(true), value: z.number() })

function fakeFetch(status: number, body: string) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }))
}

async function failure(promise: Promise<unknown>): Promise<BillingApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(BillingApiError)
    return error as BillingApiError
  }
  throw new Error('expected the call to fail')
}

describe('billingRequest', () => {
  it('posts JSON and returns the parsed answer', async () => {
    const fetchFn = fakeFetch(200, '{"success":true,"value":7}')
    const result = await billingRequest('POST', '/api/x', schema, 'Failed', { a: 1 }, fetchFn)
    expect(result).toEqual({ success: true, value: 7 })
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/x')
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'en' })
    expect(JSON.parse(String(init.body))).toEqual({ a: 1 })
  })

  it('sends GET without a body', async () => {
    const fetchFn = fakeFetch(200, '{"success":true,"value":1}')
    await billingRequest('GET', '/api/y', schema, 'Failed', undefined, fetchFn)
    const init = fetchFn.mock.calls[0]?.[1]
    expect(init?.method).toBe('GET')
    expect(init?.body).toBeUndefined()
  })

  it.each([
    ['an empty body', 200, '', 'Empty response from server'],
    ['a blank body', 200, '  \n', 'Empty response from server'],
    ['an empty error body', 500, '', 'Empty response from server'],
    ['a body that is not JSON', 200, '<html>oops</html>', 'Invalid response from server'],
    ['an error page that is not JSON', 502, 'Bad Gateway', 'Invalid response from server'],
    ['JSON of the wrong shape', 200, '{"success":true,"value":"x"}', 'Invalid response from server'],
    [
      'a non-OK answer with the server error',
      404,
      '{"success":false,"error":"Subscription not found"}',
      'Subscription not found',
    ],
    ['a non-OK answer without an error field', 500, '{"success":false}', 'Failed'],
    ['a non-OK answer with a blank error', 500, '{"error":"  "}', 'Failed'],
    ['a non-OK answer of a JSON array', 400, '[1,2]', 'Failed'],
  ])('%s gives its message', async (_, status, body, message) => {
    const error = await failure(
      billingRequest('POST', '/api/x', schema, 'Failed', {}, fakeFetch(status, body)),
    )
    expect(error.message).toBe(message)
    expect(error.status).toBe(status)
  })

  it('a network failure gives a clear message', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const error = await failure(billingRequest('POST', '/api/x', schema, 'Failed', {}, fetchFn))
    expect(error.message).toBe(NETWORK_ERROR)
    expect(error.status).toBe(0)
  })

  it('uses the global fetch by default', async () => {
    const fetchFn = fakeFetch(200, '{"success":true,"value":3}')
    vi.stubGlobal('fetch', fetchFn)
    try {
      expect(await billingRequest('POST', '/api/z', schema, 'Failed')).toEqual({ success: true, value: 3 })
      const init = fetchFn.mock.calls[0]?.[1]
      expect(JSON.parse(String(init?.body))).toEqual({})
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
