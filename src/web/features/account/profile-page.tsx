import { useState } from 'react'
import { t } from '../../i18n/i18n'
import { useNavigate } from '../../router'
import { useSession } from '../../state/session-store'
import { BackButton } from '../../ui/back-button'
import { ErrorBox } from '../../ui/field'
import { usePageTitle } from '../../ui/use-page-title'
import { AccountDataPanel } from './account-data-panel'
import { DisplayNameEditor, memberSince, PlanBadge } from './profile-parts'
import { SignOutButton } from './sign-out-button'
import { SubscriptionPanel } from './subscription-panel'

function Spinner() {
  return (
    <div className="flex justify-center py-24" role="status">
      <span
        aria-hidden
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500"
      />
      <span className="sr-only">{t('Loading your profile')}</span>
    </div>
  )
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-slate-200 py-4 first:border-t-0 dark:border-slate-800">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1">{children}</dd>
    </div>
  )
}

/** /profile: the signed-in user's details, display name editing, plan and sign-out. */
export function Component() {
  usePageTitle(t('User Profile'))
  const { profile } = useSession()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold">{t('User Profile')}</h1>
      {!profile ? (
        <Spinner />
      ) : (
        <div className="mt-6 space-y-6">
          <ErrorBox message={error} />
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <PlanBadge profile={profile} />
              <SignOutButton leave={() => navigate('/')} onError={setError} size="sm" />
            </div>
            <dl className="mt-4">
              <Item label={t('Display Name')}>
                <DisplayNameEditor profile={profile} saveLabel={t('Save Changes')} />
              </Item>
              <Item label={t('Email')}>
                <span className="break-all">{profile.email}</span>
              </Item>
              <Item label={t('Member Since')}>{memberSince(profile.createdAt)}</Item>
            </dl>
          </section>
          <SubscriptionPanel profile={profile} />
          <AccountDataPanel leave={() => navigate('/')} />
        </div>
      )}
    </div>
  )
}
