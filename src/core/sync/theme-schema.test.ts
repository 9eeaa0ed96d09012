import fc from 'fast-check'
import { describe, it } from 'vitest'
import { expectAgreement, nearlyValid } from '../testing/schema-agreement'
import { strictCustomTheme } from '../wheel/themes'
import { customThemeSchema } from './theme-schema'

/** Mostly values from `good`, now and then one from `bad`. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: bad, weight: 1 })
const themeArb = fc.record({
  id: mostly(fc.constantFrom('t1', 'theme-2', 'x'.repeat(64)), fc.constant('x'.repeat(65))),
  name: mostly(
    fc.constantFrom('Sea', ' Sea ', 'n'.repeat(40)),
    fc.constantFrom('n'.repeat(41), '  ', 'S\u0000', '\uD800'),
  ),
  colors: mostly(
    fc.array(fc.constantFrom<string>('#0ea5e9', '#f43f5e', '#ffffff'), { minLength: 2, maxLength: 12 }),
    fc.array(fc.constantFrom<string>('#0ea5e9', '#FFF'), { minLength: 0, maxLength: 13 }),
  ),
})

describe('custom themes read without zod', () => {
  it('agree with the zod theme schema', () => {
    expectAgreement(customThemeSchema, strictCustomTheme, nearlyValid(themeArb))
  })
})
