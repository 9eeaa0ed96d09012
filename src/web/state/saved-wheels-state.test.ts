import { afterEach, describe, expect, it } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { loadLocale, t } from '../i18n/i18n'
import {
  SAVED_FAILED_MESSAGE,
  SAVED_FULL_MESSAGE,
  SAVED_UNREAD_MESSAGE,
  type SavedStore,
  saved,
  setProblem,
  showProblem,
} from './saved-wheels-state'

const WHEEL_UNREAD = 'Your wheel could not be read just now.'

function pageStore(): SavedStore {
  return createStore(() => ({
    savedWheels: [],
    savedWheelsLoaded: false,
    savedSummaries: null,
    storageProblem: null as string | null,
  }))
}

describe('storage problems on the page', () => {
  afterEach(() => loadLocale('en'))

  it('shows the newest, and one taken back uncovers the one before it rather than clearing both', () => {
    saved.problems = []
    const store = pageStore()
    saved.store = store
    setProblem(SAVED_UNREAD_MESSAGE, [])
    expect(store.getState().storageProblem).toBe(SAVED_UNREAD_MESSAGE)
    setProblem(WHEEL_UNREAD, [WHEEL_UNREAD])
    expect(store.getState().storageProblem).toBe(WHEEL_UNREAD)
    // The wheel's code loaded: its message goes, the saved wheels' still stands.
    setProblem(null, [WHEEL_UNREAD])
    expect(store.getState().storageProblem).toBe(SAVED_UNREAD_MESSAGE)
  })

  it('takes back only its owner’s messages', () => {
    saved.problems = []
    const store = pageStore()
    saved.store = store
    setProblem(SAVED_FULL_MESSAGE, [SAVED_FULL_MESSAGE, SAVED_FAILED_MESSAGE])
    setProblem(SAVED_FAILED_MESSAGE, [SAVED_FULL_MESSAGE, SAVED_FAILED_MESSAGE])
    // Another owner taking back its message leaves this one standing.
    setProblem(null, [WHEEL_UNREAD])
    expect(store.getState().storageProblem).toBe(SAVED_FAILED_MESSAGE)
    setProblem(null, [SAVED_FULL_MESSAGE, SAVED_FAILED_MESSAGE])
    expect(store.getState().storageProblem).toBeNull()
  })

  it('is kept in English and shown in the language the page has when it renders, so a change of language never strands it', async () => {
    saved.problems = []
    const store = pageStore()
    saved.store = store
    setProblem(SAVED_FULL_MESSAGE, [SAVED_FULL_MESSAGE])
    await loadLocale('de')
    expect(store.getState().storageProblem).toBe(SAVED_FULL_MESSAGE)
    expect(t(SAVED_FULL_MESSAGE)).not.toBe(SAVED_FULL_MESSAGE)
    setProblem(null, [SAVED_FULL_MESSAGE])
    expect(store.getState().storageProblem).toBeNull()
  })

  it('a problem met before the store is handed over shows once it is', () => {
    saved.problems = []
    saved.store = null
    setProblem(WHEEL_UNREAD, [WHEEL_UNREAD])
    const store = pageStore()
    saved.store = store
    showProblem()
    expect(store.getState().storageProblem).toBe(WHEEL_UNREAD)
  })
})
