import { Gift } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { GiveawaySpec } from '../../../core/draws/giveaway'
import { MAX_WINNERS } from '../../../core/draws/giveaway'
import { MAX_CLIENT_SEED } from '../../../core/draws/rules'
import type { Item } from '../../../core/wheel/model'
import { t } from '../../i18n/i18n'
import { useSession } from '../../state/session-store'
import { buttonClass } from '../../ui/button-class'
import { typedDirection } from '../../ui/text-input'
import { turnThenShow } from '../../ui/wheel/turn-then-show'
import { TeamCards, WinnersList } from './giveaway-results'
import { spinTo } from './spin-to'
import { useGiveaway } from './use-giveaway'

type Mode = 'winners' | 'teams'
const field =
  'mt-1 w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800'

function specOf(mode: Mode, count: string, teamsBy: 'teams' | 'size', teams: string): GiveawaySpec {
  if (mode === 'winners') return { kind: 'winners', count: Number(count) }
  return teamsBy === 'teams'
    ? { kind: 'teams', teams: Number(teams) }
    : { kind: 'teams', size: Number(teams) }
}

/**
 * Several winners and fair teams on /wheel (issue 36), loaded on first use. The request and the
 * entries are committed before the draw; Pick winners reveals, then the wheel spins once per
 * winner (or once, with the whole list, for Reveal all at once).
 */
