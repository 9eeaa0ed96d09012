import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { roomLinks, roomWheelOf } from '../../../core/rooms/from-wheel'
import type { CreatedRoom } from '../../../core/rooms/protocol'
import type { Wheel } from '../../../core/wheel/model'
import { ApiError } from '../../api/client'
import { connectLive, type LiveConnection, roomsApi } from '../../api/rooms'
import { t } from '../../i18n/i18n'
import { usePlan } from '../../state/use-plan'
import { Dialog } from '../../ui/dialog'
import { QrCode } from '../../ui/qr-code'
import { HOSTED_ROOM_KEY } from './hosted-room-key'
import { roomMessage } from './live-parts'

type Hosted = Pick<CreatedRoom, 'code' | 'hostToken'> & { remoteSecret: string | null }

const readHosted = (): Hosted | null => {
  try {
    const value = JSON.parse(sessionStorage.getItem(HOSTED_ROOM_KEY) ?? 'null') as Hosted | null
    return value && typeof value.code === 'string' ? value : null
  } catch {
    return null
  }
}
const writeHosted = (hosted: Hosted | null) => {
  try {
    if (hosted) sessionStorage.setItem(HOSTED_ROOM_KEY, JSON.stringify(hosted))
    else sessionStorage.removeItem(HOSTED_ROOM_KEY)
  } catch {
    // Private mode: the room is hosted until the tab is reloaded.
  }
}

/** How long the host's edits settle before they are mirrored (well within the promised 1 s). */
const MIRROR_AFTER_MS = 250

/**
 * The host's side of a room: opens it (with the wheel as it is), keeps a live connection that
 * mirrors every edit of the wheel to every screen, and the dialog with the code, the QR code and
 * the Watch, Screen and Remote links. `extras` (the app's host tools, such as Chat entries) show
 * under them while a room is open; what they change on the wheel reaches the room as any edit does.
 */
