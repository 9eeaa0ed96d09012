import { readRoomCode } from '../../../core/rooms/code'
import { ROOM_MESSAGES } from '../../../core/rooms/protocol'
import { isolate, t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { useParams } from '../../router'
import { usePageTitle } from '../../ui/use-page-title'
import { RoomHistory, StatusLine, useShownItems, useShownWinner, WinnerLine } from './live-parts'
import { LiveWheel } from './live-wheel'
import { useLanded, useLiveRoom } from './use-live-room'
import { useFittedSize } from './use-window-size'

const noClock = () => Date.now()

/** /live/<code>: watch a room: the wheel, the winner, this room's spins and the viewer count. */
export function Component() {
  const code = readRoomCode(useParams().code) ?? ''
  const { room, viewers, status, problem, connection } = useLiveRoom(code)
  const serverNow = connection?.serverNow ?? noClock
  const items = useShownItems(room, serverNow)
  const winner = useShownWinner(room, serverNow)
  const landed = useLanded(room?.spin ?? null, serverNow)
  const size = useFittedSize((w, h) => Math.min(w - 32, h - 260, 480))
  usePageTitle(room ? t('{name} · Live', { name: isolate(room.wheel.name) }) : t('Live room'))
  const history = room ? (landed ? room.history : room.history.slice(1)) : []

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="mb-1 truncate text-center text-3xl font-bold">
        <bdi>{room?.wheel.name ?? t('Live room')}</bdi>
      </h1>
      <p className="mb-4 text-center text-sm text-slate-600 dark:text-slate-400">
        {tx('Room <0/> · <1/>', [
          <span key="code" className="font-mono font-semibold">
            {code}
          </span>,
          <span key="viewers" data-testid="viewer-count">
            {t('{count, plural, one {# viewer} other {# viewers}}', { count: viewers })}
          </span>,
        ])}
      </p>
      <StatusLine status={status} problem={problem} />
      {!code ? (
        <p role="alert" className="text-center">
          {t(ROOM_MESSAGES.notFound)}
        </p>
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_16rem]">
          <div className="flex flex-col items-center gap-4">
            {room && <LiveWheel items={items} spin={room.spin} serverNow={serverNow} size={size} />}
            <WinnerLine winner={winner} />
          </div>
          <section
            aria-labelledby="room-history"
            className="rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900"
          >
            <h2 id="room-history" className="mb-2 font-semibold">
              {t('History')}
            </h2>
            <RoomHistory history={history} />
          </section>
        </div>
      )}
    </div>
  )
}
