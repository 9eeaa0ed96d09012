import { useState } from 'react'
import { DISPLAY_NAME_MAX, type RegisterFields, registerError } from '../../../core/account/rules'
import { authApi } from '../../api/auth'
import { t } from '../../i18n/i18n'
import { closeAuthModal, switchAuthView } from '../../state/auth-modal-store'
import { signedIn } from '../../state/session-store'
import { Button } from '../../ui/button'
import { EmailField, ErrorBox, Field, NewPasswordFields } from '../../ui/field'
import { useFormSubmit } from '../../ui/use-form-submit'
import { GoogleButton } from './google-button'
import { Divider } from './login-form'

const EMPTY: RegisterFields = { displayName: '', email: '', password: '', confirmPassword: '' }

/** Display name, email, password twice; checked in the spec's order before anything is sent. */
export function RegisterForm() {
  const [fields, setFields] = useState<RegisterFields>(EMPTY)
  const { error, setError, busy, submit, edited } = useFormSubmit()
  const edit = (name: keyof RegisterFields) => edited((value) => setFields((f) => ({ ...f, [name]: value })))

  const send = submit(
    () => registerError(fields),
    async () => {
      signedIn(await authApi.register(fields))
      closeAuthModal()
    },
  )

  return (
    <div>
      <ErrorBox message={error} />
      <form noValidate onSubmit={send} className="space-y-4">
        <Field
          label={t('Display Name')}
          name="displayName"
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX * 2}
          value={fields.displayName}
          onChange={edit('displayName')}
          data-autofocus
        />
        <EmailField value={fields.email} onChange={edit('email')} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          onPassword={edit('password')}
          onConfirmPassword={edit('confirmPassword')}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t('Creating Account...') : t('Create Account')}
        </Button>
      </form>
      <GoogleButton onError={setError} before={<Divider />} />
      <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-300">
        {t('Already have an account?')}{' '}
        <button
          type="button"
          onClick={() => switchAuthView('login')}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
        >
          {t('Sign in')}
        </button>
      </p>
    </div>
  )
}
