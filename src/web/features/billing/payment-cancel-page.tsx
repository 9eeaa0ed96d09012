import { Ban } from 'lucide-react'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { buttonClass } from '../../ui/button-class'
import { CheckList } from '../../ui/check-list'
import { usePageTitle } from '../../ui/use-page-title'
import { freeBasicsTexts } from './plan-texts'
import { TestModeNotice } from './test-mode-notice'

/** /payment/cancel: the user left the payment provider without approving. Nothing was charged. */
export function Component() {
  usePageTitle(t('Payment Cancelled'))
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <TestModeNotice className="mb-8" />
      <Ban aria-hidden className="mx-auto size-14 text-amber-600 dark:text-amber-400" />
      <h1 className="mt-4 text-3xl font-bold">{t('Payment Cancelled')}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {t('You cancelled the payment, so no amount has been charged. Your account stays on the Free plan.')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/subscription" className={buttonClass('primary')}>
          {t('Try Again')}
        </Link>
        <Link to="/wheel" className={buttonClass('outline')}>
          {t('Use Free Version')}
        </Link>
        <Link to="/" className={buttonClass('outline')}>
          {t('Back to Home')}
        </Link>
      </div>
      <section
        aria-labelledby="free-features"
        className="mt-12 rounded-2xl bg-white p-6 text-start shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <h2 id="free-features" className="text-lg font-bold">
          {t('What you can do for free')}
        </h2>
        <CheckList items={freeBasicsTexts()} className="mt-3 space-y-2" />
      </section>
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-300">
        {tx('Questions about payment? <0>Contact Us</0> or read the <1>FAQ</1>.', [
          <Link
            key="contact"
            to="/about"
            className="font-semibold text-brand-700 underline dark:text-brand-100"
          />,
          <Link
            key="faq"
            to="/about#faq"
            className="font-semibold text-brand-700 underline dark:text-brand-100"
          />,
        ])}
      </p>
    </div>
  )
}
