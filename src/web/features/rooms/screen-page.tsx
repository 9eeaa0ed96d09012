import { useEffect, useMemo } from 'react'
import { readRoomCode } from '../../../core/rooms/code'
import { ROOM_MESSAGES } from '../../../core/rooms/protocol'
import { isolate, t } from '../../i18n/i18n'
import { useParams, useSearchParams } from '../../router'
import { WinnerBanner } from '../../ui/wheel/winner-banner'
import { useShownItems, useShownWinner } from './live-parts'
import { LiveWheel } from './live-wheel'
import { useLiveRoom } from './use-live-room'
import { useFittedSize } from './use-window-size'

const noClock = () => Date.now()
/** Room above the wheel for its pointer, which stands out of the wheel's top (pt-6 below). */
const POINTER_ROOM_PX = 24
/** The winner banner's band under the wheel: .winner-band's height in styles.css. */
const BANNER_PX = 76

/**
 * /live/<code>/screen: the room's wheel alone, filling the window, for a projector or a stream
 * overlay (?bg=transparent), min(width, height) less the winner banner's band below it, where the
 * winner shows on a banner readable over any background (once there are several, the room's
 * winners list on a card over the frame).
 */
export function Component() {
  const code = readRoomCode(useParams().code) ?? ''
  const [params] = useSearchParams()
  const transparent = params.get('bg') === 'transparent'
  const { room, status, connection } = useLiveRoom(code)
  const serverNow = connection?.serverNow ?? noClock
  const items = useShownItems(room, serverNow)
  const winner = useShownWinner(room, serverNow)
  // Once the wheel has landed: the room's winners in the order drawn (the history is newest first).
  const winners = useMemo(() => (winner && room ? [...room.history].reverse() : []), [winner, room])
  // The wheel is min(width, height) less the banner's band below it and the pointer's room above.
  const size = useFittedSize((w, h) => Math.min(w, h) - BANNER_PX - POINTER_ROOM_PX)

  useEffect(() => {
    document.title = room ? t('{name} · Screen', { name: isolate(room.wheel.name) }) : t('Screen · Whirl')
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
      className={`relative flex h-dvh flex-col items-center justify-center overflow-hidden pt-6 ${transparent ? '' : 'bg-white dark:bg-slate-950'}`}
      data-testid="live-screen"
    >
      <h1 className="sr-only">{room?.wheel.name ?? t('Live room')}</h1>
      {room && <LiveWheel items={items} spin={room.spin} serverNow={serverNow} size={size} />}
      {status !== 'live' && (
        <p className="absolute top-2 rounded bg-slate-900/80 px-3 py-1 text-sm text-white">
          {status === 'ended' ? t(ROOM_MESSAGES.ended) : t('Reconnecting…')}
        </p>
      )}
      <div role="status" aria-live="polite" className="winner-band">
        <WinnerBanner winners={winners} textTestId="screen-winner" />
      </div>
    </main>
  )
}
