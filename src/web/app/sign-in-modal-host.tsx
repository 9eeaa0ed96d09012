import { lazy, Suspense, useEffect } from 'react'
import { t } from '../i18n/i18n'
import { openAuthModal, useAuthModal } from '../state/auth-modal-store'

const SignInModal = lazy(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })))

/** Why a Google sign-in came back without signing in (better-auth's error codes). */
export function googleErrorMessage(code: string | null): string {
  if (code === 'account_not_linked') {
    return t('This email already has a Whirl account. Sign in with your email and password.')
  }
  if (code === 'access_denied') return t('Google sign-in was cancelled.')
  return t('Google sign-in did not complete. Please try again.')
}

/**
 * Renders the sign-in modal when it is open (its code loads on first use), and opens it with a
 * message when Google sign-in came back with an error.
 */
export function SignInModalHost() {
  const open = useAuthModal((s) => s.open)

  useEffect(() => {
    const url = new URL(window.location.href)
    if (!url.searchParams.has('auth-error')) return
    const message = googleErrorMessage(url.searchParams.get('error'))
    url.searchParams.delete('auth-error')
    url.searchParams.delete('error')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    openAuthModal('login', message)
  }, [])

  if (!open) return null
  return (
    <Suspense fallback={null}>
      <SignInModal />
    </Suspense>
  )
}
