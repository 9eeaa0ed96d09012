import { ChevronDown, Cookie, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link } from '../../router'
import { CONSENT_DELAY_MS, type ConsentValue, readConsent, writeConsent } from '../../state/consent-storage'
import { removeDeclinedData } from '../../state/data-removal'
import { buttonClass } from '../../ui/button-class'

const DETAILS = [
  {
    name: 'Essential',
    text: 'Keep you signed in (a secure session cookie) and keep the wheel you are building in this browser. The app cannot work without them.',
  },
  {
    name: 'Functional',
    text: 'Remember your dark or light theme, your saved wheels and your spin history in this browser. Nothing here is used for advertising or tracking.',
  },
]

export function CookieConsent() {
  const [open, setOpen] = useState(false)
  const [showDetails, setShowDetails] = useState(false)
  const titleId = useId()
  const detailsId = useId()

  useEffect(() => {
    if (readConsent()) return
    const timer = setTimeout(() => setOpen(true), CONSENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  if (!open) return null

  const choose = (value: ConsentValue) => {
    writeConsent(value)
    if (value === 'declined') void removeDeclinedData()
    setOpen(false)
  }

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      className="notice-enter print:hidden fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <Cookie aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-600 dark:text-brand-500" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            We use cookies
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Whirl keeps a few things in your browser so the app works and remembers your choices. Read more in
            our{' '}
            <Link to="/privacy-policy" className="font-medium text-brand-600 underline dark:text-brand-100">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
        <button
          type="button"
          onClick={() => setOpen(false)}
          aria-label="Close"
          className="-m-1 inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>

      <button
        type="button"
        aria-expanded={showDetails}
        aria-controls={detailsId}
        onClick={() => setShowDetails((v) => !v)}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-100"
      >
        Cookie details
        <ChevronDown
          aria-hidden
          className={`size-4 transition-transform ${showDetails ? 'rotate-180' : ''}`}
        />
      </button>
      {showDetails && (
        <dl id={detailsId} className="mt-2 space-y-2 text-sm">
          {DETAILS.map((d) => (
            <div key={d.name} className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
              <dt className="font-medium">{d.name}</dt>
              <dd className="text-slate-600 dark:text-slate-300">{d.text}</dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => choose('declined')} className={buttonClass('outline', 'sm')}>
          Decline
        </button>
        <button type="button" onClick={() => choose('accepted')} className={buttonClass('primary', 'sm')}>
          Accept All Cookies
        </button>
      </div>
    </section>
  )
}
