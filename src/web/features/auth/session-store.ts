import { useEffect } from 'react'
import { create } from 'zustand'
import { type Profile, profileSchema } from '../../../core/account'
import { authApi } from './auth-api'

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in'
export type SessionState = { status: SessionStatus; profile: Profile | null }

/**
 * Who is signed in, and their profile as the server last sent it. The profile follows the server
 * live (Server-Sent Events): a payment confirmed in another tab or by a webhook shows at once.
 * Other tabs of the app hear about sign-in and sign-out through a BroadcastChannel.
 */
export const useSessionStore = create<SessionState>(() => ({ status: 'loading', profile: null }))

const CHANNEL = 'whirl-auth'
let started = false
let stream: EventSource | null = null
let channel: BroadcastChannel | null = null
let retryTimer: ReturnType<typeof setTimeout> | null = null

function closeStream() {
  stream?.close()
  stream = null
  if (retryTimer) clearTimeout(retryTimer)
  retryTimer = null
}

function openStream() {
  if (stream || typeof EventSource === 'undefined') return
  const source = new EventSource('/api/profile/stream')
  stream = source
  source.addEventListener('profile', (event) => {
    try {
      const parsed = profileSchema.safeParse(JSON.parse((event as MessageEvent<string>).data))
      if (parsed.success) useSessionStore.setState({ status: 'signed-in', profile: parsed.data })
    } catch {
      // A malformed event is ignored; the next one carries the whole profile again.
    }
  })
  source.addEventListener('signed-out', () => applySignedOut(false))
  source.addEventListener('error', () => {
    // EventSource reconnects by itself unless the server refused the stream (e.g. no session).
    if (source.readyState !== EventSource.CLOSED || stream !== source) return
    stream = null
    retryTimer = setTimeout(() => void refreshSession(), 5000)
  })
}

function applySignedIn(profile: Profile, tell: boolean) {
  useSessionStore.setState({ status: 'signed-in', profile })
  openStream()
  if (tell) channel?.postMessage('changed')
}

function applySignedOut(tell: boolean) {
  closeStream()
  useSessionStore.setState({ status: 'signed-out', profile: null })
  if (tell) channel?.postMessage('changed')
}

/** Asks the server who is signed in (start-up, another tab changed it, the stream was refused). */
export async function refreshSession(): Promise<void> {
  try {
    const profile = await authApi.session()
    if (profile) applySignedIn(profile, false)
    else applySignedOut(false)
  } catch {
    // Offline or the server is down: a visitor for now, and try again shortly.
    if (useSessionStore.getState().status === 'loading') useSessionStore.setState({ status: 'signed-out' })
    if (!retryTimer) retryTimer = setTimeout(() => void refreshSession(), 10_000)
  }
}

/** Starts following the session once per page load. */
export function startSession(): void {
  if (started) return
  started = true
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = () => void refreshSession()
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
  await authApi.logout()
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

/** For tests: forget everything this module started. */
export function resetSessionForTests(): void {
  closeStream()
  channel?.close()
  channel = null
  started = false
  useSessionStore.setState({ status: 'loading', profile: null })
}
