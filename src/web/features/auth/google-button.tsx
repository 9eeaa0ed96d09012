import { type ReactNode, useEffect, useState } from 'react'
import { authApi } from '../../api/auth'
import { t } from '../../i18n/i18n'

let googleConfigured: Promise<boolean> | null = null
const isGoogleConfigured = () => {
  googleConfigured ??= authApi.config().then(
    (c) => c.google,
    () => {
      googleConfigured = null
      return false
    },
  )
  return googleConfigured
}

/** For tests: ask the server again. */
export const resetGoogleConfigForTests = () => {
  googleConfigured = null
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  )
}

/**
 * 'Continue with Google' (after `before`, the "or" divider): Google's account chooser, then back to
 * this page signed in. A server without Google settings shows no button at all.
 */
export function GoogleButton({
  onError,
  before,
}: {
  onError: (message: string) => void
  before?: ReactNode
}) {
  const [available, setAvailable] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let alive = true
    void isGoogleConfigured().then((value) => alive && setAvailable(value))
    return () => {
      alive = false
    }
  }, [])

  const start = async () => {
    setBusy(true)
    try {
      const params = new URLSearchParams(window.location.search)
      params.delete('auth-error')
      params.delete('error')
      const query = params.toString()
      window.location.assign(
        await authApi.googleUrl(`${window.location.pathname}${query ? `?${query}` : ''}`),
      )
    } catch (error) {
      setBusy(false)
      onError((error as Error).message)
    }
  }

  if (available !== true) return null
  return (
    <div>
      {before}
      <button
        type="button"
        onClick={start}
        disabled={busy}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        <GoogleMark />
        {t('Continue with Google')}
      </button>
    </div>
  )
}
