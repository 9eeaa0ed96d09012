import { Crown } from 'lucide-react'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'

/** What non-premium users see in place of a premium feature. */
export function UpsellPanel({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-gradient-to-br from-amber-50 to-white p-6 text-center dark:border-amber-800 dark:from-amber-950 dark:to-slate-900">
      <Crown aria-hidden className="mx-auto size-8 text-amber-600 dark:text-amber-300" />
      <h3 className="mt-2 text-lg font-bold">{title}</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <Link to="/subscription" className={buttonClass('primary', 'sm', 'mt-4')}>
        {t('Upgrade to Premium')}
      </Link>
    </div>
  )
}
