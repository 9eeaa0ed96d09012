import { t } from '../../i18n/i18n'

/**
 * The small "Made with Whirl" mark on shared pages and embeds of free users and visitors (the server
 * says whether to show it: `watermark` in the link's answer). It sits below the wheel and its Spin
 * button, never over them, on a solid pill so it stays readable on a transparent stream overlay.
 */
export function MadeWithWhirl({ newTab = false }: { newTab?: boolean }) {
  return (
    <a
      href="/"
      data-testid="made-with-whirl"
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white/95 px-3 py-1 text-xs font-semibold text-slate-800 shadow-sm hover:underline dark:border-slate-600 dark:bg-slate-900/95 dark:text-slate-100"
    >
      {t('Made with Whirl')}
    </a>
  )
}
