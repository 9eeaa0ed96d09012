import { Copy, Download, RotateCcw } from 'lucide-react'
import { useMemo, useState } from 'react'
import {
  teamsText,
  teamsToCsv,
  type WinnerRow,
  winnerRows,
  winnersText,
  winnersToCsv,
} from '../../../core/draws/giveaway-export'
import { isolate, t } from '../../i18n/i18n'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { downloadText } from '../../ui/download'
import { useSlices } from '../../ui/use-slices'
import type { Drawn } from './use-giveaway'

function CopyExport({ text, csv, file }: { text: string; csv: string; file: string }) {
  const [copied, setCopied] = useState<string | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(t('Copied.'))
    } catch {
      setCopied(t('Could not copy: select the list and copy it.'))
    }
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <button type="button" className={buttonClass('outline', 'sm')} onClick={() => void copy()}>
        <Copy aria-hidden className="size-4" />
        {t('Copy')}
      </button>
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        onClick={() => downloadText(csv, file, 'text/csv;charset=utf-8')}
      >
        <Download aria-hidden className="size-4" />
        {t('Export CSV')}
      </button>
      {copied && (
        <span role="status" className="text-xs">
          {copied}
        </span>
      )}
    </div>
  )
}

const proofLink = (id: string) => (
  <Link to={`/draw/${id}`} className="text-sm text-brand-700 underline dark:text-brand-100">
    {t('Proof page')}
  </Link>
)

/** The winners, place by place as they are revealed, with Reroll once all are shown. */
export function WinnersList({
  drawn,
  shown,
  busy,
  onReroll,
}: {
  drawn: Drawn
  shown: number
  busy: boolean
  onReroll: (place: number) => void
}) {
  const result = drawn.record.result
  if (result?.kind !== 'winners') return null
  const rows: WinnerRow[] = winnerRows(result, drawn, drawn.revealedAt, drawn.record.rerolledAt)
  const all = shown >= rows.length
  const name = (index: number) => drawn.names[index] ?? ''
  return (
    <div className="mt-3">
      <h3 className="font-semibold">{t('Winners')}</h3>
      <ol aria-label={t('Winners')} className="mt-1 space-y-1">
        {rows.slice(0, shown).map((row) => (
          <li key={row.place} className="flex items-center gap-2 text-sm">
            <span className="w-14 shrink-0 text-slate-500 dark:text-slate-400">
              {t('Place {place}', { place: row.place })}
            </span>
            <span
              aria-hidden
              className="size-3 shrink-0 rounded-full"
              style={{ backgroundColor: row.color }}
            />
            <span className="min-w-0 flex-1 font-semibold break-words">
              <bdi>{row.name}</bdi>
            </span>
            {row.rerolled && (
              <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                {t('Reroll')}
              </span>
            )}
            {all && (
              <button
                type="button"
                disabled={busy}
                aria-label={t('Reroll place {place}', { place: row.place })}
                onClick={() => onReroll(row.place)}
                className={buttonClass('outline', 'sm')}
              >
                <RotateCcw aria-hidden className="size-3.5" />
                {t('Reroll')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {all && (
        <>
          {result.rerolls.length > 0 && (
            <>
              <h3 className="mt-3 font-semibold">{t('Rerolls')}</h3>
              <ol aria-label={t('Rerolls')} className="list-decimal ps-6 text-sm">
                {result.rerolls.map((r) => (
                  <li key={r.winner} className="break-words">
                    {t('Place {place}: {replaced} replaced by {winner}', {
                      place: r.place,
                      replaced: isolate(name(r.replaced)),
                      winner: isolate(name(r.winner)),
                    })}
                  </li>
                ))}
              </ol>
            </>
          )}
          <CopyExport text={winnersText(rows)} csv={winnersToCsv(rows)} file="winners.csv" />
          <p className="mt-2">{proofLink(drawn.id)}</p>
        </>
      )}
    </div>
  )
}

/** Team cards list this many members at once, then as many more a task (decision 0057). */
const MEMBERS_SLICE = 500

/** The teams as cards, with Copy and Export CSV; a split of thousands is listed in slices. */
export function TeamCards({ drawn }: { drawn: Drawn }) {
  const result = drawn.record.result
  const teams = useMemo(
    () =>
      result?.kind === 'teams'
        ? result.teams.map((team) => team.map((index) => drawn.names[index] ?? ''))
        : [],
    [result, drawn.names],
  )
  const members = teams.reduce((sum, team) => sum + team.length, 0)
  const listed = useSlices(members, MEMBERS_SLICE, MEMBERS_SLICE)
  const exported = useMemo(() => ({ text: teamsText(teams), csv: teamsToCsv(teams) }), [teams])
  if (result?.kind !== 'teams') return null
  // The members listed so far, team by team in order: each team lists those before the slice's end.
  const starts: number[] = []
  teams.reduce((start, team) => {
    starts.push(start)
    return start + team.length
  }, 0)
  return (
    <div className="mt-3">
      <ul aria-label={t('Teams')} className="grid gap-2 sm:grid-cols-2">
        {teams.map((team, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: teams are numbered and fixed
            key={i}
            aria-label={t('Team {number}', { number: i + 1 })}
            className="rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700"
          >
            <p className="font-bold">{t('Team {number}', { number: i + 1 })}</p>
            <ul>
              {team.slice(0, Math.max(0, listed - (starts[i] ?? 0))).map((member, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two entries may share a name
                <li key={j} className="break-words">
                  <bdi>{member}</bdi>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <CopyExport text={exported.text} csv={exported.csv} file="teams.csv" />
      <p className="mt-2">{proofLink(drawn.id)}</p>
    </div>
  )
}
