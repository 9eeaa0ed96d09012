import { CircleCheck, CircleX, Hourglass } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { PublicDraw } from '../../../core/draws/api'
import { isolate, t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link, useParams } from '../../router'
import { usePageTitle } from '../../ui/use-page-title'
import { DrawEntries } from './draw-entries'
import { when } from './draw-time'
import { GiveawayRecord } from './giveaway-record'
import { useDrawCheck, type Verification } from './use-draw-check'

/** /draw/<id>: a draw's public record, recomputed and checked in this browser. */
export function Component() {
  const { id = '' } = useParams()
  const [attempt, setAttempt] = useState(0)
  const check = useDrawCheck(id, attempt)
  usePageTitle(check.state === 'loaded' ? t('Draw: {name}', { name: isolate(check.draw.name) }) : t('Draw'))

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {check.state === 'loading' && (
        <p aria-busy="true" className="text-slate-600 dark:text-slate-400">
          {t('Loading the draw…')}
        </p>
      )}
      {check.state === 'missing' && (
        <div>
          <h1 className="text-3xl font-bold">{t('Draw not found')}</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {t('There is no draw at this address. Check that the link was copied whole.')}
          </p>
        </div>
      )}
      {check.state === 'error' && (
        <div role="alert">
          <h1 className="text-3xl font-bold">{t('The draw could not be loaded')}</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{check.message}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-4 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            {t('Try again')}
          </button>
        </div>
      )}
      {check.state === 'loaded' && <DrawRecord draw={check.draw} verification={check.verification} />}
    </div>
  )
}

function DrawRecord({
  draw,
  verification,
}: {
  draw: PublicDraw
  verification: Verification | 'pending' | null
}) {
  const winner = draw.winnerIndex === null ? null : draw.entries[draw.winnerIndex]
  return (
    <article>
      <p className="text-sm font-semibold text-slate-500 dark:text-slate-400">{t('Verifiable draw')}</p>
      <h1 className="text-3xl font-bold break-words">
        <bdi>{draw.name}</bdi>
      </h1>
      <Verdict verification={verification} giveaway={draw.giveaway !== null} />
      <dl className="mt-6 space-y-4">
        <Field label={t('Commitment')} mono>
          {draw.commitment}
        </Field>
        <Field label={t('Committed at')}>{when(draw.createdAt)}</Field>
        <Field label="wheelHash" mono>
          {draw.wheelHash}
        </Field>
        {draw.revealedAt && (
          <>
            <Field label={t('Client seed')} mono>
              {draw.clientSeed}
            </Field>
            <Field label={t('Server seed')} mono>
              {draw.serverSeed}
            </Field>
            <Field label={t('Winner')}>
              <span data-testid="draw-winner" className="font-semibold">
                {winner
                  ? t('{name} (entry {position})', {
                      name: isolate(winner[0]),
                      position: (draw.winnerIndex as number) + 1,
                    })
                  : '—'}
              </span>
            </Field>
            <Field label={t('Revealed at')}>{when(draw.revealedAt)}</Field>
          </>
        )}
      </dl>
      <GiveawayRecord draw={draw} />
      <DrawEntries entries={draw.entries} winnerIndex={draw.winnerIndex} />
      <nav aria-label={t('Draws in this elimination')} className="mt-6 flex flex-wrap gap-4 text-sm">
        {draw.previousDrawId && (
          <Link to={`/draw/${draw.previousDrawId}`} className="text-brand-700 underline dark:text-brand-100">
            {t('← Previous draw')}
          </Link>
        )}
        {draw.nextDrawId && (
          <Link to={`/draw/${draw.nextDrawId}`} className="text-brand-700 underline dark:text-brand-100">
            {t('Next draw →')}
          </Link>
        )}
      </nav>
      <SameEntries same={draw.sameEntries} />
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        {tx(
          'This page recomputes the draw in your browser with the <0>published algorithm</0>. You can also check it with your own code.',
          [<Link key="fair" to="/fair" className="text-brand-700 underline dark:text-brand-100" />],
        )}
      </p>
    </article>
  )
}

