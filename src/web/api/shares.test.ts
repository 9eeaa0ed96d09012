import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, OFFLINE_ERROR } from './client'
import { sharesApi } from './shares'

const UNREADABLE = 'Whirl sent an answer that could not be read. Please try again.'
const summary = {
  id: 'abc',
  name: 'Lunch',
  itemCount: 2,
  createdAt: '2026-11-26T10:00:00.000Z',
  lastVisitedAt: '2026-11-26T10:00:00.000Z',
}

function serve(status: number, body: string | null, headers: Record<string, string> = {}) {
  const fetchFn = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status, headers }))
  vi.stubGlobal('fetch', fetchFn)
  return fetchFn
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

afterEach(() => vi.unstubAllGlobals())

describe('sharesApi', () => {
  it("lists the user's links", async () => {
    const fetchFn = serve(200, JSON.stringify({ shares: [summary] }))
    expect(await sharesApi.mine()).toEqual([summary])
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/shares')
    expect(fetchFn.mock.calls[0]?.[1].credentials).toBe('same-origin')
  })

  it('deletes a link, which answers 204 without a body', async () => {
    const fetchFn = serve(204, null)
    await expect(sharesApi.delete('a/b')).resolves.toBeUndefined()
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/shares/a%2Fb')
    expect(init.method).toBe('DELETE')
  })

  it('a link a visitor may not make fails with status 403 and the server words', async () => {
    serve(403, '{"error":"Sign in to share more wheels."}')
    expect(await failure(sharesApi.create({} as never))).toMatchObject({
      status: 403,
      message: 'Sign in to share more wheels.',
    })
  })

  it.each([
    ['a deleted link', 410, '{"error":""}'],
    ['an error page', 502, 'Bad Gateway'],
    ['an answer of the wrong shape', 200, '{"share":{}}'],
  ])('%s without words of its own says the answer could not be read', async (_, status, body) => {
    serve(status, body)
    expect(await failure(sharesApi.get('abc'))).toMatchObject({ status, message: UNREADABLE })
  })

  it('too many links carries the seconds of Retry-After', async () => {
    serve(429, '{"error":"Too many links. Try again later."}', { 'Retry-After': '120' })
    expect(await failure(sharesApi.mine())).toMatchObject({ status: 429, retryAfter: 120 })
  })

  it('offline, a call says so', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(await failure(sharesApi.mine())).toMatchObject({ status: 0, message: OFFLINE_ERROR })
  })
})
