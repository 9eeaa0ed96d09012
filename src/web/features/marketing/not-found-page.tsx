import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { usePageTitle } from '../../ui/use-page-title'

export function Component() {
  usePageTitle(t('Page not found'))
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand-600 dark:text-brand-500">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t('Page not found')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {t('We could not find the page you asked for. It may have moved, or the link may be mistyped.')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass()}>
          {t('Back to Home')}
        </Link>
        <Link to="/wheel" className={buttonClass('outline')}>
          {t('Spin a Wheel')}
        </Link>
      </div>
    </section>
  )
}
