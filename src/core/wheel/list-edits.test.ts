import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandomSource } from '../random/random'
import { chiSquareTest } from '../testing/chi-square'
import {
  announceUndo,
  pushUndo,
  shuffleItems,
  sortItems,
  UNDO_DEPTH,
  type UndoEntry,
  undoEntry,
} from './list-edits'
import { createDefaultWheel, createItem, type Wheel } from './model'

const wheelOf = (texts: string[]): Wheel => ({
  ...createDefaultWheel(),
  items: texts.map((t) => createItem(t)),
})

describe('shuffleItems', () => {
  it('is a permutation and leaves its argument alone (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (list, seed) => {
        const copy = [...list]
        const out = shuffleItems(list, seededRandomSource(seed))
        expect(list).toEqual(copy)
        expect([...out].sort()).toEqual([...list].sort())
      }),
    )
  })

  it('makes every order of three items equally likely', () => {
    const source = seededRandomSource(7)
    const counts = new Map<string, number>()
    for (let i = 0; i < 6000; i++) {
      const key = shuffleItems(['a', 'b', 'c'], source).join('')
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    expect(counts.size).toBe(6)
    expect(chiSquareTest([...counts.values()]).pValue).toBeGreaterThan(0.001)
  })
})

describe('sortItems', () => {
  it('sorts A–Z ignoring case, with numbers in number order', () => {
    const sorted = sortItems(wheelOf(['banana', 'Apple', 'item 10', 'item 2', 'cherry']).items)
    expect(sorted.map((i) => i.text)).toEqual(['Apple', 'banana', 'cherry', 'item 2', 'item 10'])
  })
})

describe('undo', () => {
  it('gives back the list before a change, keeping a later rename', () => {
    const before = wheelOf(['a', 'b', 'c'])
    const after = { ...before, name: 'Renamed', items: sortItems(before.items).reverse() }
    const restored = undoEntry(after, { change: 'shuffle', before })
    expect(restored.items).toBe(before.items)
    expect(restored.name).toBe('Renamed')
  })

  it('gives back the whole wheel a preset replaced', () => {
    const before = { ...wheelOf(['a']), id: 'w1', name: 'Class' }
    const preset = { ...wheelOf(['Yes', 'No']), id: null, name: 'Yes or No' }
    expect(undoEntry(preset, { change: 'preset', before })).toBe(before)
  })

  it('brings back the tally with a cleared list', () => {
    const before = { ...wheelOf(['a']), tally: {} as Record<string, number> }
    const id = before.items[0]?.id as string
    before.tally = { [id]: 3 }
    const cleared = { ...before, items: [], tally: {} }
    expect(undoEntry(cleared, { change: 'clear all', before }).tally).toEqual({ [id]: 3 })
  })

  it(`remembers the last ${UNDO_DEPTH} changes`, () => {
    let stack: UndoEntry[] = []
    for (let i = 0; i < UNDO_DEPTH + 5; i++)
      stack = pushUndo(stack, { change: 'add', before: wheelOf([String(i)]) })
    expect(stack).toHaveLength(UNDO_DEPTH)
    expect(stack[0]?.before.items[0]?.text).toBe('5')
  })

  it('is announced', () => {
    expect(announceUndo('shuffle', 6)).toBe('Undid the shuffle: 6 items on the wheel.')
  })
})
