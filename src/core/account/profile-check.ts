import { PLAN_TYPES, type PlanType } from '../plan/definition'
import type { Profile } from './profile'

// The profile check every page runs on the session answer, without zod: `profileSchema` (zod) would
// put the validation library into the first load of every page for nine fields. It accepts exactly
// what `profileSchema` accepts and keeps the same fields (profile-check.test.ts holds the two to that).

const TEXT = ['userId', 'displayName', 'email', 'subscriptionStatus', 'createdAt', 'updatedAt'] as const
const TEXT_OR_NULL = ['subscriptionId', 'subscriptionExpiresAt'] as const

const isPlanType = (value: unknown): value is PlanType => (PLAN_TYPES as readonly unknown[]).includes(value)

/** The profile in `value`, unknown fields dropped; null when it is not a whole profile. */
export function readProfile(value: unknown): Profile | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const v = value as Record<string, unknown>
  for (const key of TEXT) if (typeof v[key] !== 'string') return null
  for (const key of TEXT_OR_NULL) if (v[key] !== null && typeof v[key] !== 'string') return null
  if (!isPlanType(v.planType)) return null
  return {
    userId: v.userId as string,
    displayName: v.displayName as string,
    email: v.email as string,
    planType: v.planType,
    subscriptionStatus: v.subscriptionStatus as string,
    subscriptionId: v.subscriptionId as string | null,
    subscriptionExpiresAt: v.subscriptionExpiresAt as string | null,
    createdAt: v.createdAt as string,
    updatedAt: v.updatedAt as string,
  }
}
