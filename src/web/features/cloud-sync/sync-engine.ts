import * as z from 'zod/mini'
import {
  applyServerWheels,
  emptySyncState,
  pendingChanges,
  type SyncState,
  wheelsOfOtherAccount,
} from '../../../core/sync/merge'
import type { SyncChange, SyncResponse } from '../../../core/sync/protocol'
import type { Wheel } from '../../../core/wheel/model'
import { registerDeclinedDataRemover } from '../consent/data-removal'
import { useWheelStore } from '../wheel/wheel-store'
import { setSyncStatus } from './sync-status'

export const SYNC_STATE_KEY = 'whirl-sync'
const DEBOUNCE_MS = 800
const POLL_MS = 30_000
/** Changes go out in requests of about this size (the server reads up to 16 MiB). */
const BATCH_CHARS = 4_000_000
/** Browsers let a request outlive its page only up to 64 KiB. */
const KEEPALIVE_CHARS = 60_000

const stateSchema = z.object({
  userId: z.string(),
  cursor: z.int().check(z.gte(0)),
  synced: z.record(z.string(), z.string()),
})

function readState(): SyncState | null {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function writeState(state: SyncState) {
  try {
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify(state))
  } catch {
    // No room: the next sync starts from the cursor it had; the server answers the same again.
  }
}

class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function call(url: string, init?: RequestInit): Promise<SyncResponse> {
  const response = await fetch(url, { credentials: 'same-origin', ...init })
  const body = (await response.json().catch(() => null)) as (SyncResponse & { error?: string }) | null
  if (!response.ok || !body) {
    throw new SyncHttpError(response.status, body?.error ?? `The server answered ${response.status}.`)
  }
  return body
}

/** Splits changes into requests of a sensible size (a 10,000-item wheel is about 0.6 MB). */
function batches(changes: SyncChange[]): SyncChange[][] {
  const out: SyncChange[][] = []
  let current: SyncChange[] = []
  let size = 0
  for (const change of changes) {
    const chars = JSON.stringify(change).length
    if (current.length > 0 && size + chars > BATCH_CHARS) {
      out.push(current)
      current = []
      size = 0
    }
    current.push(change)
    size += chars
  }
  if (current.length > 0) out.push(current)
  return out
}

/**
 * Keeps this browser's saved wheels and the account's cloud copy in step while a premium user is
 * signed in: at start, after local changes (debounced), when the tab comes back or goes online, and
 * every 30 s. Returns the function that stops it.
 */
export function startCloudSync(userId: string): () => void {
  let state = readState()
  const foreign = wheelsOfOtherAccount(useWheelStore.getState().savedWheels, state, userId)
  if (foreign.size > 0) {
    useWheelStore.setState((s) => ({ savedWheels: s.savedWheels.filter((w) => !foreign.has(w.id ?? '')) }))
  }
  if (!state || state.userId !== userId) state = emptySyncState(userId)
  let stopped = false
  let running = false
  let again = false
  let readOnly = false
  let applying = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = false
  let leaving = false

  async function exchange(current: SyncState, sent: readonly Wheel[]): Promise<SyncResponse[]> {
    const changes = readOnly ? [] : pendingChanges(sent, current)
    if (changes.length === 0) return [await call(`/api/wheels?since=${current.cursor}`)]
    const answers: SyncResponse[] = []
    let since = current.cursor
    for (const batch of batches(changes)) {
      const body = JSON.stringify({ since, changes: batch })
      const answer = await call('/api/wheels/sync', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        // A small push may outlive the page (the tab is being closed right after a change).
        keepalive: leaving && body.length < KEEPALIVE_CHARS,
      })
      answers.push(answer)
      since = answer.cursor
    }
    return answers
  }

  async function run(): Promise<void> {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    setSyncStatus({ kind: 'syncing' })
    try {
      const sent = useWheelStore.getState().savedWheels
      const answers = await exchange(state as SyncState, sent)
      if (stopped) return
      for (const answer of answers) {
        const merged = applyServerWheels(
          useWheelStore.getState().savedWheels,
          sent,
          answer.wheels,
          state as SyncState,
          answer.cursor,
        )
        state = merged.state
        if (merged.changed) {
          applying = true
          useWheelStore.setState({ savedWheels: merged.wheels })
          applying = false
        }
        readOnly = !answer.canWrite
      }
      writeState(state as SyncState)
      setSyncStatus(
        readOnly
          ? {
              kind: 'read-only',
              message: 'Your wheels are read-only in the cloud until you subscribe again.',
            }
          : { kind: 'synced', at: Date.now() },
      )
    } catch (error) {
      if (error instanceof SyncHttpError && error.status === 403) {
        readOnly = true
        setSyncStatus({ kind: 'read-only', message: error.message })
      } else if (!navigator.onLine || error instanceof TypeError) {
        setSyncStatus({ kind: 'offline' })
      } else {
        setSyncStatus({ kind: 'error', message: (error as Error).message })
      }
    } finally {
      running = false
      if (again && !stopped) {
        again = false
        void run()
      }
    }
  }

  const soon = () => {
    clearTimeout(timer)
    pending = true
    timer = setTimeout(() => {
      pending = false
      void run()
    }, DEBOUNCE_MS)
  }
  const unsubscribe = useWheelStore.subscribe((s, previous) => {
    if (!applying && s.savedWheels !== previous.savedWheels) soon()
  })
  const onVisible = () => {
    leaving = document.visibilityState === 'hidden'
    if (!leaving) void run()
    else if (pending) {
      // Hidden (tab switched or closing) with a change still waiting: send it now.
      clearTimeout(timer)
      pending = false
      void run()
    }
  }
  const onOnline = () => void run()
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('online', onOnline)
  const poll = setInterval(() => {
    if (document.visibilityState === 'visible') void run()
  }, POLL_MS)
  void run()

  const stop = () => {
    stopped = true
    clearTimeout(timer)
    clearInterval(poll)
    unsubscribe()
    unregister()
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('online', onOnline)
    setSyncStatus({ kind: 'idle' })
  }
  // Declining cookies empties the saved wheels in this browser: that must not reach the account as
  // deletions, so sync stops and forgets its state (the cloud copy stays with the account).
  const unregister = registerDeclinedDataRemover(() => {
    stop()
    try {
      localStorage.removeItem(SYNC_STATE_KEY)
    } catch {
      // Storage unavailable: nothing to forget.
    }
  })
  return stop
}
