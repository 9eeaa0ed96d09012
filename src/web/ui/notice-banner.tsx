import { CircleCheck, X } from 'lucide-react'
import { t } from '../i18n/i18n'
import { closeNotice, useNoticeStore } from '../state/notice-store'

/** The notice of state/notice-store.ts, under the header on every page, until closed. */
export function NoticeBanner() {
  const notice = useNoticeStore((s) => s.notice)
  if (!notice) return null
  return (
    <div
      role="status"
      className="mx-auto mt-3 flex w-full max-w-3xl items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1">{notice}</p>
      <button type="button" aria-label={t('Close')} onClick={closeNotice}>
        <X aria-hidden className="size-4" />
      </button>
    </div>
  )
}
