import {
  canAccessHistory,
  canAccessPresets,
  canImportWheels,
  canSaveWheels,
  getMaxItemsPerWheel,
  hasPremiumPlan,
  type PlanProfile,
} from '../../../core/plan/plan'

export type Plan = {
  isPremium: boolean
  maxItems: number
  canSave: boolean
  canImport: boolean
  canUsePresets: boolean
  canUseHistory: boolean
}

/** The named plan checks of the spec, for a profile (null for a visitor). */
export function planFor(profile: PlanProfile, now = new Date()): Plan {
  return {
    isPremium: hasPremiumPlan(profile, now),
    maxItems: getMaxItemsPerWheel(profile, now),
    canSave: canSaveWheels(profile, now),
    canImport: canImportWheels(profile, now),
    canUsePresets: canAccessPresets(profile, now),
    canUseHistory: canAccessHistory(profile, now),
  }
}

/**
 * The signed-in user's plan. Accounts are not part of the app yet, so everyone is a visitor on
 * the free plan; the accounts work replaces the profile source here.
 */
export function usePlan(): Plan {
  return planFor(null)
}
