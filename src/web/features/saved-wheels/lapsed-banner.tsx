import { Crown } from 'lucide-react'
import { FREE_ITEM_LIMIT } from '../../../core/plan/definition'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'

/** /saved after premium ended: the wheels are kept and read-only; what still works, and the way back. */
export function LapsedBanner() {
  return (
    <section
      aria-labelledby="lapsed-title"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <Crown aria-hidden className="size-6 shrink-0 text-amber-700 dark:text-amber-300" />
      <div className="min-w-0 flex-1">
        <h2 id="lapsed-title" className="font-semibold">
          {t('Your Premium plan has ended: your wheels are read-only')}
        </h2>
        <p className="mt-1 text-sm">
          {t(
            'Nothing was deleted. You can still load and export every saved wheel; a wheel opens with its first {limit} items, as many as the free plan allows. Saving, duplicating, deleting and importing wheels, and syncing them between your devices, need Premium.',
            { limit: FREE_ITEM_LIMIT },
          )}
        </p>
      </div>
      <Link to="/subscription" className={buttonClass('primary', 'sm', 'shrink-0')}>
        {t('Renew Premium')}
      </Link>
    </section>
  )
}
