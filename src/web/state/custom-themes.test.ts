// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../testing/test-helpers'

const mine = { id: 'theme-a', name: 'Stream', colors: ['#0ea5e9', '#f43f5e'] }
const theirs = { id: 'theme-b', name: 'Class', colors: ['#22c55e', '#eab308'] }

async function fresh() {
  vi.resetModules()
  return import('./custom-themes')
}

describe('custom themes and the account they sync with', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.unstubAllGlobals())

  it('themes made here before any sync go to the account that signs in, which is then remembered', async () => {
    localStorage.setItem('whirl-custom-themes', JSON.stringify([mine]))
    const calls = mockFetch({ 'POST /api/themes/sync': { body: { themes: [mine], deleted: [] } } })
    const themes = await fresh()
    await themes.setCustomThemeSync('user-1')
    expect(calls[0]?.body).toEqual({ themes: [mine], deleted: [] })
    expect(localStorage.getItem('whirl-custom-themes-account')).toBe('user-1')
  })

  it('another account signing in on this browser never receives the first account’s themes', async () => {
    localStorage.setItem('whirl-custom-themes', JSON.stringify([mine]))
    localStorage.setItem('whirl-custom-themes-account', 'user-1')
    const calls = mockFetch({ 'POST /api/themes/sync': { body: { themes: [theirs], deleted: [] } } })
    const themes = await fresh()
    await themes.setCustomThemeSync('user-2')
    expect(calls[0]?.body).toEqual({ themes: [], deleted: [] })
    expect(themes.useCustomThemes.getState().themes).toEqual([theirs])
    expect(localStorage.getItem('whirl-custom-themes-account')).toBe('user-2')
  })
})
