import fc from 'fast-check'
import { expect } from 'vitest'
import type { Schema } from '../schema'

/** Shared by the tests that hold a hand-written reader to its zod schema (not used by the app). */

/** Values that break one rule or another wherever they are put. */
export const oddValue = fc.constantFrom<unknown>(
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  Number.MAX_VALUE,
  '',
  ' ',
  'x',
  '__proto__',
  '#FFFFFF',
  '#ffffff',
  'y'.repeat(201),
  true,
  [],
  {},
  [1],
  { a: 1 },
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00.000Z',
)

type Path = (string | number)[]

/** Deep equality of JSON values: the same types, the same keys, the same leaves. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  const recordA = a as Record<string, unknown>
  const recordB = b as Record<string, unknown>
  return keysA.every((key) => Object.hasOwn(recordB, key) && sameJson(recordA[key], recordB[key]))
}

function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at]
  const children = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
  return [
    at,
    ...children.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], [...at, key])),
  ]
}

/**
 * `valid` values, and copies of them with one change somewhere: a part replaced by an odd value,
 * removed, or an unknown key added beside it. As JSON, like everything the readers are given.
 */
export function nearlyValid(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const changed = fc
    .tuple(valid, fc.nat(), oddValue, fc.constantFrom('set', 'remove', 'extra'))
    .map(([value, n, odd, how]) => {
      const copy = JSON.parse(JSON.stringify(value)) as unknown
      const paths = pathsOf(copy)
      const path = paths[n % paths.length] as Path
      if (path.length === 0) return how === 'set' ? odd : copy
      type Node = Record<string | number, unknown>
      const parent = path.slice(0, -1).reduce((v, key) => v[key] as Node, copy as Node)
      const key = path[path.length - 1] as string | number
      if (how === 'set') parent[key] = odd
      else if (how === 'remove') Array.isArray(parent) ? parent.splice(key as number, 1) : delete parent[key]
      else if (!Array.isArray(parent)) parent.extra = odd
      return JSON.parse(JSON.stringify(copy)) as unknown
    })
  return fc.oneof(
    valid.map((v) => JSON.parse(JSON.stringify(v)) as unknown),
    changed,
    changed,
  )
}

/**
 * Checks `strict` against `schema` on `runs` values: null exactly where the schema refuses, the
 * schema's result where it accepts, and the very value given where that result equals it. Both
 * answers must come up often, or the generator proves nothing.
 */
export function expectAgreement(
  schema: Schema<unknown>,
  strict: (value: unknown) => unknown,
  values: fc.Arbitrary<unknown>,
  runs = 2_000,
): void {
  let accepted = 0
  let refused = 0
  fc.assert(
    fc.property(values, (value) => {
      const zod = schema.safeParse(value)
      const ours = strict(value)
      if (!zod.success) {
        refused += 1
        expect(ours).toBeNull()
        return
      }
      accepted += 1
      expect(ours).toEqual(zod.data)
      if (sameJson(zod.data, value)) expect(ours).toBe(value)
    }),
    { numRuns: runs, seed: 20261123 },
  )
  expect(accepted).toBeGreaterThan(runs / 10)
  expect(refused).toBeGreaterThan(runs / 10)
}
