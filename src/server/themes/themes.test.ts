import { describe, expect, it } from 'vitest'
import { MAX_CUSTOM_THEMES, THEME_SYNC_MESSAGES } from '../../core/sync/themes'
import type { CustomTheme } from '../../core/wheel/themes'
import { register, registerPremium, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const theme = (id: string, name = `Theme ${id}`): CustomTheme => ({
  id,
  name,
  colors: ['#0ea5e9', '#f43f5e'],
})

describe.each(DATABASE_KINDS)('cloud sync of custom themes on %s', (kind) => {
  const server = useTestApp(kind)

  const premium = () => registerPremium(server.app)
  const sync = (cookie: string, themes: CustomTheme[], deleted: string[] = []) =>
    send(server.app, '/api/themes/sync', { themes, deleted }, { cookie })
  const pull = (cookie: string) => send(server.app, '/api/themes', undefined, { cookie })

  it('keeps a premium user’s themes for their other devices, never for another user', async () => {
    const ada = await premium()
    const first = await sync(ada.cookie, [theme('t1', 'Stream')])
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ themes: [theme('t1', 'Stream')], deleted: [] })
    // A second device with a theme of its own gets both back.
    const second = await sync(ada.cookie, [theme('t2', 'Class')])
    expect(second.json().themes.map((t: CustomTheme) => t.name)).toEqual(['Stream', 'Class'])
    expect((await pull(ada.cookie)).json().themes).toHaveLength(2)

    const bob = await premium()
    expect((await pull(bob.cookie)).json()).toEqual({ themes: [], deleted: [] })
    expect((await send(server.app, '/api/themes')).statusCode).toBe(401)
  })

  it('a removed theme stays removed, even when a device that still holds it syncs', async () => {
    const ada = await premium()
    await sync(ada.cookie, [theme('t1'), theme('t2')])
    expect((await sync(ada.cookie, [theme('t2')], ['t1'])).json()).toEqual({
      themes: [theme('t2')],
      deleted: ['t1'],
    })
    // The other device still has t1 and has not heard of the removal.
    const stale = await sync(ada.cookie, [theme('t1'), theme('t2')])
    expect(stale.json()).toEqual({ themes: [theme('t2')], deleted: ['t1'] })
  })

  it('refuses free users, bad themes and more than 50, changing nothing', async () => {
    const free = await register(server.app)
    const refused = await sync(free.cookie, [theme('t1')])
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe(THEME_SYNC_MESSAGES.premiumRequired)
    // A free user (or a lapsed one) may still read what the account holds.
    expect((await pull(free.cookie)).statusCode).toBe(200)

    const ada = await premium()
    await sync(ada.cookie, [theme('keep')])
    const bad = await sync(ada.cookie, [{ id: 't1', name: 'One colour', colors: ['#000000'] }])
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe(THEME_SYNC_MESSAGES.invalid)
    const notHex = await sync(ada.cookie, [{ id: 't1', name: 'X', colors: ['red', 'blue'] }])
    expect(notHex.statusCode).toBe(400)

    const many = Array.from({ length: MAX_CUSTOM_THEMES }, (_, i) => theme(`n${i}`))
    const full = await sync(ada.cookie, many)
    expect(full.statusCode).toBe(409)
    expect(full.json().error).toBe(THEME_SYNC_MESSAGES.tooMany)
    expect((await pull(ada.cookie)).json()).toEqual({ themes: [theme('keep')], deleted: [] })
  })
})
