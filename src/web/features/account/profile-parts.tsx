import { Crown, Pencil } from 'lucide-react'
import { useId, useState } from 'react'
import type { Profile } from '../../../core/account/profile'
import { DISPLAY_NAME_MAX, displayNameError } from '../../../core/account/rules'
import { msg } from '../../../core/i18n/message-id'
import { PLAN_NAMES } from '../../../core/plan/definition'
import { hasPremiumPlan, hasSubscriptionStatus } from '../../../core/plan/plan'
import { authApi } from '../../api/auth'
import { intlLocale, t } from '../../i18n/i18n'
import { profileChanged } from '../../state/session-store'
import { Button } from '../../ui/button'
import { TextInput } from '../../ui/text-input'
import { useFormSubmit } from '../../ui/use-form-submit'

/** The subscription statuses the server sends, by name. */
const STATUS_NAMES: Record<string, string> = {
  active: msg('Active'),
  inactive: msg('Inactive'),
  cancelled: msg('Cancelled'),
  expired: msg('Expired'),
  suspended: msg('Suspended'),
}

/** 'Member Since': a long date in the page's language ("July 26, 2025" in English), or N/A. */
export function memberSince(createdAt: string | null | undefined): string {
  const time = createdAt ? Date.parse(createdAt) : Number.NaN
  if (Number.isNaN(time)) return t('N/A')
  return new Date(time).toLocaleDateString(intlLocale(), { year: 'numeric', month: 'long', day: 'numeric' })
}

/**
 * The status text of the subscription: a known status in the page's language, another one as the
 * server sent it (capitalised); 'Inactive' by default.
 */
export function statusText(profile: Profile | null): string {
  const status = profile?.subscriptionStatus?.trim().toLowerCase()
  if (!status) return t('Inactive')
  const known = STATUS_NAMES[status]
  return known ? t(known) : status.charAt(0).toUpperCase() + status.slice(1)
}

export const planName = (profile: Profile | null) =>
  hasPremiumPlan(profile) ? t('{plan} (Monthly)', { plan: PLAN_NAMES.monthly }) : t('Free')

export function PlanBadge({ profile }: { profile: Profile | null }) {
  return hasPremiumPlan(profile) ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
      <Crown aria-hidden className="size-3.5" />
      {t('Premium')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-200 px-3 py-1 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
      {t('Free Plan')}
    </span>
  )
}

/** Green dot when the subscription is active, grey otherwise, then the status text. */
export function SubscriptionStatusLine({ profile }: { profile: Profile | null }) {
  const active = hasSubscriptionStatus(profile, 'active')
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden
        data-testid="status-dot"
        className={`size-2.5 rounded-full ${active ? 'bg-green-500' : 'bg-slate-400 dark:bg-slate-500'}`}
      />
      {statusText(profile)}
    </span>
  )
}

/**
 * The display name with inline editing: view, then edit, then Save or Cancel. The server has the
 * last word (the same rules), and the new name reaches every open tab through the profile stream.
 */
export function DisplayNameEditor({ profile, saveLabel }: { profile: Profile; saveLabel: string }) {
  const inputId = useId()
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const { error, setError, busy, submit, edited } = useFormSubmit()

  const start = () => {
    setValue(profile.displayName)
    setError(null)
    setEditing(true)
  }

  const save = submit(
    () => displayNameError(value),
    async () => {
      profileChanged(await authApi.updateDisplayName(value.trim()))
      setEditing(false)
    },
  )

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3">
        <span className={`min-w-0 break-words ${profile.displayName ? '' : 'italic text-slate-500'}`}>
          {profile.displayName || t('Not set')}
        </span>
        <button
          type="button"
          onClick={start}
          aria-label={t('Edit display name')}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800"
        >
          <Pencil aria-hidden className="size-4" />
          {t('Edit')}
        </button>
      </div>
    )
  }

  return (
    <form onSubmit={save} noValidate>
      <label htmlFor={inputId} className="sr-only">
        {t('Display Name')}
      </label>
      <TextInput
        id={inputId}
        autoFocus
        value={value}
        maxLength={DISPLAY_NAME_MAX * 2}
        placeholder={t('Enter display name')}
        onChange={edited(setValue)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation()
            setEditing(false)
          }
        }}
        aria-invalid={!!error}
        invalid={!!error}
      />
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? t('Saving...') : saveLabel}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  )
}
