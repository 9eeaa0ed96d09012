import { FlaskConical } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { Profile } from '../../../core/account/profile'
import type { PublicBillingConfig } from '../../../core/billing/protocol'
import { billingApi } from '../../api/billing'
import { t } from '../../i18n/i18n'
import { profileChanged, useSession } from '../../state/session-store'
import { buttonClass } from '../../ui/button-class'
import { usePageTitle } from '../../ui/use-page-title'

type Result = { ok: boolean; text: string } | null

function Details({ profile }: { profile: Profile }) {
  // [test id, label, value]: the values are the account's raw fields, as the server stores them.
  const rows: [string, string, string][] = [
    ['user-id', t('User ID'), profile.userId],
    ['plan-type', t('Plan Type'), profile.planType],
    ['subscription-status', t('Subscription Status'), profile.subscriptionStatus || 'inactive'],
    ['subscription-id', t('Subscription ID'), profile.subscriptionId ?? t('None')],
  ]
  return (
    <dl className="divide-y divide-slate-200 rounded-2xl bg-white px-6 py-2 text-sm shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
      {rows.map(([id, label, value]) => (
        <div key={id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 break-all font-mono" data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * /test-subscription (sign-in required): set the signed-in user's plan by hand while the sandbox
 * payment provider is active. With a real provider the server refuses, and the page says so.
 */
export function Component() {
  usePageTitle(t('Test Subscription'))
  const { profile } = useSession()
  const [config, setConfig] = useState<PublicBillingConfig | null>(null)
  const [configError, setConfigError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result>(null)

  useEffect(() => {
    let live = true
    billingApi.config().then(
      (value) => live && setConfig(value),
      (e: Error) =>
        live && setConfigError(t('Could not load the payment settings: {error}', { error: e.message })),
    )
    return () => {
      live = false
    }
  }, [])

  const act = async (call: typeof billingApi.simulateMonthly, done: string) => {
    setBusy(true)
    setResult(null)
    try {
      const answer = await call()
      if (answer.success) {
        profileChanged(answer.profile)
        setResult({ ok: true, text: done })
      } else setResult({ ok: false, text: t('Error: {error}', { error: answer.error }) })
    } catch (e) {
      setResult({ ok: false, text: t('Error: {error}', { error: (e as Error).message }) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="flex items-center gap-2 text-3xl font-bold">
        <FlaskConical aria-hidden className="size-7 text-brand-600 dark:text-brand-500" />
        {t('Test Subscription')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t('A developer page: set your own plan without a payment, to try the premium features.')}
      </p>
      <div className="mt-6">{profile && <Details profile={profile} />}</div>
      {!config && !configError && (
        <p role="status" className="mt-6 text-slate-600 dark:text-slate-300">
          {t('Loading...')}
        </p>
      )}
      {configError && (
        <p role="alert" className="mt-6 text-red-700 dark:text-red-300">
          {configError}
        </p>
      )}
      {config && config.provider !== 'sandbox' && (
        <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t(
            'The test page is only available in test mode. Payments here go through PayPal, so plans change only through a real subscription.',
          )}
        </p>
      )}
      {config?.provider === 'sandbox' && (
        <>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                act(
                  billingApi.simulateMonthly,
                  t('Monthly subscription simulated: your plan is now Premium.'),
                )
              }
              className={buttonClass('primary', 'md', 'sm:flex-1')}
            >
              {t('Simulate Monthly Subscription')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                act(billingApi.clearSubscription, t('Subscription cleared: you are on the Free plan.'))
              }
              className={buttonClass('outline', 'md', 'sm:flex-1')}
            >
              {t('Clear Subscription (Free Plan)')}
            </button>
          </div>
          <p
            role="status"
            className={`mt-4 min-h-6 font-medium ${result?.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
          >
            {result?.text}
          </p>
        </>
      )}
    </div>
  )
}
