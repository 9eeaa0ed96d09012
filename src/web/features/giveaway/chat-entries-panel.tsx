import { memo, useCallback, useEffect, useId, useRef, useState } from 'react'
import {
  createEntryCollector,
  DEFAULT_FILTERS,
  type Entrant,
  type EntryFilters,
  MAX_ENTRANTS,
} from '../../../core/chat/entry-collector'
import { createItem } from '../../../core/wheel/model'
import { colorsForList } from '../../../core/wheel/neighbour-colors'
import { numberFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { usePlan } from '../../state/use-plan'
import { useWheelStore } from '../../state/wheel-store'
import { buttonClass } from '../../ui/button-class'
import { typedDirection } from '../../ui/text-input'
import { type ChatStatus, channelOf, connectTwitchChat } from './twitch-chat'

/** The list redraws at most this often, however fast the chat (issue 36: current within 1 s). */
const REFRESH_MS = 250
/** The list shows the newest this many; the counter counts them all (a redraw stays well under 50 ms). */
const LISTED = 100
const input =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal dark:border-slate-600 dark:bg-slate-800'

const statusText = (status: ChatStatus | null, notice: string | null) => {
  if (notice) return notice
  if (!status || status.state === 'closed') return null
  if (status.state === 'connecting') return t('Connecting to the chat…')
  if (status.state === 'joined') return t('Reading #{channel}.', { channel: status.channel })
  return t('Connection lost. Reconnecting…')
}

/**
 * Chat entries (issue 36): the host names a Twitch channel and a keyword and presses Open entries;
 * each chatter who types the keyword joins once. Read anonymously, so followers cannot be told apart.
 */
export function ChatEntriesPanel() {
  const id = useId()
  const collector = useRef(createEntryCollector()).current
  const connection = useRef<{ close: () => void } | null>(null)
  const [channel, setChannel] = useState('')
  const [filters, setFilters] = useState<EntryFilters>(DEFAULT_FILTERS)
  const [max, setMax] = useState('')
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<ChatStatus | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // Only the count and the newest rows: no copy of the whole list, whatever the chat's speed.
  const [view, setView] = useState<{ count: number; listed: readonly Entrant[] }>({ count: 0, listed: [] })
  const show = useCallback(
    () => setView({ count: collector.entrants.length, listed: collector.entrants.slice(-LISTED) }),
    [collector],
  )
  const remove = useCallback(
    (userId: string) => {
      collector.remove(userId)
      show()
    },
    [collector, show],
  )
  const maxItems = usePlan().maxItems

  useEffect(() => {
    let seen = -1
    const timer = window.setInterval(() => {
      if (collector.version === seen) return
      seen = collector.version
      show()
    }, REFRESH_MS)
    return () => {
      window.clearInterval(timer)
      connection.current?.close()
    }
  }, [collector, show])

  const openEntries = () => {
    const name = channelOf(channel)
    const maxEntrants = max.trim() === '' ? null : Number(max)
    if (!name) return setProblem(t('Enter a Twitch channel name: letters, digits and _ only.'))
    if (filters.keyword.trim() === '') return setProblem(t('Enter a keyword, such as !join.'))
    if (
      maxEntrants !== null &&
      (!Number.isInteger(maxEntrants) || maxEntrants < 1 || maxEntrants > MAX_ENTRANTS)
    )
      return setProblem(
        t('The maximum must be a whole number from 1 to {max}.', {
          max: numberFormat().format(MAX_ENTRANTS),
        }),
      )
    setProblem(null)
    setNotice(null)
    collector.setFilters({ ...filters, maxEntrants })
    collector.openEntries()
    setOpen(true)
    connection.current?.close()
    connection.current = connectTwitchChat(name, {
      onMessage: (message) => collector.receive(message),
      onStatus: setStatus,
      onNotice: setNotice,
    })
  }
  const closeEntries = () => {
    collector.closeEntries()
    connection.current?.close()
    connection.current = null
    setOpen(false)
    show()
  }
  const putOnWheel = () => {
    const names = collector.entrants.slice(0, maxItems).map((e) => e.name)
    const colors = colorsForList(names.length)
    const store = useWheelStore.getState()
    store.clearItems()
    store.pasteItems(names.map((text, i) => createItem(text, colors[i])))
    setNotice(
      collector.entrants.length > maxItems
        ? t('Your wheel holds {max} entries: the first {max} were put on it.', { max: maxItems })
        : t('{count, plural, one {# entry was put on the wheel.} other {# entries were put on the wheel.}}', {
            count: names.length,
          }),
    )
  }
  const check = (key: 'subscribers' | 'moderators' | 'vips', label: string) => (
    <label className="inline-flex items-center gap-1">
      <input
        type="checkbox"
        disabled={open}
        checked={filters[key]}
        onChange={(e) => setFilters({ ...filters, [key]: e.target.checked })}
      />
      {label}
    </label>
  )
  const line = statusText(status, notice)
  const count = view.count

  return (
    <section
      aria-label={t('Chat entries')}
      className="w-full max-w-sm space-y-3 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="font-semibold">{t('Chat entries (Twitch)')}</p>
      <div className="grid grid-cols-2 gap-2">
        <label className="block text-xs font-semibold">
          {t('Twitch channel')}
          <input
            value={channel}
            disabled={open}
            onChange={(e) => setChannel(e.target.value)}
            className={input}
          />
        </label>
        <label className="block text-xs font-semibold">
          {t('Keyword')}
          <input
            dir={typedDirection(filters.keyword)}
            value={filters.keyword}
            disabled={open}
            maxLength={100}
            onChange={(e) => setFilters({ ...filters, keyword: e.target.value })}
            className={input}
          />
        </label>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-xs font-semibold">{t('Who can enter')}</legend>
        <div className="flex flex-wrap gap-3">
          {check('subscribers', t('Subscribers only'))}
          {check('moderators', t('Moderators'))}
          {check('vips', t('VIPs'))}
        </div>
        <p id={`${id}-followers`} className="text-xs text-slate-600 dark:text-slate-400">
          {t('Followers cannot be told apart: the chat is read anonymously.')}
        </p>
      </fieldset>
      <label className="block text-xs font-semibold">
        {t('Maximum entrants (optional)')}
        <input
          type="number"
          min={1}
          value={max}
          disabled={open}
          onChange={(e) => setMax(e.target.value)}
          className={input}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        {open ? (
          <button type="button" onClick={closeEntries} className={buttonClass('primary', 'sm')}>
            {t('Close entries')}
          </button>
        ) : (
          <button type="button" onClick={openEntries} className={buttonClass('primary', 'sm')}>
            {t('Open entries')}
          </button>
        )}
        <button
          type="button"
          disabled={open || count === 0}
          onClick={putOnWheel}
          className={buttonClass('outline', 'sm')}
        >
          {t('Put on the wheel')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-xs text-red-800 dark:text-red-200">
          {problem}
        </p>
      )}
      {line && (
        <p role="status" className="text-xs">
          {line}
        </p>
      )}
      <p className="font-semibold" data-testid="entrant-count">
        {t('{count, plural, one {# entry} other {# entries}}', { count })}
      </p>
      <ul
        aria-label={t('Entrants')}
        className="max-h-60 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800"
      >
        {view.listed.map((entrant) => (
          <EntrantRow key={entrant.userId} entrant={entrant} onRemove={remove} />
        ))}
      </ul>
      {count > LISTED && <p className="text-xs">{t('The newest {count} are listed.', { count: LISTED })}</p>}
    </section>
  )
}

/** One entrant; unchanged rows are not redrawn when newer entrants arrive. */
const EntrantRow = memo(function EntrantRow({
  entrant,
  onRemove,
}: {
  entrant: Entrant
  onRemove: (userId: string) => void
}) {
  return (
    <li className="flex items-center gap-2 py-1">
      <span className="min-w-0 flex-1 break-words">
        <bdi>{entrant.name}</bdi>
      </span>
      <button
        type="button"
        aria-label={t('Remove {name}', { name: entrant.name })}
        onClick={() => onRemove(entrant.userId)}
        className="text-xs text-red-700 underline dark:text-red-300"
      >
        {t('Remove')}
      </button>
    </li>
  )
})
