import { UserRound } from 'lucide-react'
import { useCloudSync } from '../features/cloud-sync/use-cloud-sync'
import { t } from '../i18n/i18n'
import { Link } from '../router'
import { openAuthModal } from '../state/auth-modal-store'
import { useSession } from '../state/session-store'
import { buttonClass } from '../ui/button-class'

/** The header's account control: Sign In (opens the modal), or the display name linking to /profile. */
export function AccountButton() {
  const { status, profile } = useSession()
  // Mounted once, in the header of every page: saved wheels sync wherever the user is.
  useCloudSync()
  if (status === 'loading') {
    return (
      <span
        aria-hidden
        className="inline-block h-9 w-20 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800"
      />
    )
  }
  if (status === 'signed-in' && profile) {
    return (
      <Link
        to="/profile"
        className="inline-flex max-w-48 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
        data-testid="account-name"
      >
        <UserRound aria-hidden className="size-4 shrink-0" />
        <span className="truncate">{profile.displayName || profile.email}</span>
      </Link>
    )
  }
  return (
    <button type="button" onClick={() => openAuthModal('login')} className={buttonClass('primary', 'sm')}>
      {t('Sign In')}
    </button>
  )
}
