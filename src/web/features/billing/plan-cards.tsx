import { CircleCheck, Crown } from 'lucide-react'
import {
  TRIAL_CONDITIONS,
  TRIAL_DAYS,
  TRIAL_OFFER_MESSAGE,
  TRIAL_USED,
  type TrialStatus,
} from '../../../core/billing/trial'
import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { t } from '../../i18n/i18n'
import { money } from '../../i18n/money'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { CheckList } from '../../ui/check-list'
import { planLineTexts } from './plan-texts'

const card = 'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900'

function CurrentBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-200">
      <CircleCheck aria-hidden className="size-3.5" />
      {t('Currently Active')}
    </span>
  )
}

export function FreeCard({
  current,
  included,
  excluded,
}: {
  current: boolean
  included: string[]
  excluded: string[]
}) {
  return (
    <section aria-labelledby="free-plan" className={`${card} ring-1 ring-slate-200 dark:ring-slate-800`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="free-plan" className="text-xl font-bold">
          {t('Free Plan')}
        </h3>
        {current && <CurrentBadge />}
      </div>
      <p className="mt-3">
        <span className="text-4xl font-bold">{money(0, 'USD', { short: true })}</span>{' '}
        <span className="text-slate-600 dark:text-slate-400">{t('forever')}</span>
      </p>
      <CheckList items={included} excluded={excluded} className="mt-6 flex-1 space-y-2 text-sm" />
      <Link to="/wheel" className={buttonClass('outline', 'md', 'mt-6 flex')}>
        {t('Use the Free Plan')}
      </Link>
    </section>
  )
}

export type PremiumState =
  | {
      kind: 'offer'
      busy: boolean
      disabled: boolean
      onSubscribe: () => void
      /** A cancelled plan's paid end still ahead: a new subscription starts then ("Subscribe again"). */
      again?: string | null
    }
  | { kind: 'active'; note: string }

/**
 * The trial is offered to everyone who could still get it: a visitor, an account that can start it,
 * and an account whose address is not confirmed yet (one click in the mail unlocks it).
 */
export const offersTrial = (trial: TrialStatus | null, visitor: boolean) =>
  visitor || Boolean(trial && (trial.eligible || trial.needsVerification))

export function PremiumCard({
  state,
  trial,
  visitor,
}: {
  state: PremiumState
  trial: TrialStatus | null
  visitor: boolean
}) {
  return (
    <section aria-labelledby="premium-plan" className={`${card} ring-2 ring-brand-600`}>
      <span className="absolute -top-3 end-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
        {t('Most Popular')}
      </span>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="premium-plan" className="flex items-center gap-2 text-xl font-bold">
          <Crown aria-hidden className="size-5 text-amber-500" />
          {t('Premium Plan')}
        </h3>
        {state.kind === 'active' && <CurrentBadge />}
      </div>
      <p className="mt-3">
        <span className="text-4xl font-bold">{money(PREMIUM_PLAN.price)}</span>{' '}
        <span className="text-slate-600 dark:text-slate-400">{t('/month')}</span>
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('{currency}, billed monthly through PayPal. Cancel any time.', {
          currency: PREMIUM_PLAN.currency,
        })}
      </p>
      {state.kind === 'offer' && state.again && (
        <p className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50">
          {t(
            'Cancelled — Premium until {date}. Subscribe again and the new subscription starts on {date}: nothing is charged before then.',
            { date: state.again },
          )}
        </p>
      )}
      {state.kind === 'offer' && offersTrial(trial, visitor) && (
        <div className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <p className="font-semibold" data-testid="trial-offer">
            {t(TRIAL_OFFER_MESSAGE, { days: TRIAL_DAYS, price: money(PREMIUM_PLAN.price) })}
          </p>
          <p className="mt-0.5 text-xs">{t(TRIAL_CONDITIONS)}</p>
        </div>
      )}
      {state.kind === 'offer' && trial?.used && (
        <p
          className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          data-testid="trial-used"
        >
          {t(TRIAL_USED, { price: money(PREMIUM_PLAN.price) })}
        </p>
      )}
      <CheckList items={planLineTexts('premium')} announce className="mt-6 flex-1 space-y-2 text-sm" />
      {state.kind === 'offer' ? (
        <button
          type="button"
          onClick={state.onSubscribe}
          disabled={state.busy || state.disabled}
          className={buttonClass('primary', 'md', 'mt-6 w-full')}
        >
          {state.busy && (
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {state.busy ? t('Processing...') : state.again ? t('Subscribe again') : t('Subscribe Now')}
        </button>
      ) : (
        <div className="mt-6 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <p className="font-semibold">{t('Your Premium plan is active.')}</p>
          <p className="mt-1">{state.note}</p>
          <Link to="/profile" className="mt-2 inline-block font-semibold underline">
            {t('Manage your subscription')}
          </Link>
        </div>
      )}
    </section>
  )
}
