import { Copy, Crown } from 'lucide-react'
import { FREE_ITEM_LIMIT } from '../../../core/plan/definition'
import type { SharedWheel } from '../../../core/share/protocol'
import { isolate, t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link, useNavigate, useParams } from '../../router'
import { clearListUndo } from '../../state/list-undo'
import { usePlan } from '../../state/use-plan'
import { useWheelStore } from '../../state/wheel-store'
import { usePageTitle } from '../../ui/use-page-title'
import { TICKER_PX } from '../../ui/wheel/ticker'
import { LinkProblem } from './link-problem'
import { MadeWithWhirl } from './made-with-whirl'
import { SharedSpinner } from './shared-spinner'
import { askSharedWheelEarly, useSharedWheel } from './use-shared-wheel'

// The wheel is asked for as this page's code arrives, not after its first render.
askSharedWheelEarly()

const LISTED = 100
/** What stays in view above and below the wheel (header, name, item count, Spin, the ticker). */
const AROUND_PX = 260 + TICKER_PX

/** /w/<id>: a shared wheel under its name, ready to spin, with Make a copy. */
export function Component() {
  const { id } = useParams()
  const state = useSharedWheel(id)
  usePageTitle(
    state.kind === 'ready'
      ? state.share.name
        ? isolate(state.share.name)
        : t('Shared wheel')
      : state.kind === 'loading'
        ? t('Shared wheel')
        : t('Link not available'),
  )
  if (state.kind === 'loading') return <div className="min-h-dvh" aria-busy="true" />
  if (state.kind !== 'ready')
    return <LinkProblem kind={state.kind} message={'message' in state ? state.message : undefined} />
  return <SharedWheelView share={state.share} />
}

function SharedWheelView({ share }: { share: SharedWheel }) {
  const navigate = useNavigate()
  const plan = usePlan()
  const canCopy = share.itemCount <= plan.maxItems
  const items = share.wheel.items

  const copy = () => {
    useWheelStore.getState().openCopy(share.wheel)
    clearListUndo()
    navigate('/wheel')
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="truncate text-center text-3xl font-bold">
        <bdi>{share.name || t('Shared wheel')}</bdi>
      </h1>
      <p className="mt-1 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('{count, plural, one {A shared wheel with # item} other {A shared wheel with # items}}', {
          count: share.itemCount,
        })}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col items-center gap-3">
          <SharedSpinner wheel={share.wheel} around={AROUND_PX} />
          {share.watermark !== false && <MadeWithWhirl />}
        </div>
        <section
          aria-label={t('Items')}
          className="min-w-0 rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900"
        >
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              disabled={!canCopy}
              onClick={copy}
              className="inline-flex items-center gap-1 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600"
            >
              <Copy aria-hidden className="size-4" />
              {t('Make a copy')}
            </button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t('Loads it into your wheel, replacing the one there.')}
            </span>
          </div>
          {!canCopy && (
            <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              <Crown aria-hidden className="me-1 inline size-4" />
              {tx(
                'This wheel has more than {limit} items: copying it needs Premium. <0>Upgrade to Premium</0>',
                [<Link key="upgrade" to="/subscription" className="font-semibold underline" />],
                { limit: FREE_ITEM_LIMIT },
              )}
            </p>
          )}
          <h2 className="mt-6 text-lg font-semibold">{t('Items')}</h2>
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" data-testid="shared-items">
            {items.slice(0, LISTED).map((item) => (
              <li key={item.id} className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: item.color }}
                />
                <span className="truncate">
                  <bdi>{item.text}</bdi>
                </span>
              </li>
            ))}
          </ul>
          {items.length > LISTED && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {t('and {count, number} more on the wheel', { count: items.length - LISTED })}
            </p>
          )}
        </section>
      </div>
    </div>
  )
}