export function LiveHost({
  wheel,
  open,
  onClose,
  extras,
}: {
  wheel: Wheel
  open: boolean
  onClose: () => void
  extras?: ReactNode
}) {
  const [hosted, setHosted] = useState<Hosted | null>(readHosted)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [permanent, setPermanent] = useState(false)
  const { isPremium } = usePlan()
  const live = useRef<LiveConnection | null>(null)

  useEffect(() => {
    if (!hosted) return
    const connection = connectLive(
      hosted.code,
      {
        state: () => {},
        viewers: () => {},
        status: (status) => {
          if (status === 'ended') {
            writeHosted(null)
            setHosted(null)
          }
        },
        error: (message) => setProblem(roomMessage(message)),
      },
      hosted.hostToken,
    )
    live.current = connection
    return () => connection.close()
  }, [hosted])

  const mirrored = useRef<Wheel | null>(null)
  useEffect(() => {
    if (!hosted) return
    if (mirrored.current === null) {
      mirrored.current = wheel
      return
    }
    if (mirrored.current === wheel || wheel.items.length === 0) return
    const timer = window.setTimeout(() => {
      mirrored.current = wheel
      live.current?.send({ type: 'wheel', wheel: roomWheelOf(wheel) })
    }, MIRROR_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [wheel, hosted])

  const run = async (task: () => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    try {
      await task()
    } catch (error) {
      setProblem(error instanceof ApiError ? roomMessage(error.message) : t('That did not work. Try again.'))
    } finally {
      setBusy(false)
    }
  }
  const create = () =>
    run(async () => {
      const created = await roomsApi.create(roomWheelOf(wheel), isPremium && permanent)
      const next = { code: created.code, hostToken: created.hostToken, remoteSecret: created.remoteSecret }
      writeHosted(next)
      mirrored.current = wheel
      setHosted(next)
    })
  const end = () =>
    run(async () => {
      if (hosted) await roomsApi.act(hosted.code, 'end', hosted.hostToken)
      writeHosted(null)
      setHosted(null)
    })
  const spin = () =>
    run(async () => {
      if (hosted) await roomsApi.act(hosted.code, 'spin', hosted.hostToken)
    })
  const keep = (next: Hosted) => {
    writeHosted(next)
    setHosted(next)
  }
  const newRemote = () =>
    run(async () => {
      if (hosted) keep({ ...hosted, remoteSecret: await roomsApi.newRemote(hosted.code, hosted.hostToken) })
    })
  const revokeRemote = () =>
    run(async () => {
      if (!hosted) return
      await roomsApi.revokeRemote(hosted.code, hosted.hostToken)
      keep({ ...hosted, remoteSecret: null })
    })

  if (!open) return null
  const links = hosted ? roomLinks(window.location.origin, hosted.code, hosted.remoteSecret ?? '') : null
  return (
    <Dialog title={t('Go live')} onClose={onClose}>
      <div className="space-y-4 text-sm">
        <p>
          {t(
            'A live room shows this wheel on every screen that opens it. Only you can spin it; everyone sees the same spin and the same winner at the same moment. Your edits appear on every screen.',
          )}
        </p>
        {problem && (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {problem}
          </p>
        )}
        {!hosted || !links ? (
          <div className="space-y-3">
            {isPremium && (
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={permanent}
                  onChange={(e) => setPermanent(e.target.checked)}
                  className="size-4"
                />
                {t('Keep this room and its code open (it never closes when idle)')}
              </label>
            )}
            <button
              type="button"
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              disabled={busy}
              onClick={() => void create()}
              data-autofocus
            >
              {busy ? t('Opening room…') : t('Open room')}
            </button>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-center">
              {t('Room code')}
              <span
                className="mt-1 block font-mono text-4xl font-bold tracking-[0.3em]"
                data-testid="room-code"
                translate="no"
              >
                {hosted.code}
              </span>
            </p>
            <div className="flex justify-center">
              <QrCode text={links.watch} />
            </div>
            <ul className="space-y-2">
              <li>
                <a href={links.watch} target="_blank" rel="noreferrer" className="font-semibold underline">
                  {t('Watch')}
                </a>{' '}
                <span translate="no" className="break-all text-slate-600 dark:text-slate-400">
                  {links.watch}
                </span>
              </li>
              <li>
                <a href={links.screen} target="_blank" rel="noreferrer" className="font-semibold underline">
                  {t('Screen')}
                </a>{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  {t('for a projector or a stream (add ?bg=transparent)')}
                </span>
              </li>
              <li>
                {hosted.remoteSecret ? (
                  <>
                    <a
                      href={links.remote}
                      target="_blank"
                      rel="noreferrer"
                      className="font-semibold underline"
                    >
                      {t('Remote')}
                    </a>{' '}
                    <span className="text-slate-600 dark:text-slate-400">
                      {t('secret: anyone with this link can spin')}
                    </span>
                  </>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">
                    {t('The remote link is revoked: only you can spin.')}
                  </span>
                )}
                <span className="mt-1 flex flex-wrap gap-3">
                  <button
                    type="button"
                    className="underline"
                    disabled={busy}
                    onClick={() => void newRemote()}
                  >
                    {t('New remote link')}
                  </button>
                  {hosted.remoteSecret && (
                    <button
                      type="button"
                      className="underline"
                      disabled={busy}
                      onClick={() => void revokeRemote()}
                    >
                      {t('Revoke remote link')}
                    </button>
                  )}
                </span>
              </li>
            </ul>
            <div className="flex gap-2">
              <button
                type="button"
                className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
                disabled={busy}
                onClick={() => void spin()}
              >
                {t('Spin')}
              </button>
              <button
                type="button"
                className="rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600"
                disabled={busy}
                onClick={() => void end()}
              >
                {t('End room')}
              </button>
            </div>
            <Suspense fallback={null}>{extras}</Suspense>
          </div>
        )}
      </div>
    </Dialog>
  )
}
