import { vi } from 'vitest'
import type { Profile } from '../../core/account/profile'

export const PROFILE: Profile = {
  userId: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  planType: 'free',
  subscriptionStatus: 'inactive',
  subscriptionId: null,
  subscriptionExpiresAt: null,
  createdAt: '2025-07-26T12:00:00.000Z',
  updatedAt: '2025-07-26T12:00:00.000Z',
}

type Route = { status?: number; body: unknown }

/**
 * Replaces fetch with answers by "METHOD /path"; records every request. A route may be a list,
 * answered in order (the last one repeats).
 */
export function mockFetch(routes: Record<string, Route | Route[]>) {
  const calls: { method: string; url: string; body: unknown }[] = []
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined })
    const entry = routes[`${method} ${url}`]
    const route = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry
    if (!route) return new Response(JSON.stringify({ error: 'Not found.' }), { status: 404 })
    return new Response(JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

/** A stand-in EventSource that tests drive by hand. */
export class FakeEventSource {
  static instances: FakeEventSource[] = []
  static readonly CLOSED = 2
  readyState = 1
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

/** A stand-in for navigator.locks (exclusive locks, waiting in line, abortable while waiting). */
export class FakeLocks {
  private held = new Set<string>()
  private waiting = new Map<string, (() => void)[]>()

  request<T>(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: { name: string }) => T | Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const grant = () => {
        this.held.add(name)
        Promise.resolve()
          .then(() => callback({ name }))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name)
            this.waiting.get(name)?.shift()?.()
          })
      }
      if (!this.held.has(name)) return grant()
      const line = this.waiting.get(name) ?? []
      line.push(grant)
      this.waiting.set(name, line)
      options.signal?.addEventListener('abort', () => {
        const index = line.indexOf(grant)
        if (index < 0) return
        line.splice(index, 1)
        reject(new DOMException('The request was aborted.', 'AbortError'))
      })
    })
  }
}

/** A stand-in BroadcastChannel: delivers to the other channels of the same name, a tick later. */
export class FakeBroadcastChannel {
  static open: FakeBroadcastChannel[] = []
  onmessage: ((event: MessageEvent) => void) | null = null
  constructor(readonly name: string) {
    FakeBroadcastChannel.open.push(this)
  }
  postMessage(data: unknown) {
    const copy = JSON.parse(JSON.stringify(data))
    for (const other of FakeBroadcastChannel.open) {
      if (other === this || other.name !== this.name) continue
      setTimeout(() => other.onmessage?.(new MessageEvent('message', { data: copy })), 0)
    }
  }
  close() {
    FakeBroadcastChannel.open = FakeBroadcastChannel.open.filter((c) => c !== this)
  }
}
