import { Link2Off } from 'lucide-react'
import { SHARE_MESSAGES } from '../../../core/share/protocol'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'

/** The friendly page of an unknown (404) or deleted/expired (410) link, or of a failed load. */
export function LinkProblem({
  kind,
  message,
  withLinks = true,
}: {
  kind: 'missing' | 'gone' | 'error'
  message?: string
  withLinks?: boolean
}) {
  const title =
    kind === 'gone'
      ? t('This link is no longer available')
      : kind === 'missing'
        ? t('Link not found')
        : t('The wheel could not be loaded')
  const text =
    kind === 'gone' ? t(SHARE_MESSAGES.gone) : kind === 'missing' ? t(SHARE_MESSAGES.notFound) : message
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="link-problem">
      <Link2Off aria-hidden className="mx-auto size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{text}</p>
      {withLinks && (
        <Link
          to="/wheel"
          className="mt-6 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t('Make your own wheel')}
        </Link>
      )}
    </div>
  )
}
