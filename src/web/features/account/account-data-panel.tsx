import { Download, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { ACCOUNT_DATA_URL, accountDataApi } from '../../api/account-data'
import { ApiError } from '../../api/client'
import { t } from '../../i18n/i18n'
import { removeAccountDataFromBrowser } from '../../state/data-removal'
import { showNotice } from '../../state/notice-store'
import { refreshSession } from '../../state/session-store'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { buttonClass } from '../../ui/button-class'
import { PasswordField } from '../../ui/field'
import { StorageUsageSummary } from './storage-usage'

/** "Download my data" and "Delete my account" on /profile (the privacy policy describes both). */
export function AccountDataPanel({ leave }: { leave: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const { message } = await accountDataApi.deleteAccount(password)
      // The account's wheels and records in this browser go with it.
      await removeAccountDataFromBrowser()
      showNotice(message)
      leave()
      await refreshSession(true).catch(() => {})
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('Your account could not be deleted. Please try again.'))
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="your-data"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="your-data" className="text-lg font-semibold">
        {t('Your data')}
      </h2>
      <StorageUsageSummary />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {t(
          'One JSON file with your profile, subscriptions, the saved wheels in your account, share links, draws and contact messages.',
        )}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={ACCOUNT_DATA_URL} download className={buttonClass('outline', 'sm', 'gap-2')}>
          <Download aria-hidden className="size-4" />
          {t('Download my data')}
        </a>
        {!confirming && (
          <Button variant="danger" size="sm" className="gap-2" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('Delete my account')}
          </Button>
        )}
      </div>
      {confirming && (
        <form
          onSubmit={submit}
          className="mt-4 space-y-3 rounded-xl border border-red-200 p-4 dark:border-red-900"
        >
          <p className="text-sm">
            {t(
              'This deletes your account, profile, saved wheels in your account, share links, draws and contact messages, cancels an active subscription and signs you out on every device.',
            )}{' '}
            {t(
              'The saved wheels and spin history in this browser go too: export any wheel you want to keep from Saved Wheels first.',
            )}{' '}
            {t('Payment records stay, without your name, as billing law requires. It cannot be undone.')}
          </p>
          <PasswordField
            label={t('Password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t(
              'Signed up with Google? Leave the password empty: sign in with Google again, then delete within 10 minutes.',
            )}
          </p>
          {error && <Alert className="mb-4">{error}</Alert>}
          <div className="flex gap-3">
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              {busy ? t('Deleting…') : t('Delete my account for good')}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
              {t('Keep my account')}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
