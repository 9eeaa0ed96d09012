import { TriangleAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Profile } from '../../../core/account/profile'
import type { TrialStatus } from '../../../core/billing/trial'
import { hasPremiumPlan, hasSubscriptionStatus } from '../../../core/plan/plan'
import { MAX_ITEMS } from '../../../core/wheel/model'
import { billingApi } from '../../api/billing'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { useSearchParams } from '../../router'
import { openAuthModal, useAuthModal } from '../../state/auth-modal-store'
import { useSession } from '../../state/session-store'
import { useTrial } from '../../state/use-trial'
import { Alert } from '../../ui/alert'
import { BackButton } from '../../ui/back-button'
import { FaqAccordion } from '../../ui/faq-accordion'
import { longDate } from '../../ui/long-date'
import { usePageTitle } from '../../ui/use-page-title'
import { ComparisonTable } from './comparison-table'
import { FreeCard, PremiumCard } from './plan-cards'
import { PLAN_FAQ } from './plan-features'
import { includedInTexts, limitedOnFreeTexts } from './plan-texts'
import { TestModeNotice } from './test-mode-notice'
import { CheckEmailPanel, ConfirmationNote } from './trial-journey'
import { useSubscribe } from './use-subscribe'

/** What a premium user reads in place of the Subscribe button. */
export function premiumNote(profile: Profile): string {
  const until = longDate(profile.subscriptionExpiresAt)
  if (hasSubscriptionStatus(profile, 'cancelled')) {
    return until
      ? t('Cancelled — Premium until {date}. It will not renew.', { date: until })
      : t('Cancelled — it will not renew.')
  }
  return until ? t('It renews on {date}.', { date: until }) : t('Thank you for supporting Whirl.')
}

/** The account's trial as the server says now; null when it cannot be read (no trial is claimed). */
const readTrial = () => billingApi.trial().catch(() => null)

/**
 * /subscription: the plans, Subscribe Now, the comparison and three questions. A visitor who
 * presses Subscribe Now is asked to sign in, and the subscription starts once they have.
 */
export function Component() {
  usePageTitle(t('Subscription Plans'))
  const { status, profile } = useSession()
  const modalOpen = useAuthModal((s) => s.open)
  const { busy, error, subscribe } = useSubscribe()
  const premium = hasPremiumPlan(profile)
  const trial = useTrial()
  const [search] = useSearchParams()
  const returned = search.get('verified') ? (search.get('error') ? 'failed' : 'confirmed') : null
  const waitingForSignIn = useRef(false)
  // The address is not confirmed: the mail's link unlocks the trial, or the user goes on without it.
  // Asked until the page's own read of the trial says otherwise (once confirmed, say).
  const [askToConfirm, setAskToConfirm] = useState(false)

  /** Subscribe Now: an address still to be confirmed is asked for first (the trial depends on it). */
  const start = (standing: TrialStatus | null) => {
    if (standing?.needsVerification) setAskToConfirm(true)
    else void subscribe()
  }
  const startRef = useRef(start)
  startRef.current = start

  useEffect(() => {
    if (!waitingForSignIn.current) return
    if (status === 'signed-in') {
      waitingForSignIn.current = false
      // Signed in through Subscribe Now: the account's trial decides what comes next.
      if (!premium) void readTrial().then((standing) => startRef.current(standing))
    } else if (!modalOpen) waitingForSignIn.current = false
  }, [status, modalOpen, premium])

  const onSubscribe = () => {
    // Pressed before the page had read the trial: an address still to confirm is asked for first
    // all the same, not sent to pay without the trial.
    if (status === 'signed-in')
      return trial === undefined
        ? void readTrial().then((standing) => startRef.current(standing))
        : start(trial)
    waitingForSignIn.current = true
    openAuthModal('login')
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <BackButton />
      <h1 className="mt-4 text-3xl font-bold">{t('Subscription Plans')}</h1>
      <TestModeNotice className="mt-4" />
      <div className="mt-8 text-center">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('Choose the Right Plan for You')}</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t(
            'Start free, and upgrade when you want saved wheels, presets, history and up to {count} items per wheel.',
            { count: numberFormat().format(MAX_ITEMS) },
          )}
        </p>
      </div>
      {returned && (
        <ConfirmationNote
          outcome={returned}
          trialReady={Boolean(trial?.eligible) || status !== 'signed-in'}
        />
      )}
      {askToConfirm && !premium && profile && (trial === undefined || trial?.needsVerification) && (
        <CheckEmailPanel email={profile.email} busy={busy} onSubscribeWithoutTrial={() => void subscribe()} />
      )}
      {error && (
        <Alert
          icon={<TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />}
          className="mx-auto mt-6 max-w-2xl px-4 py-3 text-base"
        >
          {error}
        </Alert>
      )}
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <FreeCard current={!premium} included={includedInTexts('free')} excluded={limitedOnFreeTexts()} />
        <PremiumCard
          trial={trial ?? null}
          visitor={status === 'signed-out'}
          state={
            premium && profile && !hasSubscriptionStatus(profile, 'cancelled')
              ? { kind: 'active', note: premiumNote(profile) }
              : {
                  kind: 'offer',
                  busy,
                  disabled: status === 'loading',
                  onSubscribe,
                  again: premium && profile ? longDate(profile.subscriptionExpiresAt) || null : null,
                }
          }
        />
      </div>
      {status === 'signed-out' && (
        <p className="mt-4 text-center text-sm text-slate-600 dark:text-slate-300">
          {t('You need an account to subscribe: Subscribe Now asks you to sign in or create one first.')}
        </p>
      )}
      <section aria-labelledby="compare-heading" className="mt-16">
        <h2 id="compare-heading" className="mb-4 text-2xl font-bold">
          {t('Compare the plans')}
        </h2>
        <ComparisonTable />
      </section>
      <section aria-labelledby="plan-faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="plan-faq-heading" className="mb-4 text-2xl font-bold">
          {t('Frequently asked questions')}
        </h2>
        <FaqAccordion faqs={PLAN_FAQ.map((faq) => ({ q: t(faq.q), a: t(faq.a) }))} />
      </section>
    </div>
  )
}
