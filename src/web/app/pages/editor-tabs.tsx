import { msg } from '../../../core/i18n/message-id'
import { t } from '../../i18n/i18n'

export const EDITOR_TABS = ['Customize', 'Presets', 'History'] as const
export type EditorTab = (typeof EDITOR_TABS)[number]
const LABELS = { Customize: msg('Customize'), Presets: msg('Presets'), History: msg('History') }

/**
 * The wheel editor's tabs (Customize, Presets, History). `id` prefixes each tab's id; the panel
 * shown is `${id}-${tab}-panel`, labelled by its tab.
 */
export function EditorTabList({
  id,
  tab,
  onTab,
}: {
  id: string
  tab: EditorTab
  onTab(tab: EditorTab): void
}) {
  return (
    <div
      role="tablist"
      aria-label={t('Editor')}
      className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {EDITOR_TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`${id}-${name}`}
          aria-selected={tab === name}
          aria-controls={`${id}-${name}-panel`}
          onClick={() => onTab(name)}
          className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold ${
            tab === name ? 'bg-white shadow dark:bg-slate-950' : 'text-slate-600 dark:text-slate-300'
          }`}
        >
          {t(LABELS[name])}
        </button>
      ))}
    </div>
  )
}
