import { Check, CircleCheck, Crown, X } from 'lucide-react'
import { Link } from 'react-router'
import { PREMIUM_PLAN } from '../../../core/billing/plan-definition'

const card = 'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900'

function Feature({ text, included }: { text: string; included: boolean }) {
  return (
    <li className="flex gap-2">
      {included ? (
        <Check aria-hidden className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
      ) : (
        <X aria-hidden className="size-5 shrink-0 text-slate-400 dark:text-slate-500" />
      )}
      <span className={included ? '' : 'text-slate-600 dark:text-slate-400'}>
        {text}
        <span className="sr-only">{included ? ' (included)' : ' (not included)'}</span>
      </span>
    </li>
  )
}

function CurrentBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-200">
      <CircleCheck aria-hidden className="size-3.5" />
      Currently Active
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
          Free Plan
        </h3>
        {current && <CurrentBadge />}
      </div>
      <p className="mt-3">
        <span className="text-4xl font-bold">$0</span>{' '}
        <span className="text-slate-600 dark:text-slate-400">forever</span>
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {included.map((text) => (
          <Feature key={text} text={text} included />
        ))}
        {excluded.map((text) => (
          <Feature key={text} text={text} included={false} />
        ))}
      </ul>
      <Link
        to="/wheel"
        className="mt-6 block rounded-lg border border-slate-300 px-5 py-2.5 text-center font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Use the Free Plan
      </Link>
    </section>
  )
}

export type PremiumState =
  | { kind: 'offer'; busy: boolean; disabled: boolean; onSubscribe: () => void }
  | { kind: 'active'; note: string }

export function PremiumCard({ state }: { state: PremiumState }) {
  return (
    <section aria-labelledby="premium-plan" className={`${card} ring-2 ring-brand-600`}>
      <span className="absolute -top-3 right-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
        Most Popular
      </span>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="premium-plan" className="flex items-center gap-2 text-xl font-bold">
          <Crown aria-hidden className="size-5 text-amber-500" />
          {PREMIUM_PLAN.name}
        </h3>
        {state.kind === 'active' && <CurrentBadge />}
      </div>
      <p className="mt-3">
        <span className="text-4xl font-bold">${PREMIUM_PLAN.price}</span>{' '}
        <span className="text-slate-600 dark:text-slate-400">/month</span>
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {PREMIUM_PLAN.currency}, billed monthly through PayPal. Cancel any time.
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        {PREMIUM_PLAN.features.map((text) => (
          <Feature key={text} text={text} included />
        ))}
      </ul>
      {state.kind === 'offer' ? (
        <button
          type="button"
          onClick={state.onSubscribe}
          disabled={state.busy || state.disabled}
          className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {state.busy && (
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {state.busy ? 'Processing...' : 'Subscribe Now'}
        </button>
      ) : (
        <div className="mt-6 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <p className="font-semibold">Your Premium plan is active.</p>
          <p className="mt-1">{state.note}</p>
          <Link to="/profile" className="mt-2 inline-block font-semibold underline">
            Manage your subscription
          </Link>
        </div>
      )}
    </section>
  )
}
