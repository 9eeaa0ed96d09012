import { PREMIUM_PLAN } from '../../../core/plan/definition'
import { t } from '../../i18n/i18n'
import { money } from '../../i18n/money'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { CheckList } from '../../ui/check-list'
import { planLineTexts } from './plan-texts'

function Card({
  plan,
  price,
  per,
  to,
  action,
}: {
  plan: 'free' | 'premium'
  price: string
  per: string
  to: string
  action: string
}) {
  const premium = plan === 'premium'
  return (
    <div
      className={`relative rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900 ${premium ? 'ring-2 ring-brand-600' : ''}`}
    >
      {premium && (
        <span className="absolute -top-3 end-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          {t('Recommended')}
        </span>
      )}
      <h3 className="text-lg font-semibold">{premium ? t('Premium') : t('Free')}</h3>
      <p className="mt-2">
        <span className="text-4xl font-bold">{price}</span>{' '}
        <span className="text-slate-600 dark:text-slate-400">{per}</span>
      </p>
      <CheckList items={planLineTexts(plan)} />
      <Link to={to} className={buttonClass(premium ? 'primary' : 'outline', 'md', 'mt-6 flex')}>
        {action}
      </Link>
    </div>
  )
}

/** Free vs Premium, as on the home page. */
export function PlanComparison() {
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-2">
      <Card
        plan="free"
        price={money(0, 'USD', { short: true })}
        per={t('forever')}
        to="/wheel"
        action={t('Start Free')}
      />
      <Card
        plan="premium"
        price={money(PREMIUM_PLAN.price)}
        per={t('per month')}
        to="/subscription"
        action={t('Upgrade Now')}
      />
    </div>
  )
}
