import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeBroadcastChannel, FakeEventSource, FakeLocks, mockFetch, PROFILE } from '../testing/test-helpers'

type SessionModule = typeof import('./session-store')

/** A browser tab: its own copy of the session module, sharing locks and channels with the others. */
async function openTab(): Promise<SessionModule> {
  vi.resetModules()
  const tab = await import('./session-store')
  tab.startSession()
  return tab
}

const nameIn = (tab: SessionModule) => tab.useSessionStore.getState().profile?.displayName ?? null
const statusOf = (tab: SessionModule) => tab.useSessionStore.getState().status
const openStreams = () => FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED)

describe('session across tabs', () => {
  const tabs: SessionModule[] = []

  beforeEach(() => {
    FakeEventSource.instances = []
    FakeBroadcastChannel.open = []
    vi.stubGlobal('EventSource', FakeEventSource)
    vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel)
    vi.stubGlobal('navigator', { locks: new FakeLocks() })
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
  })
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.resetSessionForTests()
    vi.unstubAllGlobals()
  })

  async function signedInTab() {
    const tab = await openTab()
    tabs.push(tab)
    await vi.waitFor(() => expect(statusOf(tab)).toBe('signed-in'))
    return tab
  }

  it('opens one profile stream for all tabs, and every tab hears each change', async () => {
    const first = await signedInTab()
    const second = await signedInTab()
    const third = await signedInTab()
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(FakeEventSource.instances).toHaveLength(1)

    FakeEventSource.instances[0]?.emit('profile', { ...PROFILE, displayName: 'Everywhere' })
    expect(nameIn(first)).toBe('Everywhere')
    await vi.waitFor(() => expect([nameIn(second), nameIn(third)]).toEqual(['Everywhere', 'Everywhere']))
  })

  it('hands the stream to another tab when the streaming tab closes', async () => {
    const first = await signedInTab()
    const second = await signedInTab()
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1))

    tabs.splice(tabs.indexOf(first), 1)
    first.resetSessionForTests()
    await vi.waitFor(() => expect(openStreams()).toHaveLength(1))
    expect(FakeEventSource.instances).toHaveLength(2)
    openStreams()[0]?.emit('profile', { ...PROFILE, planType: 'monthly', subscriptionStatus: 'active' })
    expect(second.useSessionStore.getState().profile?.planType).toBe('monthly')
  })

  it('signs every tab out when the stream says the session ended, and streams no more', async () => {
    const first = await signedInTab()
    const second = await signedInTab()
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1))

    FakeEventSource.instances[0]?.emit('signed-out', {})
    expect(statusOf(first)).toBe('signed-out')
    await vi.waitFor(() => expect(statusOf(second)).toBe('signed-out'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(openStreams()).toHaveLength(0)
  })

  it('streams in every tab where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', {})
    await signedInTab()
    await signedInTab()
    await vi.waitFor(() => expect(openStreams()).toHaveLength(2))
  })
})
