import { LogOut } from 'lucide-react'
import { useState } from 'react'
import type { Profile } from '../../../core/account'
import { closeAuthModal } from './auth-modal-store'
import { ErrorBox } from './form-parts'
import { DisplayNameEditor, memberSince, PlanBadge, SubscriptionStatus } from './profile-parts'
import { signOut } from './session-store'

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-700">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1">{children}</dd>
    </div>
  )
}

/** What the modal shows when the user is signed in. */
export function ProfileView({ profile }: { profile: Profile }) {
  const [error, setError] = useState<string | null>(null)
  return (
    <div>
      <ErrorBox message={error} />
      <div className="mb-2">
        <PlanBadge profile={profile} />
      </div>
      <dl>
        <Row label="Display Name">
          <DisplayNameEditor profile={profile} saveLabel="Save" />
        </Row>
        <Row label="Email">
          <span className="break-all">{profile.email}</span>
        </Row>
        <Row label="Member Since">{memberSince(profile.createdAt)}</Row>
        <Row label="Subscription Status">
          <SubscriptionStatus profile={profile} />
        </Row>
      </dl>
      <button
        type="button"
        onClick={async () => {
          try {
            await signOut()
            closeAuthModal()
          } catch (e) {
            setError((e as Error).message)
          }
        }}
        className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <LogOut aria-hidden className="size-4" />
        Sign Out
      </button>
    </div>
  )
}
