import { useEffect } from 'react'
import { create } from 'zustand'
import type { Profile } from '../../core/account/profile'
import { readProfile } from '../../core/account/profile-check'
import { sessionApi } from '../api/session'

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in'
export type SessionState = { status: SessionStatus; profile: Profile | null }

/**
 * Who is signed in, and their profile as the server last sent it. The profile follows the server
 * live (Server-Sent Events): a payment confirmed in another tab or by a webhook shows at once.
 *
 * One tab streams for all: the tab holding a Web Lock opens the one EventSource and relays what
 * it hears to the other tabs through a BroadcastChannel (a browser allows six connections per
 * server over HTTP/1.1, so a stream per tab would stall the seventh tab). When that tab closes,
 * the lock passes to another tab, whose new stream starts with the current profile.
 */
export const useSessionStore = create<SessionState>(() => ({ status: 'loading', profile: null }))

const CHANNEL = 'whirl-auth'
const STREAM_LOCK = 'whirl-profile-stream'

/** What tabs tell each other: 'changed' (signed in or out here: ask the server), or a relay. */
type TabMessage = 'changed' | { type: 'profile'; profile: unknown } | { type: 'signed-out' }

let started = false
let channel: BroadcastChannel | null = null
let stream: EventSource | null = null
let retryTimer: ReturnType<typeof setTimeout> | null = null
/** Whether this tab wants the profile followed (signed in), and whether it is the one streaming. */
let following = false
let streaming = false
let leaveLock: (() => void) | null = null

const post = (message: TabMessage) => channel?.postMessage(message)

function closeStream() {
  stream?.close()
  stream = null
  if (retryTimer) clearTimeout(retryTimer)
  retryTimer = null
}

function acceptProfile(data: unknown): boolean {
  const profile = readProfile(data)
  if (profile) applySignedIn(profile, false)
  return profile !== null
}

function openStream() {
  if (stream || !streaming || typeof EventSource === 'undefined') return
  const source = new EventSource('/api/profile/stream')
  stream = source
  source.addEventListener('profile', (event) => {
    try {
      const data: unknown = JSON.parse((event as MessageEvent<string>).data)
      if (acceptProfile(data)) post({ type: 'profile', profile: data })
    } catch {
      // A malformed event is ignored; the next one carries the whole profile again.
    }
  })
  source.addEventListener('signed-out', () => {
    post({ type: 'signed-out' })
    applySignedOut(false)
  })
  source.addEventListener('error', () => {
    // EventSource reconnects by itself unless the server refused the stream (e.g. no session).
    if (source.readyState !== EventSource.CLOSED || stream !== source) return
    stream = null
    retryTimer = setTimeout(() => void refreshSession(true), 5000)
  })
}

/** Starts following the profile: streams at once, or waits in line for the lock. */
function follow() {
  if (following) return
  following = true
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks || !channel) {
    streaming = true
    leaveLock = null
    openStream()
    return
  }
  const abort = new AbortController()
  let release: (() => void) | null = null
  leaveLock = () => {
    abort.abort()
    release?.()
  }
  locks
    .request(STREAM_LOCK, { signal: abort.signal }, () => {
      if (abort.signal.aborted) return undefined
      return new Promise<void>((resolve) => {
        release = resolve
        streaming = true
        openStream()
      })
    })
    .catch(() => {
      // Aborted while waiting in line: this tab stopped following.
    })
}

function unfollow() {
  following = false
  streaming = false
  closeStream()
  leaveLock?.()
  leaveLock = null
}

function applySignedIn(profile: Profile, tell: boolean) {
  useSessionStore.setState({ status: 'signed-in', profile })
  follow()
  openStream()
  if (tell) post('changed')
}

function applySignedOut(tell: boolean) {
  unfollow()
  useSessionStore.setState({ status: 'signed-out', profile: null })
  if (tell) post('changed')
}

function onTabMessage(message: TabMessage) {
  if (message === 'changed') return void refreshSession()
  if (message.type === 'profile') acceptProfile(message.profile)
  else if (message.type === 'signed-out') applySignedOut(false)
}

/**
 * Asks the server who is signed in (start-up, another tab changed it, the stream was refused).
 * `tell`: let the other tabs know when the answer is that nobody is signed in any more.
 */
export async function refreshSession(tell = false): Promise<void> {
  try {
    const profile = await sessionApi.session()
    if (profile) applySignedIn(profile, false)
    else applySignedOut(tell)
  } catch {
    // Offline or the server is down: a visitor for now, and try again shortly.
    if (useSessionStore.getState().status === 'loading') useSessionStore.setState({ status: 'signed-out' })
    if (!retryTimer) retryTimer = setTimeout(() => void refreshSession(tell), 10_000)
  }
}

/** Starts following the session once per page load. */
export function startSession(): void {
  if (started) return
  started = true
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (event: MessageEvent<TabMessage>) => onTabMessage(event.data)
  }
  void refreshSession()
}

/** Call after a successful sign-in, registration or password reset. */
export const signedIn = (profile: Profile) => applySignedIn(profile, true)

/**
 * Signs out on the server, then here and in every other tab. `then` runs in between (e.g. leave a
 * page that needs sign-in before it would show its sign-in panel).
 */
export async function signOut(then?: () => void): Promise<void> {
  await sessionApi.logout()
  then?.()
  applySignedOut(true)
}

/** Replaces the profile after a change this tab made (the stream confirms it too). */
export const profileChanged = (profile: Profile) => useSessionStore.setState({ status: 'signed-in', profile })

/** The session: 'loading' until the server has answered, then signed in (with the profile) or out. */
export function useSession(): SessionState {
  useEffect(startSession, [])
  const status = useSessionStore((s) => s.status)
  const profile = useSessionStore((s) => s.profile)
  return { status, profile }
}

/** The signed-in user's profile, null for a visitor (and while loading). */
export function useProfile(): Profile | null {
  useEffect(startSession, [])
  return useSessionStore((s) => s.profile)
}

/** For tests: forget everything this module started, as if the tab had closed. */
export function resetSessionForTests(): void {
  unfollow()
  channel?.close()
  channel = null
  started = false
  useSessionStore.setState({ status: 'loading', profile: null })
}
