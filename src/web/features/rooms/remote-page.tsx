import { useState } from 'react'
import { readRoomCode } from '../../../core/rooms/code'
import { ApiError } from '../../api/client'
import { roomsApi } from '../../api/rooms'
import { isolate, t } from '../../i18n/i18n'
import { useParams } from '../../router'
import { usePageTitle } from '../../ui/use-page-title'
import { SPIN_BUTTON_CLASS } from '../../ui/wheel/spin-button-class'
import { roomMessage, StatusLine, useShownWinner, WinnerLine } from './live-parts'
import { useLanded, useLiveRoom } from './use-live-room'

const noClock = () => Date.now()

/** /live/<code>/remote#<secret>: the host's phone: a large Spin, the last winner, Remove winner, the item count. */
export function Component() {
  const code = readRoomCode(useParams().code) ?? ''
  const [secret] = useState(() => window.location.hash.slice(1))
  const { room, status, problem, connection } = useLiveRoom(code)
  const serverNow = connection?.serverNow ?? noClock
  const winner = useShownWinner(room, serverNow)
  const landed = useLanded(room?.spin ?? null, serverNow)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  usePageTitle(room ? t('{name} · Remote', { name: isolate(room.wheel.name) }) : t('Remote'))

  const act = async (action: 'spin' | 'remove-winner') => {
    setBusy(true)
    setRefusal(null)
    try {
      await roomsApi.act(code, action, secret)
    } catch (error) {
      setRefusal(error instanceof ApiError ? roomMessage(error.message) : t('That did not work. Try again.'))
    } finally {
      setBusy(false)
    }
  }
  const count = room?.wheel.items.length ?? 0

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-5 px-4 py-6">
      <h1 className="truncate text-2xl font-bold">
        <bdi>{room?.wheel.name ?? t('Remote')}</bdi>
      </h1>
      <StatusLine status={status} problem={problem} />
      <p data-testid="item-count" className="text-lg">
        {t('{count, plural, one {# item} other {# items}}', { count })}
      </p>
      <button
        type="button"
        className={`${SPIN_BUTTON_CLASS} min-h-24 text-3xl`}
        disabled={busy || !room || room.ended || !landed}
        onClick={() => void act('spin')}
      >
        {landed ? t('Spin') : t('Spinning…')}
      </button>
      <WinnerLine winner={winner} />
      <button
        type="button"
        className="rounded-lg border border-slate-300 px-4 py-3 font-semibold disabled:opacity-60 dark:border-slate-600"
        disabled={busy || !winner || count <= 1}
        onClick={() => void act('remove-winner')}
      >
        {t('Remove winner')}
      </button>
      {refusal && (
        <p role="alert" className="text-center text-red-700 dark:text-red-300">
          {refusal}
        </p>
      )}
    </div>
  )
}
