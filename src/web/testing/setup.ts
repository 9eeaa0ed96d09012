import { configure } from '@testing-library/dom'
import { vi } from 'vitest'
import { closeOpenChannels } from './channels'

// The web files share a worker and its loaded libraries (React, Testing Library), but each file gets
// its own jsdom and its own copy of Whirl's modules: the stores, the session and the browser-data
// owner live at module level, and one file's state must not reach the next (decision 0067).
vi.resetModules()

// Nor does what an earlier file stored: each file opens as a first visit (files share the worker's
// browser storage; a wheel store imported with a stored state waits for its reader, as main.tsx
// does: testing/wheel-store-start.ts).
if (typeof localStorage !== 'undefined') {
  localStorage.clear()
  sessionStorage.clear()
}

// Nor do the channels an earlier file's modules opened (testing/channels.ts).
closeOpenChannels()

// A dialog or panel the app loads on use arrives through a dynamic import, which vitest transforms
// on first use: on a busy machine that took longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 10_000 })
