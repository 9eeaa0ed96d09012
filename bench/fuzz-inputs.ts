// The fuzz bench's hostile inputs (issue 33, finding 7): text PostgreSQL cannot store (U+0000, lone
// surrogates), 1 MB strings and 10,000-deep nesting, each put in place of one string of a request
// body that is otherwise valid (so that it reaches the deepest checks and the database), or sent
// as the whole body, a query value or a path parameter.
import fc from 'fast-check'
import { createDefaultWheel } from '../src/core/wheel/model'

export const DEEP = 10_000
/** A placeholder string, replaced in the JSON text by a 10,000-deep array (JSON.stringify cannot write one). */
const DEEP_MARK = '\u2063deep\u2063'
const deepJson = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`
const MEGABYTE = 'm'.repeat(1 << 20)

export const HOSTILE_VALUES: readonly string[] = [
  'Ann\u0000',
  '\u0000',
  'Ann\uD800',
  '\uDFFFBo',
  `${MEGABYTE}`,
  `${MEGABYTE.slice(0, 1000)}\u0000`,
  DEEP_MARK,
]

const at = '2026-11-26T12:00:00.000Z'
const wheel = {
  ...createDefaultWheel(),
  id: 'fuzz-w1',
  name: 'Friday raffle',
  items: [
    { id: 'i1', text: 'Ann', color: '#3b82f6' },
    { id: 'i2', text: 'Bo', color: '#ef4444' },
  ],
  createdAt: at,
  updatedAt: at,
}

/** A valid body of each endpoint that takes one (the others get a dictionary of every known key). */
const TEMPLATES: Record<string, unknown> = {
  '/api/account/register': {
    displayName: 'Ann',
    email: 'ann-fuzz@example.com',
    password: 'fuzz-secret-2',
    confirmPassword: 'fuzz-secret-2',
  },
  '/api/account/login': { email: 'fuzz@example.com', password: 'wrong-password' },
  '/api/account/forgot-password': { email: 'fuzz@example.com' },
  '/api/account/reset-password': {
    token: 'token',
    password: 'fuzz-secret-3',
    confirmPassword: 'fuzz-secret-3',
  },
  '/api/account/delete': { password: 'wrong-password' },
  '/api/profile': { displayName: 'Fuzz' },
  '/api/contact': {
    name: 'Ann',
    email: 'ann@example.com',
    subject: 'Hello',
    message: 'A message long enough to be sent.',
    type: 'general',
  },
  '/api/billing/create-subscription': { plan_type: 'premium', attempt_id: 'attempt-1234' },
  '/api/billing/activate-subscription': { subscription_id: 'I-FUZZ' },
  '/api/billing/verify-subscription': { subscription_id: 'I-FUZZ' },
  '/api/billing/cancel-subscription': { subscription_id: 'I-FUZZ', reason: 'No reason' },
  '/api/billing/create-payment': { attempt_id: 'attempt-1234' },
  '/api/billing/capture-payment': { order_id: 'ORDER-1', plan: 'premium' },
  '/api/billing/webhook': {
    id: 'WH-1',
    event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
    resource: { id: 'I-1' },
  },
  '/api/wheels/sync': { since: 0, changes: [{ id: 'fuzz-w1', base: null, wheel }] },
  '/api/themes/sync': { themes: [{ id: 't1', name: 'Sea', colors: ['#0ea5e9', '#f43f5e'] }], deleted: [] },
  '/api/shares': { wheel },
  '/api/draws': {
    name: 'Raffle',
    entries: [
      ['Ann', 1],
      ['Bo', 2],
    ],
  },
  '/api/draws/:id/reveal': { clientSeed: 'seed' },
}
const ANY_KEYS = {
  email: 'a@example.com',
  password: 'x',
  name: 'n',
  message: 'm',
  displayName: 'd',
  token: 't',
}

/** Every string leaf of `value` replaced in turn: the number of leaves, and the copy with leaf `n`. */
function replaceLeaf(value: unknown, n: number, by: string): { count: number; result: unknown } {
  let seen = 0
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return seen++ === n ? by : v
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    return v
  }
  const result = walk(value)
  return { count: seen, result }
}

/** JSON text of a value that may hold the deep mark. */
const toJson = (value: unknown) => JSON.stringify(value).split(JSON.stringify(DEEP_MARK)).join(deepJson)

/** A path parameter or query value: lone surrogates as the invalid UTF-8 bytes they would be. */
export function urlText(value: string): string {
  if (value === DEEP_MARK) return encodeURIComponent(deepJson)
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')
}

export const hostileInput = fc.record({
  value: fc.constantFrom(...HOSTILE_VALUES),
  /** Where it goes: in place of one string of a valid body, as the whole body, in the query or the path. */
  where: fc.constantFrom('leaf', 'leaf', 'leaf', 'leaf', 'body', 'query', 'param'),
  leaf: fc.nat(),
  signedIn: fc.constantFrom(true, true, true, false),
})
export type HostileInput = typeof hostileInput extends fc.Arbitrary<infer T> ? T : never

/** The request body of a hostile input for the endpoint at `path` (a route pattern). */
export function hostileBody(path: string, input: HostileInput): string {
  if (input.where === 'body') return toJson(input.value)
  const template = TEMPLATES[path] ?? ANY_KEYS
  const { count } = replaceLeaf(template, -1, '')
  if (input.where !== 'leaf' || count === 0) return toJson(template)
  return toJson(replaceLeaf(template, input.leaf % count, input.value).result)
}
