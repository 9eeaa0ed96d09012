import { create } from 'zustand'

/** The editor's own switches, kept in this browser: Advanced shows each item's weight field. */
const KEY = 'whirl-editor-advanced'

function readAdvanced(): boolean {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export const useEditorPrefs = create<{ advanced: boolean; setAdvanced(on: boolean): void }>()((set) => ({
  advanced: typeof window === 'undefined' ? false : readAdvanced(),
  setAdvanced: (on) => {
    set({ advanced: on })
    try {
      if (on) localStorage.setItem(KEY, '1')
      else localStorage.removeItem(KEY)
    } catch {
      // Storage unavailable: the switch holds for this page.
    }
  },
}))
