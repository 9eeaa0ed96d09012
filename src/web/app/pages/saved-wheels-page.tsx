import { Crown, FolderOpen, Plus, Upload } from 'lucide-react'
import { useCallback, useEffect, useId, useState } from 'react'
import { limitedLoadText } from '../../../core/wheel/plan-limit'
import type { WheelSummary } from '../../../core/wheel/summary'
import { SyncStatusLine } from '../../features/cloud-sync/sync-status-line'
import { useReadOnlyCloudSync } from '../../features/cloud-sync/use-cloud-sync'
import { ImportWheelButton } from '../../features/saved-wheels/import-wheel-button'
import { LapsedBanner } from '../../features/saved-wheels/lapsed-banner'
import { SavedGrid } from '../../features/saved-wheels/saved-grid'
import { SavedWheelCard } from '../../features/saved-wheels/saved-wheel-card'
import { SORTS, type SortKey } from '../../features/saved-wheels/sort'
import { StorageUsage } from '../../features/saved-wheels/storage-usage'
import { useSavedWheelList, withSavedWheel } from '../../features/saved-wheels/use-saved-list'
import { VersionsDialog } from '../../features/saved-wheels/versions-dialog'
import { downloadWheel, readWheelFile } from '../../features/saved-wheels/wheel-file'
import { SharedLinks } from '../../features/share/shared-links'
import { isolate, t } from '../../i18n/i18n'
import { Link, useNavigate } from '../../router'
import { savedWheelsRead } from '../../state/browser-data'
import { savedListPainted, savedWheelsListed, takeEarlySavedList } from '../../state/browser-data-early-list'
import { clearListUndo } from '../../state/list-undo'
import { showNotice } from '../../state/notice-store'
import { useSyncStatus } from '../../state/sync-status'
import { usePlan } from '../../state/use-plan'
import { useWheelStore } from '../../state/wheel-store'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { buttonClass } from '../../ui/button-class'
import { Dialog } from '../../ui/dialog'
import { PremiumBadge } from '../../ui/premium-badge'
import { SearchField } from '../../ui/search-field'
import { Select } from '../../ui/text-input'
import { usePageTitle } from '../../ui/use-page-title'

// The saved wheels are asked for as this page's code arrives, not after its first render: on a
// fresh load of /saved their cards are then in that first render, from the list its page read.
savedWheelsListed()
takeEarlySavedList()
void savedWheelsRead()

function Upsell() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <Crown aria-hidden className="mx-auto size-12 text-amber-500" />
      <h2 className="mt-4 text-2xl font-bold">{t('Saved Wheels is a Premium feature')}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {t(
          'Keep as many wheels as you like, import and export them, and open them on every device you sign in on.',
        )}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/subscription" className={buttonClass('primary', 'sm')}>
          {t('Upgrade to Premium')}
        </Link>
        <Link to="/wheel" className={buttonClass('outline', 'sm')}>
          {t('Use the Free Wheel')}
        </Link>
      </div>
    </div>
  )
}

/**
 * /saved (sign-in required): the premium user's saved wheels. Without premium, the wheels the
 * account keeps (here and in the cloud) stay listed read-only; with none, the upsell.
 */
export function Component() {
  usePageTitle(t('Saved Wheels'))
  const plan = usePlan()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('Saved Wheels')}</h1>
      {plan.isPremium ? <SavedWheels readOnly={false} /> : <WithoutPremium />}
      <SharedLinks />
    </div>
  )
}

/**
 * A signed-in user without premium: the account's wheels are pulled (never pushed) first, so a
 * lapsed user sees them read-only; a user with no saved wheels sees the upsell.
 */
function WithoutPremium() {
  // Its list waits for the pull, which waits for the wheels: they are read at once.
  useEffect(savedListPainted, [])
  useReadOnlyCloudSync()
  const hasWheels = useWheelStore(
    (s) => (s.savedWheelsLoaded ? s.savedWheels.length : (s.savedSummaries?.length ?? 0)) > 0,
  )
  // Only the first pull is waited for: later ones (every 30 s) run behind the list.
  const pulling = useSyncStatus((s) => s.status.kind === 'idle' || s.status.kind === 'syncing')
  const [pulled, setPulled] = useState(false)
  useEffect(() => {
    if (!pulling) setPulled(true)
  }, [pulling])
  if (pulling && !pulled)
    return (
      <p className="mt-10 text-center text-slate-600 dark:text-slate-400" aria-busy="true">
        {t('Loading your wheels...')}
      </p>
    )
  return hasWheels ? <SavedWheels readOnly /> : <Upsell />
}

