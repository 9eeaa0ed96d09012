import { msg } from '../../../core/i18n/message-id'
import {
  applyServerWheels,
  emptySyncState,
  missingWheels,
  repairedSyncState,
  type SyncState,
  wheelsOfOtherAccount,
  withSentWheels,
} from '../../../core/sync/merge'
import type { SyncResponse } from '../../../core/sync/protocol'
import { newCheckedItems } from '../../../core/wheel/checks'
import type { Wheel } from '../../../core/wheel/model'
import { ApiError } from '../../api/client'
import { wheelsApi } from '../../api/wheels'
import { t } from '../../i18n/i18n'
import { savedWheelsRead } from '../../state/browser-data'
import {
  forgetDeletedWheels,
  getDeletedWheels,
  getSyncRecord,
  onSavedWheelsChange,
  storeSyncRecord,
  takeInCloudWheels,
} from '../../state/browser-data-sync'
import { registerDeclinedDataRemover } from '../../state/declined-data-removers'
import { setSyncStatus } from '../../state/sync-status'
import { useWheelStore } from '../../state/wheel-store'
import { batches, changesToPush, KEEPALIVE_CHARS, pullPages, pushBody } from './sync-requests'

const DEBOUNCE_MS = 800
const POLL_MS = 30_000

export const LOCAL_STORE_FULL_MESSAGE = msg(
  'This browser has no room left to store your wheels. They are safe in your account and stay open on this page; free up browser storage to keep them here too.',
)

/** After the server asked to come back later (429 or 503, Retry-After of 2–5 s), sync runs again in this long. */
const BUSY_RETRY_MS = 6_000

/** The sync status line's words while the account may read its wheels but not change them. */
export const READ_ONLY_MESSAGE = msg('Cloud sync is paused: read-only until you renew.')

/**
 * Keeps this browser's saved wheels and the account's cloud copy in step while a premium user is
 * signed in: at start, after local changes (debounced), when the tab comes back or goes online, and
 * every 30 s. Returns the function that stops it.
 *
 * `pullOnly` (a signed-in user without premium, whose wheels are read-only): the wheels are only
 * pulled, never pushed, whatever the server answers; a change made here waits for premium.
 */
