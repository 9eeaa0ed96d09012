import type { Wheel } from '../wheel/model'

/** One earlier version of a saved wheel, as GET /api/wheels/:id/versions lists it (no items). */
export type VersionSummary = {
  id: string
  /** When it was kept (the change that replaced it). */
  createdAt: string
  /** When its content was saved (the wheel's updatedAt then); null when unknown. */
  savedAt: string | null
  name: string
  itemCount: number
  bytes: number
}

export type VersionListResponse = { versions: VersionSummary[] }
export type VersionResponse = { version: VersionSummary & { wheel: Wheel } }

export const VERSION_MESSAGES = {
  premiumRequired:
    'Versions kept in your account need Premium. The versions kept in this browser stay listed.',
  invalid: 'That saved wheel or version is not valid.',
  gone: 'This version is no longer kept.',
}
