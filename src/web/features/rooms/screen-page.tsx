import { useEffect } from 'react'
import { readRoomCode } from '../../../core/rooms/code'
import { useParams, useSearchParams } from '../../router'
import { useShownItems, useShownWinner } from './live-parts'
import { LiveWheel } from './live-wheel'
import { useLiveRoom } from './use-live-room'
import { useFittedSize } from './use-window-size'

const noClock = () => Date.now()

/**
 * /live/<code>/screen: the room's wheel alone, filling the window, for a projector or a stream
 * overlay (?bg=transparent), with a winner banner readable over any background.
 */
export function Component() {
  const code = readRoomCode(useParams().code) ?? ''
  const [params] = useSearchParams()
  const transparent = params.get('bg') === 'transparent'
  const { room, status, connection } = useLiveRoom(code)
  const serverNow = connection?.serverNow ?? noClock
  const items = useShownItems(room, serverNow)
  const winner = useShownWinner(room, serverNow)
  const size = useFittedSize((w, h) => Math.min(w, h) - 48)

  useEffect(() => {
    document.title = room ? `${room.wheel.name} · Screen` : 'Screen · Whirl'
  }, [room])
  useEffect(() => {
    if (!transparent) return
    const targets = [document.documentElement, document.body]
    for (const el of targets) el.style.background = 'transparent'
    return () => {
      for (const el of targets) el.style.background = ''
    }
  }, [transparent])

  return (
    <main
      className={`relative flex min-h-dvh items-center justify-center overflow-hidden ${transparent ? '' : 'bg-white dark:bg-slate-950'}`}
      data-testid="live-screen"
    >
      <h1 className="sr-only">{room?.wheel.name ?? 'Live room'}</h1>
      {room && <LiveWheel items={items} spin={room.spin} serverNow={serverNow} size={size} />}
      {status !== 'live' && (
        <p className="absolute top-2 rounded bg-slate-900/80 px-3 py-1 text-sm text-white">
          {status === 'ended' ? 'This room has ended.' : 'Reconnecting…'}
        </p>
      )}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none absolute inset-x-0 bottom-6 flex justify-center"
      >
        {winner && (
          <p
            className="max-w-[90vw] truncate rounded-2xl bg-slate-950/85 px-8 py-4 text-4xl font-bold text-white shadow-2xl ring-4 ring-white"
            data-testid="screen-winner"
          >
            {winner.text}
          </p>
        )}
      </div>
    </main>
  )
}
