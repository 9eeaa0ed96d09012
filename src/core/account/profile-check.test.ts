import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { profileSchema } from './profile'
import { readProfile } from './profile-check'

const valid = {
  userId: 'u1',
  displayName: 'Ada',
  email: 'ada@example.com',
  planType: 'monthly',
  subscriptionStatus: 'active',
  subscriptionId: null,
  subscriptionExpiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
}

// Each field is sometimes right, sometimes of another type, sometimes missing.
const anyValue = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.boolean(), fc.constant(undefined))
const mostly = <T>(right: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: right, weight: 5 }, { arbitrary: anyValue, weight: 1 })
const textOrNull = fc.oneof(fc.string(), fc.constant(null))
const profileLike = fc.record(
  {
    userId: mostly(fc.string()),
    displayName: mostly(fc.string()),
    email: mostly(fc.string()),
    planType: mostly(fc.constantFrom('free', 'monthly', 'yearly', 'FREE')),
    subscriptionStatus: mostly(fc.string()),
    subscriptionId: mostly(textOrNull),
    subscriptionExpiresAt: mostly(textOrNull),
    createdAt: mostly(fc.string()),
    updatedAt: mostly(fc.string()),
    extra: fc.string(),
  },
  { requiredKeys: ['userId', 'displayName', 'email', 'subscriptionStatus', 'createdAt', 'updatedAt'] },
)

describe('readProfile', () => {
  it('reads a whole profile and drops unknown fields', () => {
    expect(readProfile({ ...valid, password: 'x' })).toEqual(valid)
  })

  it('refuses what is not a profile', () => {
    for (const value of [null, undefined, 'profile', 7, [], [valid], { ...valid, planType: 'gold' }]) {
      expect(readProfile(value)).toBeNull()
    }
    const { email: _, ...withoutEmail } = valid
    expect(readProfile(withoutEmail)).toBeNull()
    expect(readProfile({ ...valid, subscriptionId: undefined })).toBeNull()
  })

  it('accepts exactly what the zod profile schema accepts, with the same result', () => {
    let accepted = 0
    fc.assert(
      fc.property(profileLike, (value) => {
        const zod = profileSchema.safeParse(value)
        if (zod.success) accepted += 1
        expect(readProfile(value)).toEqual(zod.success ? zod.data : null)
      }),
      { numRuns: 2000 },
    )
    // Both answers are exercised, not only the refusals.
    expect(accepted).toBeGreaterThan(50)
  })
})
