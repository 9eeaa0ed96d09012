import { lazy, Suspense, useState } from 'react'
import type { Item } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'

// Both panels load on first use: the wheel page's first load stays within its budget.
const GiveawayPanel = lazy(() => import('./giveaway-panel').then((m) => ({ default: m.GiveawayPanel })))
const ChatEntriesPanel = lazy(() =>
  import('./chat-entries-panel').then((m) => ({ default: m.ChatEntriesPanel })),
)

const toggle = (on: boolean) =>
  `rounded-lg border px-3 py-1.5 text-sm font-semibold ${
    on
      ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100'
      : 'border-slate-300 dark:border-slate-600'
  }`

/** Under the Spin button: Giveaway (several winners, teams) and Chat entries, each opened on demand. */
export function GiveawayLaunchers({ name, items }: { name: string; items: Item[] }) {
  const [open, setOpen] = useState<'giveaway' | 'chat' | null>(null)
  const flip = (panel: 'giveaway' | 'chat') => setOpen((o) => (o === panel ? null : panel))
  return (
    <>
      <div className="flex gap-2">
        <button
          type="button"
          aria-expanded={open === 'giveaway'}
          className={toggle(open === 'giveaway')}
          onClick={() => flip('giveaway')}
        >
          {t('Giveaway')}
        </button>
        <button
          type="button"
          aria-expanded={open === 'chat'}
          className={toggle(open === 'chat')}
          onClick={() => flip('chat')}
        >
          {t('Chat entries')}
        </button>
      </div>
      <Suspense fallback={<p aria-busy="true">{t('Loading...')}</p>}>
        {open === 'giveaway' && <GiveawayPanel name={name} items={items} />}
        {open === 'chat' && <ChatEntriesPanel />}
      </Suspense>
    </>
  )
}
