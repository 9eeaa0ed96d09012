import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { forgotPasswordError } from '../../../core/account/rules'
import { authApi } from '../../api/auth'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { openAuthModal } from '../../state/auth-modal-store'
import { Button } from '../../ui/button'
import { EmailField, ErrorBox } from '../../ui/field'
import { useFormSubmit } from '../../ui/use-form-submit'
import { usePageTitle } from '../../ui/use-page-title'

/** /forgot-password: ask for a reset link. The answer never tells whether the email has an account. */
export function Component() {
  usePageTitle(t('Forgot Password'))
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const { error, busy, submit, edited } = useFormSubmit()

  const send = submit(
    () => forgotPasswordError(email),
    async () => setSent((await authApi.forgotPassword(email)).message),
  )

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{t('Forgot your password?')}</h1>
        {sent ? (
          <div role="status" className="mt-4">
            <MailCheck aria-hidden className="size-10 text-green-600 dark:text-green-400" />
            <p className="mt-3 text-slate-700 dark:text-slate-200">{sent}</p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {t('The link works for one hour.')}
            </p>
          </div>
        ) : (
          <>
            <p className="mt-2 mb-5 text-slate-600 dark:text-slate-300">
              {t(
                'Enter the email address of your account and we will send you a link to choose a new password.',
              )}
            </p>
            <ErrorBox message={error} />
            <form noValidate onSubmit={send} className="space-y-4">
              <EmailField value={email} onChange={edited(setEmail)} />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? t('Sending...') : t('Send Reset Link')}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
          {t('Remembered it?')}{' '}
          <button
            type="button"
            onClick={() => openAuthModal('login')}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
          >
            {t('Sign in')}
          </button>
          {' · '}
          <Link to="/" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
            {t('Back to Home')}
          </Link>
        </p>
      </div>
    </div>
  )
}
