import { ChevronDown, Cookie, X } from 'lucide-react'
import { useId, useState } from 'react'
import { msg } from '../../../core/i18n/message-id'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { Link } from '../../router'
import { type ConsentValue, writeConsent } from '../../state/consent-storage'
import { removeDeclinedData } from '../../state/data-removal'
import { buttonClass } from '../../ui/button-class'

const DETAILS = [
  {
    name: msg('Essential'),
    text: [
      msg(
        'Keep you signed in (a secure session cookie) and keep the wheel you are building in this browser. The app cannot work without them.',
      ),
    ],
  },
  {
    name: msg('Functional'),
    text: [
      msg(
        'Remember your dark or light theme, your saved wheels and your spin history in this browser. Nothing here is used for advertising or tracking.',
      ),
      msg('The language you choose in the language menu is kept here too.'),
    ],
  },
]

/** The cookie notice (consent-host.tsx decides when it shows); `onClose` hides it. */
export function CookieConsent({ onClose }: { onClose(): void }) {
  const [showDetails, setShowDetails] = useState(false)
  const titleId = useId()
  const detailsId = useId()

  const choose = (value: ConsentValue) => {
    writeConsent(value)
    if (value === 'declined') void removeDeclinedData()
    onClose()
  }

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className="cookie-notice notice-enter print:hidden sticky bottom-0 z-50 max-h-[70dvh] overflow-y-auto border-t border-slate-200 bg-white p-3 shadow-2xl lg:fixed lg:end-3 lg:bottom-3 lg:max-w-md lg:rounded-2xl lg:border lg:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <Cookie
          aria-hidden
          className="mt-0.5 hidden size-6 shrink-0 text-brand-600 sm:block dark:text-brand-500"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            {t('We use cookies')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {tx(
              'Whirl keeps a few things in your browser so the app works and remembers your choices. Read more in our <0>Privacy Policy</0>.',
              [
                <Link
                  key="privacy"
                  to="/privacy-policy"
                  className="font-medium text-brand-600 underline dark:text-brand-100"
                />,
              ],
            )}{' '}
            <button
              type="button"
              aria-expanded={showDetails}
              aria-controls={detailsId}
              onClick={() => setShowDetails((v) => !v)}
              className="inline-flex items-center gap-1 align-bottom font-medium text-brand-700 dark:text-brand-100"
            >
              {t('Cookie details')}
              <ChevronDown
                aria-hidden
                className={`size-4 transition-transform ${showDetails ? 'rotate-180' : ''}`}
              />
            </button>
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('Close')}
          className="-m-1 inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>

      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={() => choose('declined')} className={buttonClass('outline', 'sm')}>
          {t('Decline')}
        </button>
        <button type="button" onClick={() => choose('accepted')} className={buttonClass('primary', 'sm')}>
          {t('Accept All Cookies')}
        </button>
      </div>
      {showDetails && (
        <dl id={detailsId} className="mt-2 space-y-2 text-sm">
          {DETAILS.map((d) => (
            <div key={d.name} className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
              <dt className="font-medium">{t(d.name)}</dt>
              <dd className="text-slate-600 dark:text-slate-300">{d.text.map((s) => t(s)).join(' ')}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
