import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NETWORK_ERROR } from './client'
import { drawsApi } from './draws'

const UNREADABLE = 'Whirl sent an answer it could not read. Please try again.'
const revealed = {
  id: 'd1',
  winnerIndex: 0,
  winner: 'Ann',
  serverSeed: 's',
  clientSeed: 'c',
  commitment: 'x',
  wheelHash: 'h',
  createdAt: '2026-11-26T10:00:00.000Z',
  revealedAt: '2026-11-26T10:01:00.000Z',
}

function serve(status: number, body: string, headers: Record<string, string> = {}) {
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

describe('drawsApi', () => {
  it('reveals with the client seed and answers the result', async () => {
    const fetchFn = serve(200, JSON.stringify(revealed))
    expect(await drawsApi.reveal('d 1', 'c')).toEqual(revealed)
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/draws/d%201/reveal')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ clientSeed: 'c' })
  })

  it('a reveal that lost the race (409 with the first result) answers that result', async () => {
    serve(409, JSON.stringify(revealed))
    expect(await drawsApi.reveal('d1', 'other')).toEqual(revealed)
  })

  it('a 409 without a result is a failure with the server words', async () => {
    serve(409, '{"error":"This draw was revealed already."}')
    expect(await failure(drawsApi.reveal('d1', 'c'))).toMatchObject({
      status: 409,
      message: 'This draw was revealed already.',
    })
  })

  it('a missing draw fails with status 404 and the server words', async () => {
    serve(404, '{"error":"No draw has this id."}')
    expect(await failure(drawsApi.get('nope'))).toMatchObject({
      status: 404,
      message: 'No draw has this id.',
    })
  })

  it.each([
    ['an error page', 502, 'Bad Gateway'],
    ['an empty answer', 500, ''],
    ['an answer of the wrong shape', 200, '{"id":3}'],
  ])('%s says the answer could not be read', async (_, status, body) => {
    serve(status, body)
    expect(await failure(drawsApi.get('d1'))).toMatchObject({ status, message: UNREADABLE })
  })

  it('too many draws carries the seconds of Retry-After', async () => {
    serve(429, '{"error":"Too many draws. Try again in a minute."}', { 'Retry-After': '60' })
    const error = await failure(drawsApi.create('Raffle', [['Ann', 1]], null))
    expect(error).toMatchObject({
      status: 429,
      message: 'Too many draws. Try again in a minute.',
      retryAfter: 60,
    })
  })

  it('a network failure says Whirl could not be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(await failure(drawsApi.get('d1'))).toMatchObject({ status: 0, message: NETWORK_ERROR })
  })
})
