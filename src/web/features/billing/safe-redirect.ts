/** Only http(s) addresses are followed: an approval_url of any other scheme is refused. */
export function safeRedirectUrl(value: string): string | null {
  try {
    const url = new URL(value, window.location.origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
