// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SharedWheel } from '../../../core/share/protocol'

const shared = (name: string) =>
  ({ name, items: [{ text: 'A', color: '#ef4444' }] }) as unknown as SharedWheel

/** A fresh page load at `path`: the module's early request is per document. */
async function pageAt(path: string) {
  history.replaceState(null, '', path)
  vi.resetModules()
  const { sharesApi } = await import('../../api/shares')
  const { ApiError } = await import('../../api/client')
  const get = vi.spyOn(sharesApi, 'get')
  const hook = await import('./use-shared-wheel')
  return { get, ApiError, ...hook }
}

describe('useSharedWheel', () => {
  beforeEach(() => vi.restoreAllMocks())
  afterEach(cleanup)

  it("asks for the link's wheel as the page's code arrives, and the first render takes that answer", async () => {
    const { get, askSharedWheelEarly, useSharedWheel } = await pageAt('/w/abc123')
    let answer: (wheel: SharedWheel) => void = () => {}
    get.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    askSharedWheelEarly()
    expect(get).toHaveBeenCalledWith('abc123')
    const { result } = renderHook(() => useSharedWheel('abc123'))
    expect(result.current.kind).toBe('loading')
    await act(async () => answer(shared('Team picks')))
    expect(result.current).toMatchObject({ kind: 'ready', share: { name: 'Team picks' } })
    // One request: the render did not ask again.
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('an answer already in is the first render, with no loading state in between', async () => {
    const { get, askSharedWheelEarly, useSharedWheel } = await pageAt('/es/embed/xyz')
    get.mockResolvedValue(shared('Prizes'))
    askSharedWheelEarly()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const kinds: string[] = []
    const { result } = renderHook(() => {
      const state = useSharedWheel('xyz')
      kinds.push(state.kind)
      return state
    })
    expect(result.current).toMatchObject({ kind: 'ready', share: { name: 'Prizes' } })
    expect(kinds.every((kind) => kind === 'ready')).toBe(true)
    expect(get).toHaveBeenCalledTimes(1)
  })

  it("says gone (410) from the early answer too, and another link's page asks for its own wheel", async () => {
    const { get, ApiError, askSharedWheelEarly, useSharedWheel } = await pageAt('/w/old')
    get.mockImplementation((id) =>
      id === 'old' ? Promise.reject(new ApiError(410, 'Gone')) : Promise.resolve(shared('New')),
    )
    askSharedWheelEarly()
    const { result, rerender } = renderHook(({ id }) => useSharedWheel(id), { initialProps: { id: 'old' } })
    await waitFor(() => expect(result.current.kind).toBe('gone'))
    rerender({ id: 'new' })
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'ready', share: { name: 'New' } }))
    expect(get.mock.calls.map(([id]) => id)).toEqual(['old', 'new'])
  })

  it('asks nothing ahead where the page opened elsewhere (its code loaded ahead of a click)', async () => {
    const { get, askSharedWheelEarly, useSharedWheel } = await pageAt('/wheel')
    get.mockResolvedValue(shared('Later'))
    askSharedWheelEarly()
    expect(get).not.toHaveBeenCalled()
    const { result } = renderHook(() => useSharedWheel('later'))
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'ready', share: { name: 'Later' } }))
    expect(get).toHaveBeenCalledTimes(1)
  })
})