export function startCloudSync(
  userId: string,
  { pullOnly = false }: { pullOnly?: boolean } = {},
): () => void {
  let state: SyncState = emptySyncState(userId)
  // The saved wheels and the sync record are read from the browser's database first.
  const ready = savedWheelsRead().then(async () => {
    const previous = getSyncRecord()
    const local = useWheelStore.getState().savedWheels
    const foreign = wheelsOfOtherAccount(local, previous, userId)
    if (foreign.size > 0) takeInCloudWheels(local.filter((w) => !foreign.has(w.id ?? '')))
    if (previous && previous.userId === userId) state = previous
    else if (previous) {
      forgetDeletedWheels(new Set(getDeletedWheels()))
      await storeSyncRecord(null)
    }
  })
  let stopped = false
  let running = false
  let again = false
  let readOnly = pullOnly
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = false
  let leaving = false
  /** The server's words for a push it refused for good (413: no room left in the account), until the user changes a wheel. */
  let refusal: string | null = null
  let retry: ReturnType<typeof setTimeout> | undefined

  /** The items of wheels to push already found to be as the server takes them (checks.ts). */
  const checked = newCheckedItems()

  /**
   * Pushes the changes in batches, each answer taken in and recorded by `settle` as it comes (an
   * upload the page leaves half-way resumes after its last answered batch), and answers the
   * pulls still to take in. Null when `settle` could not record an answer (the rest waits), or when
   * sync was stopped meanwhile.
   */
  async function exchange(
    current: SyncState,
    sent: readonly Wheel[],
    deleted: readonly string[],
    settle: (answer: SyncResponse) => Promise<boolean>,
  ): Promise<SyncResponse[] | null> {
    // A push refused for lack of room is not sent again as it was: only the user can make room.
    const changes = readOnly || refusal !== null ? [] : await changesToPush(sent, current, deleted, checked)
    // Signed out or declined while the changes were being found: nothing goes.
    if (stopped) return null
    if (changes.length === 0) return pullPages(current.cursor)
    let since = current.cursor
    const requests = await batches(changes)
    if (stopped) return null
    for (const batch of requests) {
      // The wheels the server stores as sent are not sent back: they are here already.
      const body = pushBody(since, batch)
      let answer: SyncResponse
      try {
        // A small push may outlive the page (the tab is being closed right after a change).
        answer = await wheelsApi.push(body, leaving && body.length < KEEPALIVE_CHARS)
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 413)) throw error
        refusal = error.message
        // The batches already taken in stay agreed; the rest waits until the user changes something.
        return pullPages(since)
      }
      const wheels = withSentWheels(answer.wheels, batch.changes)
      if (!wheels) throw new Error(t(msg('Could not sync your wheels.')))
      since = answer.cursor
      for (const change of batch.changes) if (change.wheel === null) pushedDeletes.add(change.id)
      if (stopped || !(await settle({ ...answer, wheels }))) return null
    }
    return []
  }

  /** Deletes the server has taken in during this exchange. */
  const pushedDeletes = new Set<string>()

  async function run(): Promise<void> {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    setSyncStatus({ kind: 'syncing' })
    try {
      await ready
      if (stopped) return
      const sent = useWheelStore.getState().savedWheels
      const deleted = getDeletedWheels()
      let current = state
      // Wheels agreed with the server that this browser lost (it could not store them): pull
      // everything again rather than ever telling the server they were deleted.
      const missing = missingWheels(sent, current, deleted)
      if (missing.length > 0) current = repairedSyncState(current, missing)
      pushedDeletes.clear()
      const take = (answer: SyncResponse) => {
        const merged = applyServerWheels(
          useWheelStore.getState().savedWheels,
          sent,
          answer.wheels,
          current,
          answer.cursor,
        )
        current = merged.state
        if (merged.changed) takeInCloudWheels(merged.wheels)
        readOnly = pullOnly || !answer.canWrite
      }
      // This page now agrees with the server on `current`, so it never pushes the same change twice.
      // The stored record of it moves only once this browser holds those wheels: while the store
      // refuses writes, a reload starts from the last stored record and asks for the same wheels
      // again, so none is skipped and none is ever taken for deleted.
      const keep = async (done: Set<string>) => {
        // The tombstones the server was told about are done.
        forgetDeletedWheels(done)
        state = current
        if (await storeSyncRecord(current)) return true
        setSyncStatus({ kind: 'error', message: t(LOCAL_STORE_FULL_MESSAGE) })
        return false
      }
      const answers = await exchange(current, sent, deleted, (answer) => {
        take(answer)
        return keep(new Set(pushedDeletes))
      })
      if (stopped || answers === null) return
      for (const answer of answers) take(answer)
      // And so are those of wheels the server never had. No answers left: each push's was recorded.
      const done = new Set(pushedDeletes)
      for (const id of deleted) if (current.synced[id] === undefined) done.add(id)
      if (answers.length === 0) forgetDeletedWheels(done)
      else if (!(await keep(done))) return
      setSyncStatus(
        readOnly
          ? { kind: 'read-only', message: t(READ_ONLY_MESSAGE) }
          : refusal !== null
            ? { kind: 'error', message: refusal }
            : { kind: 'synced', at: Date.now() },
      )
    } catch (error) {
      if (error instanceof ApiError && (error.status === 429 || error.status === 503)) {
        // The server asked to come back a little later (another device is pulling, or it is busy).
        setSyncStatus({ kind: 'error', message: error.message })
        clearTimeout(retry)
        retry = setTimeout(() => void run(), BUSY_RETRY_MS)
      } else if (error instanceof ApiError && error.status === 403) {
        readOnly = true
        setSyncStatus({ kind: 'read-only', message: t(READ_ONLY_MESSAGE) })
      } else if (!navigator.onLine || (error instanceof ApiError && error.status === 0)) {
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
  // The user changed or deleted something (here or in another tab): a refused push may fit now.
  // The wheels sync itself takes in do not come back here.
  const unsubscribe = onSavedWheelsChange(() => {
    refusal = null
    soon()
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
    clearTimeout(retry)
    clearInterval(poll)
    unsubscribe()
    unregister()
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('online', onOnline)
    setSyncStatus({ kind: 'idle' })
  }
  // Declining cookies empties the saved wheels in this browser: that must not reach the account as
  // deletions, so sync stops and forgets its state (the cloud copy stays with the account).
  // (The wheel store forgets the sync record with the wheels.)
  const unregister = registerDeclinedDataRemover(stop)
  return stop
}
