// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { useListUndo } from './list-undo'
import { useWheelStore } from './wheel-store'

const wheel = (texts: string[]): Wheel => ({
  ...createDefaultWheel(),
  id: 'w1',
  name: 'Class',
  items: texts.map((text, i) => ({ id: `i${i}`, text, color: i % 2 ? '#3b82f6' : '#ef4444' })),
})
const texts = () => useWheelStore.getState().currentWheel.items.map((i) => i.text)
const store = () => useWheelStore.getState()

describe('the wheel store’s edits', () => {
  beforeEach(() => {
    useWheelStore.setState({ currentWheel: wheel(['Ada', 'Ben', 'Ada']) })
    useListUndo.setState({ entries: [], announcement: '', seq: 0 })
  })

  it('adds, deletes and removes a winner, each taken back by Undo in turn', () => {
    expect(store().addItem('Cleo')).toBe(true)
    expect(store().removeItem('i1')).toBe(true)
    expect(store().removeWinner({ text: 'Ada', color: '#ef4444' })).toBe(true)
    expect(texts()).toEqual(['Ada', 'Cleo'])
    expect(store().removeWinner({ text: 'Nobody', color: '#ef4444' })).toBe(false)
    expect(store().undoListChange()).toBe(true)
    expect(useListUndo.getState().announcement).toBe('Undid the removed winner: 3 items on the wheel.')
    expect(texts()).toEqual(['Ada', 'Ada', 'Cleo'])
    store().undoListChange()
    store().undoListChange()
    expect(texts()).toEqual(['Ada', 'Ben', 'Ada'])
    expect(store().undoListChange()).toBe(false)
  })

  it('a preset replaces the wheel and Undo brings the old one back, name and id', () => {
    store().loadPreset({ id: 'p', name: 'Yes or no', description: '', category: 'Decision', items: [] })
    expect(store().currentWheel).toMatchObject({ id: null, name: 'Yes or no', items: [] })
    store().undoListChange()
    expect(store().currentWheel).toMatchObject({ id: 'w1', name: 'Class' })
  })

  it('a palette recolours every item in order and is kept as the wheel’s look', () => {
    store().applyPalette(['#000000', '#ffffff'])
    expect(store().currentWheel.items.map((i) => i.color)).toEqual(['#000000', '#ffffff', '#000000'])
    expect(store().currentWheel.look?.palette).toEqual(['#000000', '#ffffff'])
    store().setItemWeight('i0', 5)
    expect(store().currentWheel.items[0]?.weight).toBe(5)
  })
})
