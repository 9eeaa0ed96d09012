import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { PASSWORD_MIN, resetPasswordError } from '../../../core/account/rules'
import { authApi } from '../../api/auth'
import { t } from '../../i18n/i18n'
import { Link, useSearchParams } from '../../router'
import { signedIn } from '../../state/session-store'
import { Button } from '../../ui/button'
import { ErrorBox, NewPasswordFields } from '../../ui/field'
import { useFormSubmit } from '../../ui/use-form-submit'
import { usePageTitle } from '../../ui/use-page-title'

const linkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-100'

/** /reset-password?token=…: choose a new password (the registration rules), then signed in. */
export function Component() {
  usePageTitle(t('Reset Password'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [done, setDone] = useState(false)
  const { error, busy, submit, edited: edit } = useFormSubmit()

  const send = submit(
    () => resetPasswordError({ password, confirmPassword }),
    async () => {
      signedIn(await authApi.resetPassword(token, password, confirmPassword))
      setDone(true)
    },
  )

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{t('Choose a new password')}</h1>
        {done ? (
          <div role="status" className="mt-4">
            <CheckCircle2 aria-hidden className="size-10 text-green-600 dark:text-green-400" />
            <p className="mt-3">{t('Your password has been changed and you are signed in.')}</p>
            <p className="mt-4 flex flex-wrap gap-4">
              <Link to="/wheel" className={linkClass}>
                {t('Go to the wheel')}
              </Link>
              <Link to="/profile" className={linkClass}>
                {t('Your profile')}
              </Link>
            </p>
          </div>
        ) : !token ? (
          <div className="mt-4">
            <ErrorBox
              message={t(
                'This reset link is incomplete. Open the link from the mail again, or ask for a new one.',
              )}
            />
            <Link to="/forgot-password" className={linkClass}>
              {t('Ask for a new link')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-2 mb-5 text-slate-600 dark:text-slate-300">
              {t(
                'At least {min} characters. Every other device signed in to your account will be signed out.',
                { min: PASSWORD_MIN },
              )}
            </p>
            <ErrorBox message={error} />
            <form noValidate onSubmit={send} className="space-y-4">
              <NewPasswordFields
                label={t('New Password')}
                newPassword
                password={password}
                confirmPassword={confirmPassword}
                onPassword={edit(setPassword)}
                onConfirmPassword={edit(setConfirmPassword)}
              />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? t('Saving...') : t('Set New Password')}
              </Button>
            </form>
            <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
              {t('Link expired or already used?')}{' '}
              <Link to="/forgot-password" className={linkClass}>
                {t('Ask for a new link')}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  )
}
