import { lazy, Suspense, useState } from 'react'
import { t } from '../../i18n/i18n'
import { PremiumBadge } from '../../ui/premium-badge'

// The panel's content loads when it is shown: at once for Premium, when a free user opens the
// locked palettes. Not in the wheel page's first load.
const ThemePanelBody = lazy(() => import('./theme-panel-body'))

/** Themes (Premium): built-in and custom palettes, label colour and font, and the centre dot. */
export function ThemePanel({ premium }: { premium: boolean }) {
  const [opened, setOpened] = useState(false)
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
        {t('Themes')} {!premium && <PremiumBadge unlocks="themes" />}
      </legend>
      {premium ? (
        <Suspense fallback={<div className="h-24" />}>
          <ThemePanelBody premium />
        </Suspense>
      ) : (
        // Locked, the palettes are folded away: the item field below is what a free user is after.
        <details onToggle={(e) => setOpened(e.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-medium">{t('More themes (Premium)')}</summary>
          {opened && (
            <Suspense fallback={null}>
              <ThemePanelBody premium={false} />
            </Suspense>
          )}
        </details>
      )}
    </fieldset>
  )
}
