import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// first-frame.ts keeps one flag for the page's life: each test loads it afresh in a fake "browser"
// whose frames the test hands out.
let frames: (() => void)[] = []

async function load() {
  vi.resetModules()
  vi.stubGlobal('window', globalThis)
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  return import('./first-frame')
}

describe('afterFirstFrame', () => {
  beforeEach(() => {
    frames = []
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs work in a task after the first frame has been drawn, and at once from then on', async () => {
    const { afterFirstFrame } = await load()
    const order: string[] = []
    afterFirstFrame(() => order.push('draw'))
    afterFirstFrame(() => order.push('other'))
    vi.advanceTimersByTime(0)
    expect(order).toEqual([])
    for (const frame of frames.splice(0)) frame()
    expect(order).toEqual([]) // the frame is being drawn: not yet
    vi.advanceTimersByTime(1)
    expect(order).toEqual(['draw', 'other'])
    // From then on, at once.
    afterFirstFrame(() => order.push('later'))
    expect(order).toEqual(['draw', 'other', 'later'])
  })

  it('cancelled work never runs', async () => {
    const { afterFirstFrame } = await load()
    const run = vi.fn()
    const cancel = afterFirstFrame(run)
    cancel()
    for (const frame of frames.splice(0)) frame()
    vi.runAllTimers()
    expect(run).not.toHaveBeenCalled()
  })

  it('runs after 250 ms when no frame comes (a hidden tab)', async () => {
    const { afterFirstFrame } = await load()
    const run = vi.fn()
    afterFirstFrame(run)
    vi.advanceTimersByTime(249)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(2)
    expect(run).toHaveBeenCalledTimes(1)
    // The frame that comes late changes nothing.
    for (const frame of frames.splice(0)) frame()
    vi.runAllTimers()
    expect(run).toHaveBeenCalledTimes(1)
  })
})
