import { ShieldCheck } from 'lucide-react'
import { useId } from 'react'
import { MAX_CLIENT_SEED } from '../../../core/draws/rules'
import type { Item, WheelMode } from '../../../core/wheel/model'
import { dateTimeFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { typedDirection } from '../../ui/text-input'
import { COMMITTING_TEXT, useVerifiableDraw } from './use-verifiable-draw'

export type DrawSwitchProps = { name: string; items: Item[]; mode: WheelMode }

/** The Verifiable draw switch, the commitment and the client seed (loaded for signed-in users). */
export function DrawSwitch(props: DrawSwitchProps) {
  const draw = useVerifiableDraw(props)
  const id = useId()
  return (
    <section
      aria-label={t('Verifiable draw')}
      className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="inline-flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden className="size-4 text-emerald-700 dark:text-emerald-400" />
          {t('Verifiable draw')}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={draw.enabled}
          aria-labelledby={`${id}-label`}
          onClick={draw.toggle}
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${
            draw.enabled ? 'bg-emerald-600' : 'bg-slate-300 dark:bg-slate-600'
          }`}
        >
          <span
            aria-hidden
            className={`absolute top-0.5 start-0.5 size-5 rounded-full bg-white shadow transition-transform ${
              draw.enabled ? 'translate-x-5 rtl:-translate-x-5' : ''
            }`}
          />
        </button>
      </div>
      {!draw.enabled ? (
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {tx(
            'Commit the draw before you spin, so anyone can check the result afterwards. <0>How it works</0>',
            [<Link key="fair" to="/fair" className="text-brand-700 underline dark:text-brand-100" />],
          )}
        </p>
      ) : (
        <div className="mt-3 space-y-3">
          <div>
            <p className="text-xs font-semibold text-slate-600 dark:text-slate-400">{t('Commitment')}</p>
            {draw.current ? (
              <>
                <code data-testid="draw-commitment" className="block font-mono text-xs break-all">
                  {draw.current.commitment}
                </code>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {tx('Committed at <0/>', [
                    <time key="time" dateTime={draw.current.createdAt}>
                      {dateTimeFormat({ timeStyle: 'medium' }).format(new Date(draw.current.createdAt))}
                    </time>,
                  ])}
                </p>
              </>
            ) : (
              <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
                {props.items.length === 0
                  ? t('Add items to commit a draw.')
                  : draw.committing || !draw.error
                    ? t(COMMITTING_TEXT)
                    : t('Not committed.')}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-seed`} className="block text-xs font-semibold">
              {t('Client seed')}
            </label>
            <input
              dir={typedDirection(draw.seed)}
              id={`${id}-seed`}
              value={draw.seed}
              maxLength={MAX_CLIENT_SEED}
              onChange={(e) => draw.setSeed(e.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
            />
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {tx(
                'Better still, use something your audience supplies, such as a chat message or today’s headline: then no one, not even Whirl, could know the winner before the spin. <0>How it works</0>',
                [<Link key="fair" to="/fair" className="text-brand-700 underline dark:text-brand-100" />],
              )}
            </p>
          </div>
          {draw.error && (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {draw.error}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
