import { Download, Save, Upload } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { MAX_WHEEL_NAME } from '../../../core/wheel/model'
import { PremiumBadge } from '../../ui/premium-badge'
import { usePageTitle } from '../../ui/use-page-title'
import { usePlan } from '../plan/use-plan'
import { AddItemForm } from './add-item-form'
import { ItemList } from './item-list'
import { SettingsPanel } from './settings-panel'
import { SpinPanel } from './spin-panel'
import { UpsellPanel } from './upsell-panel'
import { useWheelStore } from './wheel-store'

const TABS = ['Customize', 'Presets', 'History'] as const
type Tab = (typeof TABS)[number]

// The premium tabs and the file code are loaded when first used, keeping the wheel's first load lean.
const PresetsTab = lazy(() => import('../presets/presets-tab').then((m) => ({ default: m.PresetsTab })))
const HistoryTab = lazy(() => import('../history/history-tab').then((m) => ({ default: m.HistoryTab })))
const wheelFile = () => import('../saved-wheels/wheel-file')

function TabLoading() {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" aria-busy="true">
      Loading...
    </p>
  )
}

export function Component() {
  const wheel = useWheelStore((s) => s.currentWheel)
  const storageProblem = useWheelStore((s) => s.storageProblem)
  const plan = usePlan()
  const [tab, setTab] = useState<Tab>('Customize')
  const id = useId()
  usePageTitle(wheel.name || 'My Wheel')

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 truncate text-center text-3xl font-bold">{wheel.name || 'My Wheel'}</h1>
      {storageProblem && (
        <div
          role="alert"
          className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {storageProblem}
        </div>
      )}
      <div className="grid gap-8 lg:grid-cols-2">
        <SpinPanel wheel={wheel} />
        <section
          aria-label="Wheel editor"
          className="min-w-0 rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900"
        >
          <div
            role="tablist"
            aria-label="Editor"
            className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          >
            {TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`${id}-${t}`}
                aria-selected={tab === t}
                aria-controls={`${id}-${t}-panel`}
                onClick={() => setTab(t)}
                className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold ${
                  tab === t ? 'bg-white shadow dark:bg-slate-950' : 'text-slate-600 dark:text-slate-300'
                }`}
              >
                {t}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
            {tab === 'Customize' && (
              <CustomizeTab canSave={plan.canSave} canImport={plan.canImport} maxItems={plan.maxItems} />
            )}
            {tab === 'Presets' &&
              (plan.canUsePresets ? (
                <Suspense fallback={<TabLoading />}>
                  <PresetsTab />
                </Suspense>
              ) : (
                <UpsellPanel
                  feature="Presets"
                  text="Start from ready-made wheels: yes or no, numbers, colours, foods, games and dozens more."
                />
              ))}
            {tab === 'History' &&
              (plan.canUseHistory ? (
                <Suspense fallback={<TabLoading />}>
                  <HistoryTab />
                </Suspense>
              ) : (
                <UpsellPanel
                  feature="Spin history"
                  text="See every result with its time, and export your history as CSV."
                />
              ))}
          </div>
        </section>
      </div>
    </div>
  )
}

function CustomizeTab({
  canSave,
  canImport,
  maxItems,
}: {
  canSave: boolean
  canImport: boolean
  maxItems: number
}) {
  const wheel = useWheelStore((s) => s.currentWheel)
  const updateWheel = useWheelStore((s) => s.updateWheel)
  const [saved, setSaved] = useState(false)
  const [problem, setProblem] = useState<{ title: string; detail: string } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const save = () => {
    const outcome = useWheelStore.getState().saveCurrentWheel()
    setSaved(outcome.ok)
    setProblem(outcome.ok ? null : { title: 'The wheel was not saved.', detail: outcome.error })
  }

  const importFile = async (file: File | undefined) => {
    if (!file) return
    setSaved(false)
    const result = await wheelFile().then(
      (m) => m.readWheelFile(file),
      () => ({
        ok: false as const,
        error: 'The import could not be loaded. Check your connection and try again.',
      }),
    )
    const outcome = result.ok ? useWheelStore.getState().importWheel(result.wheel) : result
    setProblem(
      outcome.ok
        ? null
        : { title: 'Error importing wheel. Make sure the file is correct.', detail: outcome.error },
    )
  }

  const button =
    'inline-flex items-center gap-1 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed'
  const outline = `${button} border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800`

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="wheel-name" className="block text-sm font-medium">
          Wheel name
        </label>
        <input
          id="wheel-name"
          value={wheel.name}
          maxLength={MAX_WHEEL_NAME}
          onChange={(e) => {
            updateWheel({ name: e.target.value })
            setSaved(false)
          }}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-2">
          <button
            type="button"
            disabled={!canSave}
            onClick={save}
            className={`${button} bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-slate-400 dark:disabled:bg-slate-600`}
          >
            <Save aria-hidden className="size-4" />
            Save Wheel
          </button>
          {!canSave && <PremiumBadge />}
        </span>
        {canImport ? (
          <>
            <button type="button" className={outline} onClick={() => fileInput.current?.click()}>
              <Upload aria-hidden className="size-4" />
              Import
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              className="hidden"
              aria-label="Import a wheel file"
              data-testid="import-file"
              onChange={(e) => {
                void importFile(e.target.files?.[0])
                e.target.value = ''
              }}
            />
            <button
              type="button"
              className={outline}
              onClick={() =>
                void wheelFile().then(
                  (m) => m.downloadWheel(wheel),
                  () => {},
                )
              }
            >
              <Download aria-hidden className="size-4" />
              Export
            </button>
          </>
        ) : (
          <span className="inline-flex items-center gap-2">
            <button type="button" disabled className={`${button} bg-slate-400 text-white dark:bg-slate-600`}>
              <Upload aria-hidden className="size-4" />
              Import
            </button>
            <PremiumBadge />
          </span>
        )}
        {saved && (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            Saved.
          </span>
        )}
      </div>
      {problem && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{problem.title}</p>
          <p>{problem.detail}</p>
        </div>
      )}
      <SettingsPanel settings={wheel.settings} />
      <AddItemForm count={wheel.items.length} maxItems={maxItems} />
      <ItemList wheel={wheel} />
    </div>
  )
}
