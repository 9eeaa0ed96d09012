import { describe, expect, it } from 'vitest'
import { createDefaultWheel } from './model'
import {
  sameContent,
  VERSION_EVERY_MS,
  VERSIONS_KEPT,
  versionsToFree,
  versionsToPrune,
  versionWanted,
} from './versions'

const NOW = new Date('2026-11-26T12:00:00.000Z')
const DAY = 86_400_000
const daysAgo = (days: number, n = 0) => new Date(NOW.getTime() - days * DAY - n * 1000).toISOString()
const stamps = (ages: number[]) =>
  ages.map((age, i) => ({ id: `v${i}`, createdAt: daysAgo(age, i), bytes: 100 }))

describe('versionsToPrune', () => {
  it('keeps every version of the last 30 days, however many', () => {
    expect(versionsToPrune(stamps(Array.from({ length: 60 }, (_, i) => i / 3)), NOW)).toEqual([])
  })

  it('keeps the newest 20 however old, and lets the older ones beyond them go', () => {
    const list = stamps(Array.from({ length: 25 }, (_, i) => 40 + i))
    const pruned = versionsToPrune(list, NOW)
    expect(pruned.map((v) => v.id)).toEqual(['v20', 'v21', 'v22', 'v23', 'v24'])
    expect(VERSIONS_KEPT).toBe(20)
  })

  it('past the newest 20, a version of the last 30 days stays and an older one goes', () => {
    const list = stamps([...Array.from({ length: 21 }, () => 1), 29, 31])
    expect(versionsToPrune(list, NOW).map((v) => v.id)).toEqual(['v22'])
  })
})

describe('versionWanted', () => {
  const at = (msAgo: number) => new Date(NOW.getTime() - msAgo).toISOString()
  it('keeps the first version, a restore, and a change that empties, halves or doubles a wheel', () => {
    expect(versionWanted({ itemsBefore: 16, itemsAfter: 17, newestAt: null, now: NOW })).toBe(true)
    expect(
      versionWanted({ itemsBefore: 16, itemsAfter: 16, newestAt: at(1000), now: NOW, forced: true }),
    ).toBe(true)
    expect(versionWanted({ itemsBefore: 16, itemsAfter: 0, newestAt: at(1000), now: NOW })).toBe(true)
    expect(versionWanted({ itemsBefore: 16, itemsAfter: 8, newestAt: at(1000), now: NOW })).toBe(true)
    expect(versionWanted({ itemsBefore: 0, itemsAfter: 16, newestAt: at(1000), now: NOW })).toBe(true)
  })
  it('while editing, at most one version per 10 minutes', () => {
    expect(versionWanted({ itemsBefore: 16, itemsAfter: 15, newestAt: at(1000), now: NOW })).toBe(false)
    expect(versionWanted({ itemsBefore: 16, itemsAfter: 15, newestAt: at(VERSION_EVERY_MS), now: NOW })).toBe(
      true,
    )
  })
})

describe('versionsToFree', () => {
  it('frees the oldest versions first, only as many as the quota needs', () => {
    const list = stamps([1, 5, 3])
    expect(versionsToFree(list, 1_000, 1_000)).toEqual([])
    expect(versionsToFree(list, 1_150, 1_000)?.map((v) => v.id)).toEqual(['v1', 'v2'])
  })
  it('answers null when the current wheels alone are over the quota', () => {
    expect(versionsToFree(stamps([1, 2]), 1_300, 1_000)).toBeNull()
  })
})

describe('sameContent', () => {
  const wheel = { ...createDefaultWheel(), updatedAt: daysAgo(1) }
  it('ignores the times and sees an item changed', () => {
    expect(sameContent(wheel, { ...wheel, updatedAt: daysAgo(0) })).toBe(true)
    const items = wheel.items.map((item, i) => (i === 0 ? { ...item, text: 'Other' } : item))
    expect(sameContent(wheel, { ...wheel, items })).toBe(false)
    expect(sameContent(wheel, { ...wheel, name: 'Other' })).toBe(false)
  })
})