/**
 * The host's other draws of these entries (the same entries in any order or spacing, commitments
 * never revealed included): drawing again until a friend wins shows here.
 */
function SameEntries({ same }: { same: PublicDraw['sameEntries'] }) {
  return (
    <section aria-labelledby="same-entries" className="mt-8">
      <h2 id="same-entries" className="text-xl font-bold">
        {t('Other draws of these entries')}
      </h2>
      {same.total === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t('The host made no other draw of these same entries.')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {same.total > same.draws.length
              ? t(
                  '{total, plural, one {The host made # other draw of these same entries (the newest {listed} are listed), in any order or spacing, commitments never revealed included.} other {The host made # other draws of these same entries (the newest {listed} are listed), in any order or spacing, commitments never revealed included.}} A fair host shows every one of them, not only the one they liked.',
                  { total: same.total, listed: same.draws.length },
                )
              : t(
                  '{total, plural, one {The host made # other draw of these same entries, in any order or spacing, commitments never revealed included.} other {The host made # other draws of these same entries, in any order or spacing, commitments never revealed included.}} A fair host shows every one of them, not only the one they liked.',
                  { total: same.total },
                )}
          </p>
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl bg-white text-sm shadow-sm dark:divide-slate-800 dark:bg-slate-900">
            {same.draws.map((other) => (
              <li key={other.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
                <Link to={`/draw/${other.id}`} className="text-brand-700 underline dark:text-brand-100">
                  {t('Committed {date}', { date: when(other.createdAt) })}
                </Link>
                <span className="text-slate-700 dark:text-slate-300">
                  {other.winner === null
                    ? t('Committed, never revealed')
                    : t('Winner: {name}', { name: isolate(other.winner) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function Verdict({
  verification,
  giveaway,
}: {
  verification: Verification | 'pending' | null
  giveaway: boolean
}) {
  const box = 'mt-4 flex items-start gap-3 rounded-xl border p-4'
  if (verification === null)
    return (
      <div
        role="status"
        className={`${box} border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950`}
      >
        <Hourglass aria-hidden className="size-6 shrink-0 text-amber-700 dark:text-amber-300" />
        <div>
          <p className="text-lg font-bold">{t('Committed, not yet drawn')}</p>
          <p className="text-sm">
            {t('The seed stays secret until the host spins; the commitment below fixes it.')}
          </p>
        </div>
      </div>
    )
  if (verification === 'pending')
    return (
      <p role="status" aria-busy="true" className="mt-4 text-slate-600 dark:text-slate-400">
        {t('Checking the draw in your browser…')}
      </p>
    )
  if (verification.ok)
    return (
      <div
        role="status"
        className={`${box} border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950`}
      >
        <CircleCheck aria-hidden className="size-6 shrink-0 text-emerald-700 dark:text-emerald-300" />
        <div>
          <p className="text-lg font-bold">{t('Verified')}</p>
          <p className="text-sm">
            {giveaway
              ? t(
                  'The seed matches the commitment made before the spin, the entries match the wheelHash, and the algorithm picks every winner, reroll and team shown.',
                )
              : t(
                  'The seed matches the commitment made before the spin, the entries match the wheelHash, and the algorithm picks this winner.',
                )}
          </p>
        </div>
      </div>
    )
  return (
    <div role="alert" className={`${box} border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950`}>
      <CircleX aria-hidden className="size-6 shrink-0 text-red-700 dark:text-red-300" />
      <div>
        <p className="text-lg font-bold">{t('Verification failed')}</p>
        <p className="text-sm" data-testid="failed-step">
          {verification.message}
        </p>
      </div>
    </div>
  )
}

function Field({ label, mono, children }: { label: string; mono?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className={mono ? 'font-mono text-sm break-all' : ''}>{children}</dd>
    </div>
  )
}
