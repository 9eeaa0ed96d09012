import { Check } from 'lucide-react'
import { Link } from 'react-router'
import { PREMIUM_PLAN } from '../../../core/billing/plan-definition'

const FREE = ['Basic wheel creation', 'Max 15 items per wheel', 'Limited features']
const PREMIUM = [
  'Unlimited wheels',
  'Save and import wheels',
  'Access to presets',
  'Wheel history',
  'Unlimited items per wheel',
]

function List({ items }: { items: string[] }) {
  return (
    <ul className="mt-6 space-y-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check aria-hidden className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
          {item}
        </li>
      ))}
    </ul>
  )
}

/** Free vs Premium, as on the home page. */
export function PlanComparison() {
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-2">
      <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900">
        <h3 className="text-lg font-semibold">Free</h3>
        <p className="mt-2">
          <span className="text-4xl font-bold">$0</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">forever</span>
        </p>
        <List items={FREE} />
        <Link
          to="/wheel"
          className="mt-6 block rounded-lg border border-slate-300 px-5 py-2.5 text-center font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Start Free
        </Link>
      </div>
      <div className="relative rounded-2xl bg-white p-6 shadow-sm ring-2 ring-brand-600 dark:bg-slate-900">
        <span className="absolute -top-3 right-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          Recommended
        </span>
        <h3 className="text-lg font-semibold">Premium</h3>
        <p className="mt-2">
          <span className="text-4xl font-bold">${PREMIUM_PLAN.price}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">per month</span>
        </p>
        <List items={PREMIUM} />
        <Link
          to="/subscription"
          className="mt-6 block rounded-lg bg-brand-600 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-700"
        >
          Upgrade Now
        </Link>
      </div>
    </div>
  )
}
