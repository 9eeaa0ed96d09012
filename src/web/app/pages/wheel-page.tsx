import { Download, Save, Upload } from 'lucide-react'
import { lazy, memo, Suspense, useId, useRef, useState } from 'react'
import { MAX_WHEEL_NAME, type Wheel } from '../../../core/wheel/model'
import { isRenamedSavedWheel } from '../../../core/wheel/save-choice'
import { ImportWheelButton } from '../../features/saved-wheels/import-wheel-button'
import { AddItemForm } from '../../features/wheel/add-item-form'
import { AddMany as AddManyPanel } from '../../features/wheel/add-many'
import type { AutoSaveStatus } from '../../features/wheel/auto-save-status'
import { ItemList } from '../../features/wheel/item-list'
import { ListToolbar } from '../../features/wheel/list-toolbar'
import { SettingsPanel as Settings } from '../../features/wheel/settings-panel'
import { SpinPanel } from '../../features/wheel/spin-panel'
import { ThemePanel as Themes } from '../../features/wheel/theme-panel'
import { UpsellPanel } from '../../features/wheel/upsell-panel'
import { useAutoSave } from '../../features/wheel/use-auto-save'
import { isolate, t } from '../../i18n/i18n'
import { writeSavedNow } from '../../state/browser-data'
import { usePlan } from '../../state/use-plan'
import { useWheelStore } from '../../state/wheel-store'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button-class'
import { PremiumBadge } from '../../ui/premium-badge'
import { TextInput } from '../../ui/text-input'
import { usePageTitle } from '../../ui/use-page-title'
import { DRAW_SLOTS } from './draw-slots'
import { type EditorTab, EditorTabList } from './editor-tabs'
import { ShareActions } from './share-actions'
import { loadWheelFile, readWheelFile } from './wheel-file-loader'

// The page re-renders whenever the current wheel changes (an item added here or in another tab):
// these panels show none of the items and are skipped when their own props are unchanged.
const SettingsPanel = memo(Settings)
const ThemePanel = memo(Themes)
const AddMany = memo(AddManyPanel)

// Auto-save's line, only for a loaded saved wheel: loaded when it first has something to say.
const AutoSaveLine = lazy(() => import('../../features/wheel/auto-save-line'))
const SaveChoice = lazy(() => import('../../features/wheel/save-as-new'))

// The premium tabs are loaded when first used, keeping the wheel's first load lean.
const PresetsTab = lazy(() =>
  import('../../features/presets/presets-tab').then((m) => ({ default: m.PresetsTab })),
)
const HistoryTab = lazy(() =>
  import('../../features/history/history-tab').then((m) => ({ default: m.HistoryTab })),
)

function TabLoading() {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" aria-busy="true">
      {t('Loading...')}
    </p>
  )
}

