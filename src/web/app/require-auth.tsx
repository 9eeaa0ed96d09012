import { LockKeyhole } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { t } from '../i18n/i18n'
import { Navigate } from '../router'
import { openAuthModal } from '../state/auth-modal-store'
import { useSession } from '../state/session-store'
import { buttonClass } from '../ui/button-class'

/** The spinner shown while the session is being checked. */
export function LoadingPanel() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-24" role="status">
      <span
        aria-hidden
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500"
      />
      <p className="text-slate-600 dark:text-slate-300">{t('Loading...')}</p>
    </div>
  )
}

/**
 * A sign-in-required area: 'Loading...' while the session loads; for a visitor, the
 * 'Authentication Required' panel whose Sign In button opens the modal (or a redirect when
 * `redirectTo` is given); the content once signed in.
 */
export function RequireAuth({ children, redirectTo }: { children: ReactNode; redirectTo?: string }) {
  const { status } = useSession()
  if (status === 'loading') return <LoadingPanel />
  if (status === 'signed-out') {
    if (redirectTo) return <Navigate to={redirectTo} replace />
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <LockKeyhole aria-hidden className="mx-auto size-12 text-brand-600 dark:text-brand-500" />
        <h1 className="mt-4 text-2xl font-bold">{t('Authentication Required')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t('Please sign in to access this feature.')}
        </p>
        <button
          type="button"
          onClick={() => openAuthModal('login')}
          className={buttonClass('primary', 'md', 'mt-6')}
        >
          {t('Sign In')}
        </button>
      </div>
    )
  }
  return children
}

/**
 * A route module whose page needs sign-in, for the router:
 * `{ path: '/profile', lazy: () => signInRequired(import('../features/account/profile-page')) }`.
 */
export async function signInRequired(page: Promise<{ Component: ComponentType }>) {
  const { Component } = await page
  return {
    element: (
      <RequireAuth>
        <Component />
      </RequireAuth>
    ),
  }
}
