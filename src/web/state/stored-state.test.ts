// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { BACKUP_KEY, STORE_KEY } from '../../core/storage/keys'
import { validState } from '../../core/testing/state-fixtures'
import { readStored } from './stored-state'

describe('the wheel state a page starts with', () => {
  beforeEach(() => localStorage.clear())

  it('is the defaults, fresh (to be put in the page’s language), when nothing is stored', () => {
    expect(readStored()).toMatchObject({ fresh: true, state: { savedWheels: [], spinHistory: [] } })
    expect(localStorage.getItem(BACKUP_KEY)).toBeNull()
  })

  it('is the stored state, not fresh, when it is whole', () => {
    const state = validState()
    localStorage.setItem(STORE_KEY, JSON.stringify(state))
    expect(readStored()).toEqual({ state, fresh: false, repaired: false })
    expect(localStorage.getItem(BACKUP_KEY)).toBeNull()
  })

  it('mends a damaged state, not fresh, and keeps its text as a backup', () => {
    const state = validState()
    const good = state.currentWheel.items[0]
    const text = JSON.stringify({
      ...state,
      currentWheel: { ...state.currentWheel, items: [good, { id: 'x', text: 42, color: 'red' }] },
    })
    localStorage.setItem(STORE_KEY, text)
    const { state: repaired, fresh, repaired: mended } = readStored()
    expect(fresh).toBe(false)
    expect(mended).toBe(true)
    // The number becomes text and the unreadable colour the default blue; the good item is kept as it was.
    expect(repaired.currentWheel.items).toEqual([good, { id: 'x', text: '42', color: '#3b82f6' }])
    expect(localStorage.getItem(BACKUP_KEY)).toBe(text)
  })
})
