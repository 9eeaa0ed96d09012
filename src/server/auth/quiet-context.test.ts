import { AsyncLocalStorage } from 'node:async_hooks'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { users } from '../db/schema'
import { newUser, register } from '../testing/auth'
import { useTestApp } from '../testing/test-app'
import { betterAuthStorages, createQuietContext } from './quiet-context'

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

describe('AsyncLocalStorage only while a call is under way', () => {
  it('keeps a call’s context while another ends, and turns it off when the last one ends', async () => {
    const storage = new AsyncLocalStorage<string>()
    const quiet = createQuietContext(() => [storage])
    const slow = gate()
    const later = gate()
    let resumedLater: Promise<string | undefined> | undefined
    const first = quiet.run(() =>
      storage.run('first', async () => {
        await slow.opened
        // Born inside the call, run after every call has ended.
        resumedLater = later.opened.then(() => storage.getStore())
        return storage.getStore()
      }),
    )
    const second = await quiet.run(() => storage.run('second', async () => storage.getStore()))
    expect(second).toBe('second')
    expect(quiet.inFlight()).toBe(1)
    slow.open()
    expect(await first).toBe('first')
    expect(quiet.inFlight()).toBe(0)
    later.open()
    expect(await resumedLater).toBeUndefined()
    // The next call has its context again.
    expect(await quiet.run(() => storage.run('third', async () => storage.getStore()))).toBe('third')
  })

  it('a call that fails still ends', async () => {
    const storage = new AsyncLocalStorage<string>()
    const quiet = createQuietContext(() => [storage])
    const later = gate()
    let resumedLater: Promise<string | undefined> | undefined
    const failing = quiet.run(() =>
      storage.run('failing', async () => {
        resumedLater = later.opened.then(() => storage.getStore())
        throw new Error('refused')
      }),
    )
    await expect(failing).rejects.toThrow('refused')
    expect(quiet.inFlight()).toBe(0)
    later.open()
    expect(await resumedLater).toBeUndefined()
  })
})

describe('better-auth’s context in the server', () => {
  const server = useTestApp('pglite', { clean: [] })

  const inContext = () => betterAuthStorages().some((storage) => storage.getStore() !== undefined)

  it('is there inside a sign-up, and off once no sign-in call is under way', async () => {
    const profiles = server.app.accounts.profiles
    const ensure = profiles.ensure.bind(profiles)
    const held = gate()
    const later = gate()
    const seen: { email: string; afterWait?: boolean; resumed: Promise<boolean> }[] = []
    // better-auth calls this from its database hooks, inside its own context (the routes call it
    // again afterwards, outside: those calls are not looked at).
    const spy = vi.spyOn(profiles, 'ensure').mockImplementation(async (userId) => {
      if (!inContext()) return ensure(userId)
      const [row] = await server.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
      const entry: (typeof seen)[number] = { email: row?.email ?? '', resumed: later.opened.then(inContext) }
      seen.push(entry)
      if (entry.email.startsWith('held-')) {
        await held.opened
        entry.afterWait = inContext()
      }
      return ensure(userId)
    })
    try {
      const heldUser = { ...newUser(), email: `held-${Date.now()}@example.com` }
      const slow = register(server.app, heldUser, '10.9.0.1')
      // A sign-up hashes its password first: on a busy 2-core machine that took over a second.
      await vi.waitFor(() => expect(seen.map((s) => s.email)).toContain(heldUser.email), { timeout: 20_000 })
      // Another sign-up starts and ends while the first is still under way.
      const other = await register(server.app, newUser(), '10.9.0.2')
      expect(seen.map((s) => s.email)).toContain(other.user.email)
      held.open()
      await slow
      later.open()
      expect(seen.find((s) => s.email === heldUser.email)?.afterWait).toBe(true)
      // Continuations born inside the calls, run after both ended: the context is off.
      for (const entry of seen) expect(await entry.resumed).toBe(false)
    } finally {
      spy.mockRestore()
    }
  })
})
