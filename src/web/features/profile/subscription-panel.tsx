import type { Profile } from '../../../core/account'
import { planName, SubscriptionStatus } from '../auth/profile-parts'

/** The subscription panel of the profile page: the plan's name and the status with its dot. */
export function SubscriptionPanel({ profile }: { profile: Profile }) {
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="subscription-heading" className="text-lg font-bold">
        Subscription
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Current Plan
          </dt>
          <dd className="mt-1 font-medium" data-testid="plan-name">
            {planName(profile)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Status
          </dt>
          <dd className="mt-1 font-medium" data-testid="subscription-status">
            <SubscriptionStatus profile={profile} />
          </dd>
        </div>
      </dl>
    </section>
  )
}
