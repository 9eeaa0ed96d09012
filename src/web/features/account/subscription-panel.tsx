import { Crown, RefreshCw, TriangleAlert } from 'lucide-react'
import type { Profile } from '../../../core/account/profile'
import {
  daysUntilExpiry,
  hasPremiumPlan,
  hasSubscriptionStatus,
  isExpiringSoon,
} from '../../../core/plan/plan'
import { t } from '../../i18n/i18n'
import { money } from '../../i18n/money'
import { Link } from '../../router'
import { useTrial } from '../../state/use-trial'
import { buttonClass } from '../../ui/button-class'
import { Dialog } from '../../ui/dialog'
import { fullDate, longDate } from '../../ui/long-date'
import { planName, SubscriptionStatusLine } from './profile-parts'
import { MESSAGES, useSubscriptionActions } from './use-subscription-actions'

const label = 'text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400'

function ExpiryNote({ profile }: { profile: Profile }) {
  const trial = useTrial()?.trial
  const premium = hasPremiumPlan(profile)
  const until = longDate(profile.subscriptionExpiresAt)
  const cancelled = premium && hasSubscriptionStatus(profile, 'cancelled')
  const soon = isExpiringSoon(profile)
  const days = daysUntilExpiry(profile)
  return (
    <>
      {cancelled && (
        <p className="mt-4 text-sm" data-testid="cancelled-note">
          {until
            ? t('Cancelled — premium until {date}', { date: until })
            : t('Cancelled — premium until the end of the paid period')}
        </p>
      )}
      {premium && trial && (
        <p className="mt-4 text-sm" data-testid="trial-status">
          <span className="me-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
            {t('Trial')}
          </span>
          {trial.firstPaymentAt
            ? t('Free trial until {date}; the first payment of {amount} is taken then.', {
                date: fullDate(trial.endsAt),
                amount: money(trial.amount, trial.currency),
              })
            : t('Free trial until {date}; cancelled, nothing will be charged.', {
                date: fullDate(trial.endsAt),
              })}
        </p>
      )}
      {premium && !cancelled && !trial && until && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          {t('Current period ends {date}.', { date: until })}
        </p>
      )}
      {soon && days !== null && (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {until
              ? t(
                  '{days, plural, one {Expiring soon: your premium access ends in # day, on {date}.} other {Expiring soon: your premium access ends in # days, on {date}.}}',
                  { days, date: until },
                )
              : t(
                  '{days, plural, one {Expiring soon: your premium access ends in # day.} other {Expiring soon: your premium access ends in # days.}}',
                  { days },
                )}
            {cancelled ? ` ${t('Subscribe again to keep it.')}` : ''}
          </span>
        </p>
      )}
    </>
  )
}

/**
 * The subscription panel of the profile page: the plan's name, the status with its dot, the
 * expiry, and Upgrade to Premium / Refresh Status / Cancel Subscription as the plan allows.
 */
export function SubscriptionPanel({ profile }: { profile: Profile }) {
  const premium = hasPremiumPlan(profile)
  const actions = useSubscriptionActions(profile)
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="subscription-heading" className="text-lg font-bold">
        {t('Subscription')}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={label}>{t('Current Plan')}</dt>
          <dd className="mt-1 font-medium" data-testid="plan-name">
            {planName(profile)}
          </dd>
        </div>
        <div>
          <dt className={label}>{t('Status')}</dt>
          <dd className="mt-1 font-medium" data-testid="subscription-status">
            <SubscriptionStatusLine profile={profile} />
            {!premium && !profile.subscriptionId && (
              <span className="font-normal text-slate-500 dark:text-slate-400">
                {` ${t('(Free plan, no subscription)')}`}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <ExpiryNote profile={profile} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {!premium && (
          <Link to="/subscription" className={buttonClass('primary', 'sm')}>
            <Crown aria-hidden className="size-4" />
            {t('Upgrade to Premium')}
          </Link>
        )}
        {premium && hasSubscriptionStatus(profile, 'cancelled') && (
          <Link to="/subscription" className={buttonClass('primary', 'sm')}>
            <Crown aria-hidden className="size-4" />
            {t('Subscribe again')}
          </Link>
        )}
        {profile.subscriptionId && (
          <button
            type="button"
            onClick={actions.refresh}
            disabled={actions.busy !== null}
            className={buttonClass('outline', 'sm')}
          >
            <RefreshCw aria-hidden className={`size-4 ${actions.busy === 'verify' ? 'animate-spin' : ''}`} />
            {actions.busy === 'verify' ? t('Refreshing...') : t('Refresh Status')}
          </button>
        )}
        {premium && hasSubscriptionStatus(profile, 'active') && (
          <button
            type="button"
            onClick={actions.askToCancel}
            disabled={actions.busy !== null}
            className={buttonClass('outline', 'sm', 'text-red-700 dark:text-red-300')}
          >
            {actions.busy === 'cancel' ? t('Cancelling...') : t('Cancel Subscription')}
          </button>
        )}
      </div>
      {actions.confirming && (
        <Dialog
          title={t('Cancel subscription?')}
          onClose={actions.keep}
          footer={
            <>
              <button
                type="button"
                onClick={actions.keep}
                className={buttonClass('outline', 'sm')}
                data-autofocus
              >
                {t('Keep Subscription')}
              </button>
              <button type="button" onClick={actions.cancel} className={buttonClass('danger', 'sm')}>
                {t('Cancel Subscription')}
              </button>
            </>
          }
        >
          <p>{t(MESSAGES.confirmCancel)}</p>
          {longDate(profile.subscriptionExpiresAt) && (
            <p className="mt-3 font-semibold" data-testid="access-ends">
              {t('Your Premium access ends on {date}.', {
                date: longDate(profile.subscriptionExpiresAt) ?? '',
              })}
            </p>
          )}
        </Dialog>
      )}
      {actions.notice && (
        <Dialog
          title={actions.notice.title}
          onClose={actions.dismiss}
          footer={
            <button
              type="button"
              onClick={actions.dismiss}
              data-autofocus
              className={buttonClass('primary', 'sm')}
            >
              {t('OK')}
            </button>
          }
        >
          <p role={actions.notice.ok ? 'status' : 'alert'}>{actions.notice.text}</p>
        </Dialog>
      )}
    </section>
  )
}
