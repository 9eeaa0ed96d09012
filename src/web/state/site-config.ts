const FALLBACK_SUPPORT_EMAIL = 'support@whirl.localhost'

/** The support address the server wrote into the page (SUPPORT_EMAIL). */
export function supportEmail(): string {
  // While prerendering there is no document: keep the placeholder, which the server fills in.
  if (typeof document === 'undefined') return '%WHIRL_SUPPORT_EMAIL%'
  const value = document.querySelector<HTMLMetaElement>('meta[name="whirl-support-email"]')?.content ?? ''
  return value.includes('@') && !value.includes('%') ? value : FALLBACK_SUPPORT_EMAIL
}