function SavedWheels({ readOnly }: { readOnly: boolean }) {
  const id = useId()
  const navigate = useNavigate()
  const storageProblem = useWheelStore((s) => s.storageProblem)
  const store = useWheelStore.getState
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<SortKey>('updated')
  const { listed, wheels, shown } = useSavedWheelList(query, sort)
  useEffect(() => {
    if (listed) savedListPainted()
  }, [listed])
  const [openMenu, setOpenMenu] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<WheelSummary | null>(null)
  const [versionsOf, setVersionsOf] = useState<WheelSummary | null>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  const menuFor = useCallback(
    (wheelId: string) => (open: boolean) =>
      setOpenMenu((current) => (open ? wheelId : current === wheelId ? null : current)),
    [],
  )

  const { maxItems } = usePlan()
  // Loading keeps to the plan's item limit; a wheel cut to it says so on the wheel page.
  const load = (wheel: WheelSummary) =>
    withSavedWheel(wheel.id, (full) => {
      const loaded = full.id ? store().loadSavedWheel(full.id, maxItems) : null
      if (!loaded) return
      clearListUndo()
      const cut = limitedLoadText(isolate(full.name), loaded)
      if (cut) showNotice(t(cut.message, cut.values))
      navigate('/wheel')
    })

  return (
    <>
      {readOnly && <LapsedBanner />}
      <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-1">
        <SyncStatusLine />
        <StorageUsage wheelCount={wheels.length} />
      </div>
      {storageProblem && <Alert className="mt-4">{t(storageProblem)}</Alert>}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <SearchField
          label={t('Search saved wheels')}
          value={query}
          onChange={setQuery}
          placeholder={t('Search wheels...')}
          className="relative min-w-48 flex-1"
        />
        <label htmlFor={`${id}-sort`} className="sr-only">
          {t('Sort by')}
        </label>
        <Select
          id={`${id}-sort`}
          value={sort}
          onChange={(e) => setSort(e.target.value as SortKey)}
          className="text-sm"
        >
          {Object.entries(SORTS).map(([key, label]) => (
            <option key={key} value={key}>
              {t(label)}
            </option>
          ))}
        </Select>
        {readOnly ? (
          <span className="inline-flex items-center gap-2">
            <button type="button" disabled className={buttonClass('outline', 'sm')}>
              <Upload aria-hidden className="size-4" />
              {t('Import')}
            </button>
            <PremiumBadge unlocks="import" />
          </span>
        ) : (
          <ImportWheelButton
            read={readWheelFile}
            onImported={(outcome) =>
              setMessage(
                outcome.ok
                  ? { ok: true, text: t('Imported “{name}”.', { name: isolate(outcome.name) }) }
                  : { ok: false, text: t('Failed to import wheel: {error}', { error: t(outcome.error) }) },
              )
            }
          />
        )}
        <Button
          size="sm"
          onClick={() => {
            store().resetWheel()
            clearListUndo()
            navigate('/wheel')
          }}
        >
          <Plus aria-hidden className="size-4" /> {t('New Wheel')}
        </Button>
      </div>
      {message?.ok && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {message.text}
        </p>
      )}
      {message && !message.ok && <Alert className="mt-4">{message.text}</Alert>}
      {!listed ? (
        <p className="mt-10 text-center text-slate-600 dark:text-slate-400" aria-busy="true">
          {t('Loading your wheels...')}
        </p>
      ) : wheels.length === 0 ? (
        <div className="mt-10 text-center text-slate-600 dark:text-slate-400">
          <FolderOpen aria-hidden className="mx-auto size-12" />
          <p className="mt-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t('No saved wheels yet')}
          </p>
          <p className="mt-1 text-sm">{t('Save a wheel from the editor, or import a wheel file.')}</p>
          <Link to="/wheel" className={buttonClass('primary', 'sm', 'mt-4')}>
            {t('Create a Wheel')}
          </Link>
        </div>
      ) : shown.length === 0 ? (
        <p className="mt-10 text-center text-lg font-semibold text-slate-600 dark:text-slate-400">
          {t('No wheels found')}
        </p>
      ) : (
        <SavedGrid
          wheels={shown}
          renderCard={(wheel) => (
            <SavedWheelCard
              wheel={wheel}
              readOnly={readOnly}
              menuOpen={openMenu === wheel.id}
              onMenu={menuFor(wheel.id)}
              onLoad={() => load(wheel)}
              onDuplicate={() =>
                withSavedWheel(wheel.id, (full) => {
                  const outcome = full.id ? store().duplicateSavedWheel(full.id) : { ok: true as const }
                  setMessage(outcome.ok ? null : { ok: false, text: t(outcome.error) })
                })
              }
              onExport={() => withSavedWheel(wheel.id, downloadWheel)}
              onDelete={() => setDeleting(wheel)}
              onVersions={() => setVersionsOf(wheel)}
            />
          )}
        />
      )}
      {versionsOf && (
        <VersionsDialog
          wheel={versionsOf}
          premium={!readOnly}
          onClose={() => setVersionsOf(null)}
          onRestored={(text) => {
            setVersionsOf(null)
            setMessage({ ok: true, text })
          }}
        />
      )}
      {deleting && (
        <Dialog
          title={t('Delete Wheel?')}
          onClose={() => setDeleting(null)}
          footer={
            <>
              <Button variant="outline" size="sm" onClick={() => setDeleting(null)} data-autofocus>
                {t('Cancel')}
              </Button>
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  const doomed = deleting.id
                  withSavedWheel(doomed, () => store().deleteSavedWheel(doomed))
                  setDeleting(null)
                }}
              >
                {t('Delete')}
              </Button>
            </>
          }
        >
          <p>
            {t('“{name}” will be deleted from your saved wheels. This cannot be undone.', {
              name: isolate(deleting.name),
            })}
          </p>
        </Dialog>
      )}
    </>
  )
}
