// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOCALE_KEY } from '../../core/storage/keys'
import { resetSessionForTests, useSessionStore } from '../state/session-store'
import { mockFetch, PROFILE } from '../testing/test-helpers'
import { LanguageMenu } from './language-menu'

/** The page's address, with location.assign recorded instead of loading another page. */
function stubLocation(pathname: string, search = '', hash = '') {
  const assign = vi.fn()
  vi.stubGlobal('location', { ...window.location, pathname, search, hash, assign })
  return assign
}

const menu = () => screen.getByRole('combobox', { name: 'Language' })

describe('the language menu', () => {
  beforeEach(() => {
    localStorage.clear()
    resetSessionForTests()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('lists the ten languages by their own names, the page language chosen', () => {
    render(<LanguageMenu />)
    const names = within(menu())
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(names).toEqual([
      'English',
      'Español',
      'Português (Brasil)',
      'Français',
      'Deutsch',
      'Italiano',
      '日本語',
      '한국어',
      'Türkçe',
      'العربية',
    ])
    expect((menu() as HTMLSelectElement).value).toBe('en')
  })

  it('remembers the choice and loads the same page at that language, query and hash kept', async () => {
    const calls = mockFetch({})
    useSessionStore.setState({ status: 'signed-out', profile: null })
    const assign = stubLocation('/wheel', '?tab=history', '#list')
    render(<LanguageMenu />)
    fireEvent.change(menu(), { target: { value: 'pt-BR' } })
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/pt-br/wheel?tab=history#list'))
    expect(localStorage.getItem(LOCALE_KEY)).toBe('pt-BR')
    // A visitor has no profile to keep it on.
    expect(calls).toEqual([])
  })

  it('goes back to the bare address for English, and from a language home page', async () => {
    mockFetch({})
    useSessionStore.setState({ status: 'signed-out', profile: null })
    const assign = stubLocation('/ja/saved')
    render(<LanguageMenu />)
    fireEvent.change(menu(), { target: { value: 'en' } })
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/saved'))
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en')
    cleanup()

    const home = stubLocation('/de')
    render(<LanguageMenu />)
    fireEvent.change(menu(), { target: { value: 'ar' } })
    await vi.waitFor(() => expect(home).toHaveBeenCalledWith('/ar'))
  })

  it("keeps a signed-in user's choice on the profile before the page changes", async () => {
    const calls = mockFetch({ 'PATCH /api/profile': { body: { profile: PROFILE } } })
    useSessionStore.setState({ status: 'signed-in', profile: PROFILE })
    const assign = stubLocation('/profile')
    render(<LanguageMenu />)
    fireEvent.change(menu(), { target: { value: 'ko' } })
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/ko/profile'))
    expect(calls).toEqual([{ method: 'PATCH', url: '/api/profile', body: { locale: 'ko' } }])
  })
})
