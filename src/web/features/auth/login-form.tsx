import { useState } from 'react'
import { loginError } from '../../../core/account/rules'
import { authApi } from '../../api/auth'
import { t } from '../../i18n/i18n'
import { Link } from '../../router'
import { closeAuthModal, switchAuthView } from '../../state/auth-modal-store'
import { signedIn } from '../../state/session-store'
import { Button } from '../../ui/button'
import { EmailField, ErrorBox, PasswordField } from '../../ui/field'
import { useFormSubmit } from '../../ui/use-form-submit'
import { GoogleButton } from './google-button'

/** Email and password, 'Forgot your password?', Google, and the switch to registration. */
export function LoginForm({ notice }: { notice: string | null }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { error, setError, busy, submit, edited: edit } = useFormSubmit(notice)

  const send = submit(
    () => loginError({ email, password }),
    async () => {
      signedIn(await authApi.login({ email, password }))
      closeAuthModal()
    },
  )

  return (
    <div>
      <ErrorBox message={error} />
      <form noValidate onSubmit={send} className="space-y-4">
        <EmailField value={email} onChange={edit(setEmail)} data-autofocus />
        <PasswordField
          label={t('Password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={edit(setPassword)}
        />
        <div className="text-end text-sm">
          <Link
            to="/forgot-password"
            onClick={closeAuthModal}
            className="font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            {t('Forgot your password?')}
          </Link>
        </div>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('Signing In...') : t('Sign In')}
        </Button>
      </form>
      <GoogleButton onError={setError} before={<Divider />} />
      <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-300">
        {t("Don't have an account?")}{' '}
        <button
          type="button"
          onClick={() => switchAuthView('register')}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
        >
          {t('Sign up')}
        </button>
      </p>
    </div>
  )
}

export function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      {t('or')}
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  )
}
