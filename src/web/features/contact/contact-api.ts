import type { ContactFields } from '../../../core/contact'

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
    const response = await fetchFn('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...fields, website }),
    })
    if (response.ok) return { ok: true }
    const reason = response.status < 500 ? await readError(response) : null
    console.error(`Failed to send the contact message: the server answered ${response.status}`, reason ?? '')
    return { ok: false, reason }
  } catch (error) {
    console.error('Failed to send the contact message:', error)
    return { ok: false, reason: null }
  }
}

async function readError(response: Response): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await response.text())
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = (body as { error: unknown }).error
      if (typeof error === 'string' && error.trim()) return error.trim().slice(0, 300)
    }
  } catch {
    // Not JSON: nothing to show beyond the standard banner.
  }
  return null
}
