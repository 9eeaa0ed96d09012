import { Crown } from 'lucide-react'
import type { ReactNode } from 'react'
import { hasPremiumPlan } from '../../core/plan/plan'
import { t } from '../i18n/i18n'
import { Link, Navigate } from '../router'
import { useSession } from '../state/session-store'
import { buttonClass } from '../ui/button-class'
import { LoadingPanel, RequireAuth } from './require-auth'

/**
 * A premium-only area: sign-in first (as RequireAuth), then for a signed-in user without premium
 * the 'Premium Required' panel (or a redirect to /subscription when `redirect` is set). Premium
 * unlocks live: the profile stream updates the session and this re-renders.
 */
export function RequirePremium({ children, redirect = false }: { children: ReactNode; redirect?: boolean }) {
  const { status, profile } = useSession()
  if (status === 'loading') return <LoadingPanel />
  if (status === 'signed-in' && !hasPremiumPlan(profile)) {
    if (redirect) return <Navigate to="/subscription" replace />
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <Crown aria-hidden className="mx-auto size-12 text-amber-500" />
        <h1 className="mt-4 text-2xl font-bold">{t('Premium Required')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t(
            'This feature is only available for premium subscribers. Upgrade your plan to unlock all features.',
          )}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/subscription" className={buttonClass()}>
            {t('Upgrade to Premium')}
          </Link>
          <Link to="/" className={buttonClass('outline')}>
            {t('Go Back')}
          </Link>
        </div>
      </div>
    )
  }
  return <RequireAuth>{children}</RequireAuth>
}
