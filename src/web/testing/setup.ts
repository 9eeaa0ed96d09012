import { configure } from '@testing-library/dom'
import { vi } from 'vitest'

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

// Nor do the channels an earlier file's modules opened: BroadcastChannel is the worker's, not the
// file's jsdom's, so a session store or saved-wheels start left from an earlier file would hear
// this file's tabs (and answer them). They are closed before each file, as a closed tab's are.
type Channels = { __whirlChannels?: Set<BroadcastChannel> }
const shared = globalThis as typeof globalThis & Channels
if (typeof BroadcastChannel !== 'undefined') {
  if (!shared.__whirlChannels) {
    const opened = new Set<BroadcastChannel>()
    shared.__whirlChannels = opened
    const Channel = BroadcastChannel
    globalThis.BroadcastChannel = class extends Channel {
      constructor(name: string) {
        super(name)
        opened.add(this)
      }
      override close() {
        opened.delete(this)
        super.close()
      }
    }
  }
  for (const channel of [...shared.__whirlChannels]) channel.close()
}

// A dialog or panel the app loads on use arrives through a dynamic import, which vitest transforms
// on first use: on a busy machine that took longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 10_000 })
