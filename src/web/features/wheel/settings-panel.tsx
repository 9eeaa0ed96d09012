import { ChevronDown } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import type { WheelSettings } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'

// The panel's content is loaded when it is first opened (or pointed at): not in the wheel page's first load.
const loadBody = () => import('./settings-panel-body')
const SettingsBody = lazy(loadBody)

export function SettingsPanel({ settings, premium }: { settings: WheelSettings; premium: boolean }) {
  const [open, setOpen] = useState(false)
  const id = useId()

  return (
    <div className="rounded-lg border border-slate-200 dark:border-slate-800">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        className="flex w-full items-center justify-between px-3 py-2 text-sm font-semibold"
      >
        {t('Settings')}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <Suspense fallback={<div id={id} className="border-t border-slate-200 dark:border-slate-800" />}>
          <SettingsBody id={id} settings={settings} premium={premium} />
        </Suspense>
      )}
    </div>
  )
}
