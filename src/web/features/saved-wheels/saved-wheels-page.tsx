import { Crown, FolderOpen, Plus, Search, Upload } from 'lucide-react'
import { useCallback, useDeferredValue, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Wheel } from '../../../core/wheel/model'
import { Modal } from '../../ui/modal'
import { usePageTitle } from '../../ui/use-page-title'
import { SyncStatusLine } from '../cloud-sync/sync-status-line'
import { usePlan } from '../plan/use-plan'
import { useWheelStore } from '../wheel/wheel-store'
import { SavedWheelCard } from './saved-wheel-card'
import { SORTS, type SortKey, visibleWheels } from './sort'
import { downloadWheel, readWheelFile } from './wheel-file'

const field =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800'
const outline =
  'inline-flex items-center justify-center gap-1 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'
const primary =
  'inline-flex items-center justify-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700'

function Upsell() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <Crown aria-hidden className="mx-auto size-12 text-amber-500" />
      <h2 className="mt-4 text-2xl font-bold">Saved Wheels is a Premium feature</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Keep as many wheels as you like, import and export them, and open them on every device you sign in on.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/subscription" className={primary}>
          Upgrade to Premium
        </Link>
        <Link to="/wheel" className={outline}>
          Use the Free Wheel
        </Link>
      </div>
    </div>
  )
}

/** /saved (sign-in required): the premium user's saved wheels. */
export function Component() {
  usePageTitle('Saved Wheels')
  const plan = usePlan()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Saved Wheels</h1>
      {plan.isPremium ? <SavedWheels /> : <Upsell />}
    </div>
  )
}

function SavedWheels() {
  const id = useId()
  const navigate = useNavigate()
  const wheels = useWheelStore((s) => s.savedWheels)
  const store = useWheelStore.getState
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<SortKey>('updated')
  const [openMenu, setOpenMenu] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Wheel | null>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const deferredQuery = useDeferredValue(query)
  const shown = visibleWheels(wheels, deferredQuery, sort)

  const menuFor = useCallback(
    (wheelId: string) => (open: boolean) =>
      setOpenMenu((current) => (open ? wheelId : current === wheelId ? null : current)),
    [],
  )

  const importFile = async (file: File | undefined) => {
    if (!file) return
    const result = await readWheelFile(file)
    const outcome = result.ok ? store().importWheel(result.wheel) : result
    setMessage(
      outcome.ok && result.ok
        ? { ok: true, text: `Imported “${result.wheel.name}”.` }
        : { ok: false, text: `Failed to import wheel: ${outcome.ok ? '' : outcome.error}` },
    )
  }

  const load = (wheel: Wheel) => {
    if (wheel.id && store().loadSavedWheel(wheel.id)) navigate('/wheel')
  }

  return (
    <>
      <div className="mt-2">
        <SyncStatusLine />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <div className="relative min-w-48 flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search saved wheels
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500" />
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search wheels..."
            className={`${field} w-full pl-9`}
          />
        </div>
        <label htmlFor={`${id}-sort`} className="sr-only">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={sort}
          onChange={(e) => setSort(e.target.value as SortKey)}
          className={field}
        >
          {Object.entries(SORTS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <button type="button" className={outline} onClick={() => fileInput.current?.click()}>
          <Upload aria-hidden className="size-4" /> Import
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
          className={primary}
          onClick={() => {
            store().resetWheel()
            navigate('/wheel')
          }}
        >
          <Plus aria-hidden className="size-4" /> New Wheel
        </button>
      </div>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-lg p-3 text-sm ${
            message.ok
              ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
              : 'border border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          }`}
        >
          {message.text}
        </p>
      )}
      {wheels.length === 0 ? (
        <div className="mt-10 text-center text-slate-600 dark:text-slate-400">
          <FolderOpen aria-hidden className="mx-auto size-12" />
          <p className="mt-3 text-lg font-semibold text-slate-900 dark:text-slate-100">No saved wheels yet</p>
          <p className="mt-1 text-sm">Save a wheel from the editor, or import a wheel file.</p>
          <Link to="/wheel" className={`${primary} mt-4`}>
            Create a Wheel
          </Link>
        </div>
      ) : shown.length === 0 ? (
        <p className="mt-10 text-center text-lg font-semibold text-slate-600 dark:text-slate-400">
          No wheels found
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved wheels">
          {shown.map((wheel) => (
            <li key={wheel.id}>
              <SavedWheelCard
                wheel={wheel}
                menuOpen={openMenu === wheel.id}
                onMenu={menuFor(wheel.id ?? '')}
                onLoad={() => load(wheel)}
                onDuplicate={() => {
                  const outcome = wheel.id ? store().duplicateSavedWheel(wheel.id) : { ok: true as const }
                  setMessage(outcome.ok ? null : { ok: false, text: outcome.error })
                }}
                onExport={() => downloadWheel(wheel)}
                onDelete={() => setDeleting(wheel)}
              />
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <Modal
          title="Delete Wheel?"
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button type="button" className={outline} onClick={() => setDeleting(null)} data-autofocus>
                Cancel
              </button>
              <button
                type="button"
                className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                onClick={() => {
                  if (deleting.id) store().deleteSavedWheel(deleting.id)
                  setDeleting(null)
                }}
              >
                Delete
              </button>
            </>
          }
        >
          <p>“{deleting.name}” will be deleted from your saved wheels. This cannot be undone.</p>
        </Modal>
      )}
    </>
  )
}
