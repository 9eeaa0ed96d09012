import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEXT_MESSAGES } from '../../core/text/storable'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { register, registerPremium, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

// Issue 33, finding 7: text PostgreSQL cannot store (U+0000, a lone surrogate) was a 500 on these
// endpoints. Each now answers 400 with the shared message and stores nothing.

const BAD = [
  ['U+0000', 'Ann\u0000', TEXT_MESSAGES.nul],
  ['a lone surrogate', 'Ann\uD800', TEXT_MESSAGES.loneSurrogate],
] as const

const at = new Date(Date.UTC(2026, 10, 26, 12)).toISOString()
const wheelWith = (text: string, name = 'Friday raffle'): Wheel => ({
  ...createDefaultWheel(),
  id: 'w1',
  name,
  items: [
    { id: 'i1', text, color: '#3b82f6' },
    { id: 'i2', text: 'Bo', color: '#ef4444' },
  ],
  createdAt: at,
  updatedAt: at,
})
const contact = (name: string) => ({
  name,
  email: 'ann@example.com',
  subject: 'Hello',
  message: 'A message long enough to be sent.',
  type: 'general',
})

describe.each(DATABASE_KINDS)('text the database cannot store, on %s', (kind) => {
  const server = useTestApp(kind, { clean: [] })
  let premium: { cookie: string; profile: { userId: string } }
  let ip = 0
  const nextIp = () => `10.33.7.${++ip}`

  beforeAll(async () => {
    premium = await registerPremium(server.app)
  })

  /** Every row that a refused request could have written, as one comparable text. */
  const stored = async () => {
    const parts: string[] = []
    for (const table of ['shares', 'draws', 'custom_themes', 'contact_messages', 'wheels', 'profiles']) {
      const result = (await server.database.db.execute(
        sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
          from "${table}" t`),
      )) as unknown as { rows: { n: number; h: string }[] }
      parts.push(`${table}:${result.rows[0]?.n}:${result.rows[0]?.h}`)
    }
    return parts.join(',')
  }

  const endpoints = (text: string) =>
    [
      ['POST /api/shares (item)', '/api/shares', { wheel: wheelWith(text) }],
      ['POST /api/shares (name)', '/api/shares', { wheel: wheelWith('Ann', text) }],
      ['POST /api/draws (entries)', '/api/draws', { name: 'Raffle', entries: [[text, 1]] }],
      ['POST /api/draws (name)', '/api/draws', { name: text, entries: [['Ann', 1]] }],
      [
        'POST /api/themes/sync',
        '/api/themes/sync',
        { themes: [{ id: 't1', name: text, colors: ['#0ea5e9', '#f43f5e'] }], deleted: [] },
      ],
      [
        'POST /api/wheels/sync',
        '/api/wheels/sync',
        { since: 0, changes: [{ id: 'w1', base: null, wheel: wheelWith(text) }] },
      ],
      ['POST /api/contact (name)', '/api/contact', contact(text)],
      ['POST /api/contact (message)', '/api/contact', { ...contact('Ann'), message: `Long enough ${text}` }],
    ] as const

  for (const [what, text, message] of BAD) {
    it(`answers 400 with "${message}" to ${what} everywhere, and stores nothing`, async () => {
      const before = await stored()
      for (const [label, url, body] of endpoints(text)) {
        const res = await send(server.app, url, body, { cookie: premium.cookie, ip: nextIp() })
        expect(`${label} → ${res.statusCode}`).toBe(`${label} → 400`)
        expect(res.json().error, label).toContain(message)
      }
      expect(await stored()).toBe(before)
    })

    it(`refuses ${what} in a reveal's client seed, and the draw stays unrevealed`, async () => {
      const made = await send(
        server.app,
        '/api/draws',
        { name: `Raffle (${what})`, entries: [['Ann', 1]] },
        premium,
      )
      expect(made.statusCode).toBe(201)
      const { id } = made.json()
      const res = await send(server.app, `/api/draws/${id}/reveal`, { clientSeed: `seed ${text}` }, premium)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe(`The client seed: ${message}`)
      expect((await send(server.app, `/api/draws/${id}`, undefined, premium)).json().revealedAt).toBeNull()
    })

    it(`refuses ${what} in account fields`, async () => {
      const name = await send(
        server.app,
        '/api/profile',
        { displayName: text },
        { ...premium, method: 'PATCH' },
      )
      expect(name.statusCode).toBe(400)
      expect(name.json().error).toBe(message)
      const signUp = await send(
        server.app,
        '/api/account/register',
        {
          displayName: 'Ann',
          email: 'ann-text@example.com',
          password: text.repeat(3),
          confirmPassword: text.repeat(3),
        },
        { ip: nextIp() },
      )
      expect(signUp.statusCode).toBe(400)
      expect(signUp.json().error).toBe(message)
      const { cookie } = await register(server.app, undefined, nextIp())
      const deletion = await send(server.app, '/api/account/delete', { password: text }, { cookie })
      expect(deletion.statusCode).toBe(400)
      expect(deletion.json().error).toBe(message)
    })
  }
})
