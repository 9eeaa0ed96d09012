import { ExternalLink, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { type ShareSummary, sharePath } from '../../../core/share/protocol'
import { sharesApi } from '../../api/shares'
import { dateTimeFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { CopyButton, outlineButton } from './copy-button'

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; shares: ShareSummary[] }
  | { kind: 'error'; message: string }

/** "Shared links" on /saved: the signed-in user's links, each with Copy and Delete. */
export function SharedLinks() {
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    sharesApi.mine().then(
      (shares) => live && setState({ kind: 'ready', shares }),
      (error: unknown) =>
        live && setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      live = false
    }
  }, [])

  const remove = async (id: string) => {
    setProblem(null)
    try {
      await sharesApi.delete(id)
      setState((s) =>
        s.kind === 'ready' ? { kind: 'ready', shares: s.shares.filter((x) => x.id !== id) } : s,
      )
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <section aria-labelledby="shared-links-title" className="mt-10">
      <h2 id="shared-links-title" className="text-2xl font-bold">
        {t('Shared links')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t('Anyone with one of these links can open the wheel. Your links stay until you delete them.')}
      </p>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {state.kind === 'loading' && (
        <p className="mt-3 text-sm" aria-busy="true">
          {t('Loading...')}
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && state.shares.length === 0 && (
        <p className="mt-3 text-sm">
          {tx('No shared links yet. Use Share on <0>the wheel</0> to make one.', [
            <Link key="wheel" to="/wheel" className="underline" />,
          ])}
        </p>
      )}
      {state.kind === 'ready' && state.shares.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm dark:divide-slate-800 dark:bg-slate-900">
          {state.shares.map((share) => (
            <li key={share.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="shared-link">
              <div className="min-w-0 flex-1">
                <Link
                  to={sharePath(share.id)}
                  className="inline-flex max-w-full items-center gap-1 font-semibold hover:underline"
                >
                  <span className="truncate">{share.name || t('Untitled wheel')}</span>
                  <ExternalLink aria-hidden className="size-3 shrink-0" />
                </Link>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t('{count, plural, one {# item} other {# items}} · shared {date}', {
                    count: share.itemCount,
                    date: dateTimeFormat().format(new Date(share.createdAt)),
                  })}
                </p>
              </div>
              <CopyButton text={`${window.location.origin}${sharePath(share.id)}`} label={t('Copy')} />
              <button
                type="button"
                className={outlineButton}
                aria-label={t('Delete the link to {name}', { name: share.name || t('Untitled wheel') })}
                onClick={() => void remove(share.id)}
              >
                <Trash2 aria-hidden className="size-4" />
                {t('Delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
