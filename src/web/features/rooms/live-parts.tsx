import { sourceOf } from '../../../core/i18n/english'
import { msg } from '../../../core/i18n/message-id'
import { ROOM_MESSAGE_SOURCES, type RoomState, type RoomWinner } from '../../../core/rooms/protocol'
import type { Item } from '../../../core/wheel/model'
import type { LiveStatus } from '../../api/rooms'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { useLanded, WINNER_HOLD_MS } from './use-live-room'

/** A room's refusal (the server's ROOM_MESSAGES, in English) in the page's language. */
export const roomMessage = (text: string): string => t(...sourceOf(text, Object.values(ROOM_MESSAGE_SOURCES)))

/** The items a screen shows: the spun wheel while it turns and a moment after, then the room's. */
export function useShownItems(room: RoomState | null, serverNow: () => number): Item[] {
  const spin = room?.spin ?? null
  const released = useLanded(spin, serverNow, WINNER_HOLD_MS)
  if (!room) return []
  return spin && !released ? spin.items : room.wheel.items
}

/** The winner once the wheel has landed, on every screen at the same moment. */
export function useShownWinner(room: RoomState | null, serverNow: () => number): RoomWinner | null {
  const spin = room?.spin ?? null
  const landed = useLanded(spin, serverNow)
  return spin && landed ? (room?.history[0] ?? null) : null
}

export function WinnerLine({ winner, className = '' }: { winner: RoomWinner | null; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`min-h-8 text-center text-xl ${className}`}
      data-testid="live-winner"
    >
      {winner && (
        <>
          <span
            aria-hidden
            className="me-2 inline-block size-4 rounded-full align-middle ring-1 ring-slate-400"
            style={{ backgroundColor: winner.color }}
          />
          {tx('The winner is <0/>', [
            <strong key="winner" data-testid="live-winner-text">
              <bdi>{winner.text}</bdi>
            </strong>,
          ])}
        </>
      )}
    </p>
  )
}

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: msg('Connecting…'),
  live: msg('Live'),
  reconnecting: msg('Connection lost. Reconnecting…'),
  ended: msg('This room has ended.'),
}

export function StatusLine({ status, problem }: { status: LiveStatus; problem: string | null }) {
  return (
    <p className="text-center text-sm text-slate-600 dark:text-slate-400" data-testid="live-status">
      {status === 'live' && problem ? roomMessage(problem) : t(STATUS_TEXT[status])}
    </p>
  )
}

/** The room's winners, newest first, each with its proof page. */
export function RoomHistory({ history }: { history: RoomWinner[] }) {
  if (history.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('No spins yet.')}</p>
  return (
    <ol className="space-y-1 text-sm" aria-label={t('Spins in this room')}>
      {history.map((winner) => (
        <li key={winner.drawId} className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block size-3 rounded-full"
            style={{ backgroundColor: winner.color }}
          />
          <span className="flex-1 truncate">
            <bdi>{winner.text}</bdi>
          </span>
          <Link to={`/draw/${winner.drawId}`} className="text-brand-700 underline dark:text-brand-300">
            {t('Proof')}
          </Link>
        </li>
      ))}
    </ol>
  )
}
