import { UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { openAuthModal } from '../features/auth/auth-modal-store'
import { useSession } from '../features/auth/session-store'
import { useCloudSync } from '../features/cloud-sync/use-cloud-sync'

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
    <button
      type="button"
      onClick={() => openAuthModal('login')}
      className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
    >
      Sign In
    </button>
  )
}
