import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Item } from '../../../core/wheel/model'
import { followPointer, textUnderPointer } from './ticker'

const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: `i${i}`, text: `Item ${i}`, color: '#ef4444' }))

/** A ticker element that counts its text writes, and a spin animation whose eased progress the test sets. */
function setup() {
  const writes: string[] = []
  const ticker = {
    set textContent(text: string) {
      writes.push(text)
    },
  } as unknown as HTMLElement
  let progress: number | null = 0
  const animation = {
    effect: { getComputedTiming: () => ({ progress }) },
  } as unknown as Animation
  const frames: ((now: number) => void)[] = []
  vi.stubGlobal('requestAnimationFrame', (run: (now: number) => void) => frames.push(run))
  vi.stubGlobal('cancelAnimationFrame', () => frames.splice(0))
  const frame = (now: number, at: number | null) => {
    progress = at
    frames.shift()?.(now)
  }
  return { writes, ticker, animation, frame }
}

afterEach(() => vi.unstubAllGlobals())

describe('ticker', () => {
  it('names the item under the pointer (at 270°) for a rotation', () => {
    expect(textUnderPointer(items(4), 0)).toBe('Item 3')
    expect(textUnderPointer(items(4), 90)).toBe('Item 2')
    expect(textUnderPointer(items(4), 359)).toBe('Item 3')
    const weighted = [{ ...items(2)[0], weight: 3 } as Item, items(2)[1] as Item]
    // The heavy item spans 0°–270°: just before the pointer.
    expect(textUnderPointer(weighted, 1)).toBe('Item 0')
    expect(textUnderPointer([], 0)).toBe('')
  })

  it('writes the text only when the item changes, at most once in 100 ms, and stops when told', () => {
    const { writes, ticker, animation, frame } = setup()
    // Four items, from 0° to 720°: the item under the pointer changes every quarter turn.
    const stop = followPointer(
      ticker,
      animation,
      { startRotation: 0, finalRotation: 720, winnerIndex: 3, turns: 1 },
      items(4),
    )
    frame(0, 0) // Item 3
    frame(16, 0.01) // still Item 3: nothing written
    frame(32, 0.2) // 144°: Item 1, but within 100 ms of the last write
    frame(120, 0.2) // now written
    frame(136, 0.21)
    frame(300, null) // no progress (not running): nothing
    expect(writes).toEqual(['Item 3', 'Item 1'])
    stop()
    frame(500, 0.5)
    expect(writes).toEqual(['Item 3', 'Item 1'])
  })
})
