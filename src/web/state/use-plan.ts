import {
  canAccessHistory,
  canAccessPresets,
  canImportWheels,
  canSaveWheels,
  getMaxItemsPerWheel,
  hasPremiumPlan,
  type PlanProfile,
} from '../../core/plan/plan'
import { useProfile } from './session-store'

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

/** The signed-in user's plan, live: it follows the profile stream, so premium unlocks without a reload. */
export function usePlan(): Plan {
  return planFor(useProfile())
}
