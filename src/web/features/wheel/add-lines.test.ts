// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { createDefaultWheel } from '../../../core/wheel/model'
import { useListUndo } from '../../state/list-undo'
import { useWheelStore } from '../../state/wheel-store'
import { addLines } from './add-lines'
import { clearList } from './clear-all-button'
import { shuffleList, sortList } from './list-toolbar'

const undoListChange = () => useWheelStore.getState().undoListChange()
const texts = () => useWheelStore.getState().currentWheel.items.map((i) => i.text)

describe('adding many lines, and undo', () => {
  beforeEach(() => {
    useWheelStore.setState({ currentWheel: createDefaultWheel() })
    useListUndo.setState({ entries: [], announcement: '', seq: 0 })
  })

  it('adds what fits on a free wheel and says how many lines were left out', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Pupil ${i + 1}`).join('\n')
    const outcome = addLines(lines, 15)
    expect(outcome).toEqual({
      added: 9,
      message: 'Added 9 of 40 lines: free wheels hold up to 15 items.',
      error: false,
    })
    expect(texts()).toHaveLength(15)
    expect(texts()[14]).toBe('Pupil 9')
  })

  it('refuses a 5 MB paste and changes nothing', () => {
    const before = useWheelStore.getState().currentWheel
    const outcome = addLines('x\n'.repeat(3_000_000), Number.POSITIVE_INFINITY)
    expect(outcome.error).toBe(true)
    expect(outcome.message).toMatch(/too large/)
    expect(useWheelStore.getState().currentWheel).toBe(before)
  })

  it('takes back a paste, a shuffle, a sort and clear all one at a time, announcing each', () => {
    const original = texts()
    addLines('zebra\nant', 100)
    const pasted = texts()
    sortList()
    expect(useListUndo.getState().announcement).toBe('Sorted 8 items A to Z.')
    shuffleList()
    clearList()
    expect(texts()).toEqual([])
    expect(undoListChange()).toBe(true)
    expect(useListUndo.getState().announcement).toBe('Undid clear all: 8 items on the wheel.')
    undoListChange()
    expect(texts()).toEqual([...pasted].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })))
    undoListChange()
    expect(texts()).toEqual(pasted)
    undoListChange()
    expect(texts()).toEqual(original)
    expect(undoListChange()).toBe(false)
  })
})