export function GiveawayPanel({ name, items }: { name: string; items: Item[] }) {
  const { status } = useSession()
  const id = useId()
  const [mode, setMode] = useState<Mode>('winners')
  const [count, setCount] = useState('1')
  const [revealAll, setRevealAll] = useState(false)
  const [teamsBy, setTeamsBy] = useState<'teams' | 'size'>('teams')
  const [teams, setTeams] = useState('2')
  const [shown, setShown] = useState(0)
  const [spinning, setSpinning] = useState(false)
  const signedIn = status === 'signed-in'
  const giveaway = useGiveaway(name, items, signedIn ? specOf(mode, count, teamsBy, teams) : null)
  const drawn = giveaway.drawn
  const result = drawn?.record.result
  const winners = result?.kind === 'winners' ? result.winners : []

  // "Spinning…" from the frame after the spin starts, as on the wheel page. One spin at a time: the
  // buttons are disabled only from that frame on. False when a spin was already under way.
  const turning = useRef(false)
  const spinShowing = async (index: number) => {
    if (turning.current) return false
    turning.current = true
    try {
      await turnThenShow(spinTo(index), () => setSpinning(true))
    } finally {
      turning.current = false
      setSpinning(false)
    }
    return true
  }
  const reveal = async (place: number, upTo: number) => {
    const index = winners[place - 1]
    if (index === undefined) return
    if (await spinShowing(index)) setShown(upTo)
  }
  const start = async () => {
    const made = await giveaway.draw()
    const first = made?.record.result
    setShown(0)
    if (first?.kind !== 'winners') return
    if (await spinShowing(first.winners[0] as number)) setShown(revealAll ? first.winners.length : 1)
  }

  if (!signedIn)
    return (
      <section
        aria-label={t('Giveaway')}
        className="w-full max-w-sm rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700"
      >
        <p>{t('Sign in to pick several winners or make teams with a draw anyone can check.')}</p>
      </section>
    )

  const choosing = !drawn
  return (
    <section
      aria-label={t('Giveaway')}
      className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="inline-flex items-center gap-2 font-semibold">
        <Gift aria-hidden className="size-4 text-brand-600" />
        {t('Giveaway')}
      </p>
      {choosing ? (
        <div className="mt-2 space-y-3">
          <fieldset className="flex gap-4">
            <legend className="sr-only">{t('Draw')}</legend>
            {(['winners', 'teams'] as const).map((m) => (
              <label key={m} className="inline-flex items-center gap-1">
                <input type="radio" name={`${id}-mode`} checked={mode === m} onChange={() => setMode(m)} />
                {m === 'winners' ? t('Winners') : t('Teams')}
              </label>
            ))}
          </fieldset>
          {mode === 'winners' ? (
            <div className="flex flex-wrap items-end gap-4">
              <label className="block text-xs font-semibold">
                {t('Number of winners')}
                <input
                  type="number"
                  min={1}
                  max={Math.max(1, Math.min(MAX_WINNERS, items.length))}
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                  className={field}
                />
              </label>
              <label className="inline-flex items-center gap-1 pb-2">
                <input type="checkbox" checked={revealAll} onChange={(e) => setRevealAll(e.target.checked)} />
                {t('Reveal all at once')}
              </label>
            </div>
          ) : (
            <div className="flex flex-wrap items-end gap-3">
              <fieldset className="flex flex-col gap-1">
                <legend className="sr-only">{t('Split by')}</legend>
                <label className="inline-flex items-center gap-1">
                  <input
                    type="radio"
                    name={`${id}-by`}
                    checked={teamsBy === 'teams'}
                    onChange={() => setTeamsBy('teams')}
                  />
                  {t('K teams')}
                </label>
                <label className="inline-flex items-center gap-1">
                  <input
                    type="radio"
                    name={`${id}-by`}
                    checked={teamsBy === 'size'}
                    onChange={() => setTeamsBy('size')}
                  />
                  {t('Teams of N')}
                </label>
              </fieldset>
              <label className="block text-xs font-semibold">
                {teamsBy === 'teams' ? t('Number of teams') : t('People per team')}
                <input
                  type="number"
                  min={1}
                  value={teams}
                  onChange={(e) => setTeams(e.target.value)}
                  className={field}
                />
              </label>
            </div>
          )}
          <div>
            <p className="text-xs font-semibold text-slate-600 dark:text-slate-400">{t('Commitment')}</p>
            {giveaway.commitment ? (
              <code data-testid="giveaway-commitment" className="block font-mono text-xs break-all">
                {giveaway.commitment.commitment}
              </code>
            ) : (
              <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
                {giveaway.problem ?? (giveaway.error ? t('Not committed.') : t('Committing the entries…'))}
              </p>
            )}
          </div>
          <label className="block text-xs font-semibold">
            {t('Client seed')}
            <input
              dir={typedDirection(giveaway.seed)}
              value={giveaway.seed}
              maxLength={MAX_CLIENT_SEED}
              onChange={(e) => giveaway.setSeed(e.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs font-normal dark:border-slate-600 dark:bg-slate-800"
            />
          </label>
          <button
            type="button"
            disabled={!giveaway.commitment || giveaway.busy || spinning}
            onClick={() => void start()}
            className={buttonClass('primary', 'sm')}
          >
            {mode === 'winners' ? t('Pick winners') : t('Make teams')}
          </button>
        </div>
      ) : (
        <div aria-live="polite">
          {result?.kind === 'winners' && (
            <WinnersList
              drawn={drawn}
              shown={shown}
              busy={giveaway.busy}
              onReroll={(p) => void giveaway.reroll(p)}
            />
          )}
          {result?.kind === 'teams' && <TeamCards drawn={drawn} />}
          <div className="mt-3 flex flex-wrap gap-2">
            {result?.kind === 'winners' && shown < winners.length && (
              <button
                type="button"
                disabled={spinning}
                onClick={() => void reveal(shown + 1, shown + 1)}
                className={buttonClass('primary', 'sm')}
              >
                {spinning ? t('Spinning…') : t('Spin for place {place}', { place: shown + 1 })}
              </button>
            )}
            <button
              type="button"
              disabled={spinning}
              onClick={giveaway.clear}
              className={buttonClass('outline', 'sm')}
            >
              {t('New draw')}
            </button>
          </div>
        </div>
      )}
      {giveaway.error && (
        <p
          role="alert"
          className="mt-2 rounded-lg border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {giveaway.error}
        </p>
      )}
    </section>
  )
}
