import { ArrowLeft } from 'lucide-react'
import { t } from '../i18n/i18n'
import { useNavigate } from '../router'

/** Back to the previous page; to the home page when this page was opened directly. */
export function BackButton() {
  const navigate = useNavigate()
  return (
    <button
      type="button"
      onClick={() => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
        if (index > 0) navigate(-1)
        else navigate('/')
      }}
      className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('Back')}
    </button>
  )
}
