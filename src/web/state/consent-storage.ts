export type ConsentValue = 'accepted' | 'declined'

export const CONSENT_KEY = 'cookieConsent'
export const CONSENT_DATE_KEY = 'cookieConsentDate'
export const CONSENT_DELAY_MS = 2000

export function readConsent(): ConsentValue | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY)
    return value === 'accepted' || value === 'declined' ? value : null
  } catch {
    return null
  }
}

export function writeConsent(value: ConsentValue, now = new Date()): void {
  try {
    localStorage.setItem(CONSENT_KEY, value)
    localStorage.setItem(CONSENT_DATE_KEY, now.toISOString())
  } catch {
    // Storage full or blocked: the choice holds for this visit only.
  }
}
