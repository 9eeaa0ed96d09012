import { localizedPath } from '../../core/i18n/locales'
import { currentLocale, t } from '../i18n/i18n'
import { useRouteError } from '../router'
import { buttonClass } from '../ui/button-class'

/** Shown when a page fails to load or throws: a clear message and a way back, never a blank screen. */
export function RouteError() {
  const error = useRouteError()
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message)
  console.error(error)
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t('Something went wrong')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {chunkFailed
          ? t('This page could not be loaded. Check your connection, or reload: Whirl may have been updated.')
          : t('An unexpected error stopped this page. Your wheel is still saved in this browser.')}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClass()}>
          {t('Reload')}
        </button>
        <a href={localizedPath(currentLocale(), '/')} className={buttonClass('outline')}>
          {t('Back to Home')}
        </a>
      </div>
    </div>
  )
}
