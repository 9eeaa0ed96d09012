import { Crown } from 'lucide-react'
import { t } from '../i18n/i18n'
import { Link } from '../router'

/**
 * The 'Premium Only' badge on a locked control, linking to the plans page. Its name says what it
 * unlocks ("Premium Only: unlock saving"), so a list of the page's links tells them apart; `unlocks`
 * is translated by the caller.
 */
export function PremiumBadge({ unlocks }: { unlocks: string }) {
  return (
    <Link
      to="/subscription"
      aria-label={t('Premium Only: unlock {feature}', { feature: unlocks })}
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 hover:bg-amber-200 dark:bg-amber-400/20 dark:text-amber-200"
    >
      <Crown aria-hidden className="size-3" />
      {t('Premium Only')}
    </Link>
  )
}
