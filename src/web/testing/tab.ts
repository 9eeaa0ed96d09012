import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, vi } from 'vitest'
import { closeOpenChannels } from './channels'

/**
 * Makes each test of the calling `describe` a tab of its own, with empty storage and a database
 * of its own. The modules an earlier test loaded stay alive in the process, and without this their
 * window and document listeners and their channels would act in later tests (a `pagehide` would
 * write their wheels aside too; their notice would be "another tab's write"). What a test's modules
 * listen to is let go after it, as a closed tab lets go of it.
 */
export function eachTestATab(): void {
  const open: (() => void)[] = []
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('indexedDB', new IDBFactory())
    vi.stubGlobal('IDBKeyRange', IDBKeyRange)
    for (const target of [window, document] as EventTarget[]) {
      const add = target.addEventListener.bind(target)
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        add(type, listener, options)
        open.push(() => target.removeEventListener(type, listener, options))
      })
    }
  })
  afterEach(() => {
    for (const close of open.splice(0)) close()
    closeOpenChannels()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}
