import { defaultState, type PersistedState } from '../storage/persisted-state'
import { parsePersistedState } from '../storage/read-state'
import { addWin } from '../wheel/operations'

/** Shared test data for the storage tests (not used by the app). */

export const entry = (i: number) => ({
  id: `e${i}`,
  result: { text: `Item ${i}`, color: '#ef4444' },
  wheelName: 'W',
  timestamp: new Date(1_700_000_000_000 + i).toISOString(),
})

export const item = (id: string, text = id, color = '#22c55e') => ({ id, text, color })

/** A valid current-version state with a tally, a saved wheel, history and a non-default setting. */
export function validState(): PersistedState {
  const state = defaultState()
  const first = state.currentWheel.items[0]?.id ?? ''
  state.currentWheel = addWin(state.currentWheel, first)
  state.savedWheels = [
    {
      ...state.currentWheel,
      id: 'w1',
      name: 'Lunch',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    },
  ]
  state.spinHistory = [entry(2), entry(1)]
  state.settings.autoSave = false
  return state
}

/** Stores `value` as JSON and reads it back. */
export const parse = (value: unknown) => parsePersistedState(JSON.stringify(value))
