import type { ContactFields } from '../../core/contact/rules'
import { ApiError, errorOf, request } from './client'

export type SendResult = { ok: true } | { ok: false; reason: string | null }

/**
 * Posts the form to POST /api/contact. Never throws: a network failure or a non-OK answer is
 * `{ ok: false }`. For a 4xx answer (bad field, too many messages) `reason` is the server's own
 * sentence, worth showing; for a 5xx or a network failure it is null.
 */
export async function sendContactMessage(
  fields: ContactFields,
  website: string,
  fetchFn: typeof fetch = fetch,
): Promise<SendResult> {
  try {
    await request('/api/contact', { method: 'POST', body: { ...fields, website }, fetch: fetchFn })
    return { ok: true }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) {
      console.error('Failed to send the contact message:', error)
      return { ok: false, reason: null }
    }
    const reason = error.status < 500 ? errorOf(error.body) : null
    console.error(`Failed to send the contact message: the server answered ${error.status}`, reason ?? '')
    return { ok: false, reason }
  }
}
