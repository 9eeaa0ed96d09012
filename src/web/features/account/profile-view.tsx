import { useState } from 'react'
import type { Profile } from '../../../core/account/profile'
import { t } from '../../i18n/i18n'
import { closeAuthModal } from '../../state/auth-modal-store'
import { ErrorBox } from '../../ui/field'
import { DisplayNameEditor, memberSince, PlanBadge, SubscriptionStatusLine } from './profile-parts'
import { SignOutButton } from './sign-out-button'

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
        <Row label={t('Display Name')}>
          <DisplayNameEditor profile={profile} saveLabel={t('Save')} />
        </Row>
        <Row label={t('Email')}>
          <span className="break-all">{profile.email}</span>
        </Row>
        <Row label={t('Member Since')}>{memberSince(profile.createdAt)}</Row>
        <Row label={t('Subscription Status')}>
          <SubscriptionStatusLine profile={profile} />
        </Row>
      </dl>
      <SignOutButton done={closeAuthModal} onError={setError} className="mt-4 w-full" />
    </div>
  )
}
