import { useSyncExternalStore } from 'react'
import { readConsent } from '../../state/consent-storage'

export type Theme = 'dark' | 'light'

const listeners = new Set<() => void>()

function current(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  if (readConsent() !== 'declined') {
    try {
      localStorage.setItem('theme', theme)
    } catch {
      // Storage full or blocked: the theme still applies for this visit.
    }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The theme in force. The initial value is applied before paint by the script in index.html. */
export function useTheme(): [Theme, () => void] {
  // Prerendered pages are drawn light; the browser's first render reads the real theme.
  const theme = useSyncExternalStore(subscribe, current, () => 'light' as const)
  return [theme, () => setTheme(theme === 'dark' ? 'light' : 'dark')]
}