export function Component() {
  const wheel = useWheelStore((s) => s.currentWheel)
  const storageProblem = useWheelStore((s) => s.storageProblem)
  const plan = usePlan()
  const [tab, setTab] = useState<EditorTab>('Customize')
  const id = useId()
  const autoSave = useAutoSave(plan.isPremium)
  const autoSaveOn = useWheelStore((s) => s.settings.autoSave)
  const title = wheel.name || t('My Wheel')
  usePageTitle(isolate(title))

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 truncate text-center text-3xl font-bold">
        <bdi>{title}</bdi>
      </h1>
      {storageProblem && <Alert className="mb-4">{t(storageProblem)}</Alert>}
      <div className="grid gap-8 lg:grid-cols-2">
        <SpinPanel wheel={wheel} slots={DRAW_SLOTS} />
        <section
          aria-label={t('Wheel editor')}
          className="min-w-0 rounded-2xl bg-white p-4 shadow-sm max-lg:[contain-intrinsic-size:auto_1200px] max-lg:[content-visibility:auto] dark:bg-slate-900"
        >
          <EditorTabList id={id} tab={tab} onTab={setTab} />
          <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
            {tab === 'Customize' && (
              <CustomizeTab
                canSave={plan.canSave}
                canImport={plan.canImport}
                maxItems={plan.maxItems}
                autoSave={autoSave}
                autoSaving={plan.isPremium && autoSaveOn}
              />
            )}
            {tab === 'Presets' &&
              (plan.canUsePresets ? (
                <Suspense fallback={<TabLoading />}>
                  <PresetsTab />
                </Suspense>
              ) : (
                <UpsellPanel
                  title={t('Presets is a Premium feature')}
                  text={t(
                    'Start from ready-made wheels: yes or no, numbers, colours, foods, games and dozens more.',
                  )}
                />
              ))}
            {tab === 'History' &&
              (plan.canUseHistory ? (
                <Suspense fallback={<TabLoading />}>
                  <HistoryTab />
                </Suspense>
              ) : (
                <UpsellPanel
                  title={t('Spin history is a Premium feature')}
                  text={t('See every result with its time, and export your history as CSV.')}
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
  autoSave,
  autoSaving,
}: {
  canSave: boolean
  canImport: boolean
  maxItems: number
  autoSave: AutoSaveStatus
  /** Auto-save is on (premium): it saves a rename too, so Save Wheel asks nothing about one. */
  autoSaving: boolean
}) {
  const wheel = useWheelStore((s) => s.currentWheel)
  const updateWheel = useWheelStore((s) => s.updateWheel)
  // The wheel as Save Wheel saved it: "Saved." stands while the wheel is still that one.
  const [saved, setSaved] = useState<Wheel | null>(null)
  // The wheel Save Wheel saved, while the browser is still storing it: "Saving…".
  const [writing, setWriting] = useState<Wheel | null>(null)
  const saves = useRef(0)
  const [problem, setProblem] = useState<{ title: string; detail: string } | null>(null)

  const [asking, setAsking] = useState<string | null>(null)
  const save = (choice?: 'update' | 'new') => {
    const store = useWheelStore.getState()
    if (!choice && !autoSaving && isRenamedSavedWheel(store.currentWheel, store.savedWheels)) {
      setAsking(store.savedWheels.find((w) => w.id === store.currentWheel.id)?.name ?? '')
      return
    }
    setAsking(null)
    const outcome = store.saveCurrentWheel({ asNew: choice === 'new' })
    setSaved(null)
    setProblem(outcome.ok ? null : { title: t('The wheel was not saved.'), detail: t(outcome.error) })
    if (!outcome.ok) return
    // "Saved." once the browser has stored it (a write it refuses shows the storage alert instead),
    // and only if nothing was edited or saved again in the meantime.
    const attempt = ++saves.current
    const written = useWheelStore.getState().currentWheel
    setWriting(written)
    void writeSavedNow().then((stored) => {
      setWriting((w) => (w === written ? null : w))
      if (stored && attempt === saves.current) setSaved(written)
    })
  }
  const edited = () => {
    saves.current++
    setSaved(null)
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="wheel-name" className="block text-sm font-medium">
          {t('Wheel name')}
        </label>
        <TextInput
          id="wheel-name"
          value={wheel.name}
          maxLength={MAX_WHEEL_NAME}
          onChange={(e) => {
            updateWheel({ name: e.target.value })
            edited()
          }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-2">
          <button
            type="button"
            disabled={!canSave}
            onClick={() => save()}
            className="inline-flex items-center gap-1 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600"
          >
            <Save aria-hidden className="size-4" />
            {t('Save Wheel')}
          </button>
          {!canSave && <PremiumBadge unlocks="saving" />}
        </span>
        {canImport ? (
          <>
            <ImportWheelButton
              read={readWheelFile}
              onStart={edited}
              onImported={(outcome) =>
                setProblem(
                  outcome.ok
                    ? null
                    : {
                        title: t('Error importing wheel. Make sure the file is correct.'),
                        detail: t(outcome.error),
                      },
                )
              }
            />
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() =>
                void loadWheelFile().then(
                  (m) => m.downloadWheel(wheel),
                  () => {},
                )
              }
            >
              <Download aria-hidden className="size-4" />
              {t('Export')}
            </button>
          </>
        ) : (
          <span className="inline-flex items-center gap-2">
            <button
              type="button"
              disabled
              className="inline-flex items-center gap-1 rounded-lg bg-slate-400 px-4 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed dark:bg-slate-600"
            >
              <Upload aria-hidden className="size-4" />
              {t('Import')}
            </button>
            <PremiumBadge unlocks="import" />
          </span>
        )}
        <ShareActions wheel={wheel} className={buttonClass('outline', 'sm')} />
        {saved === wheel ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            {t('Saved.')}
          </span>
        ) : writing === wheel || autoSave.kind !== 'idle' ? (
          <Suspense fallback={null}>
            <AutoSaveLine status={writing === wheel ? { kind: 'pending' } : autoSave} />
          </Suspense>
        ) : null}
      </div>
      {asking !== null && (
        <Suspense fallback={null}>
          <SaveChoice
            original={asking}
            onUpdate={() => save('update')}
            onSaveAsNew={() => save('new')}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      )}
      {problem && (
        <Alert title={problem.title}>
          <p>{problem.detail}</p>
        </Alert>
      )}
      <SettingsPanel settings={wheel.settings} premium={canSave} />
      <ThemePanel premium={canSave} />
      <AddItemForm count={wheel.items.length} maxItems={maxItems} />
      <AddMany maxItems={maxItems} />
      <ListToolbar count={wheel.items.length} />
      <ItemList wheel={wheel} />
    </div>
  )
}
