import type { Locale } from '../../core/i18n/locales'
import { request } from './client'

/**
 * Keeps a signed-in user's language on the profile (PATCH /api/profile with `{ locale }`), so the
 * mails Whirl sends follow it. Sent with keepalive: the language menu loads the other language's
 * page right after, and the request must outlive this one.
 */
export function saveProfileLocale(locale: Locale): Promise<void> {
  return request('/api/profile', { method: 'PATCH', body: { locale }, keepalive: true })
}
