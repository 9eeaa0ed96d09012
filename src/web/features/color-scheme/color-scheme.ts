import { useSyncExternalStore } from 'react'
import { COLOR_SCHEME_KEY } from '../../../core/storage/keys'
import { readConsent } from '../../state/consent-storage'

/** Light or dark mode. ("Theme" is the wheel's palette: core/wheel/themes.ts.) */
export type ColorScheme = 'dark' | 'light'

const listeners = new Set<() => void>()

function current(): ColorScheme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

export function setColorScheme(scheme: ColorScheme): void {
  document.documentElement.classList.toggle('dark', scheme === 'dark')
  if (readConsent() !== 'declined') {
    try {
      localStorage.setItem(COLOR_SCHEME_KEY, scheme)
    } catch {
      // Storage full or blocked: the choice still applies for this visit.
    }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The colour scheme in force. The initial value is applied before paint by the script in index.html. */
export function useColorScheme(): [ColorScheme, () => void] {
  // Prerendered pages are drawn light; the browser's first render reads the real choice.
  const scheme = useSyncExternalStore(subscribe, current, () => 'light' as const)
  return [scheme, () => setColorScheme(scheme === 'dark' ? 'light' : 'dark')]
}
